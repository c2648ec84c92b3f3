import { siteConfig } from '@/lib/config/site';
import { renderMail } from '../layout';
import type { MailMessage } from '../send-mail';
import { signInLink } from './links';
import { greeting, mailTemplate, SAMPLE } from './template';

/*
 * Sign-up answers every well-formed request as if it created an account, so the page never tells a stranger
 * whether an address is known (docs/decisions.md, "Audit fixes: sessions, sign-in brakes, account changes").
 * What the sign-up could not do is told to the address itself, where only its owner reads it. No name: the
 * sign-up path does the same work for every address, and the person who typed it may not be the owner.
 */

const site = siteConfig.name;
const footer = [`You receive this because this address was entered on the ${site} sign-up page.`];

/** To the owner of an existing account: someone tried to sign up with their address. */
export function existingAccountMail(p: { to: string }): MailMessage {
  return {
    to: p.to,
    subject: `Someone tried to create a ${site} account with your email`,
    ...renderMail({
      greeting: greeting(null),
      paragraphs: [
        `Someone (perhaps you) tried to create a new ${site} account with this email address. You already have an account with it, so nothing was created or changed.`,
      ],
      button: { label: 'Sign in', url: signInLink() },
      closing: [`If you cannot sign in, write to ${siteConfig.supportEmail}. If it wasn't you, you can ignore this e-mail.`],
      footer,
    }),
  };
}

/** To an address an advisor-created client record waits for: the account must come from the invitation's link. */
export function invitationWaitingMail(p: { to: string }): MailMessage {
  return {
    to: p.to,
    subject: `Your invitation to ${site} is waiting for you`,
    ...renderMail({
      greeting: greeting(null),
      paragraphs: [
        `Someone (perhaps you) tried to create a ${site} account with this email address. Your financial advisor has already started your living trust for you and sent you an invitation: please create your account from the link in the invitation e-mail, so that you continue where your advisor started.`,
        'No account was created this time. If you cannot find the invitation, ask your advisor to send it again.',
      ],
      closing: ["If it wasn't you, you can ignore this e-mail."],
      footer,
    }),
  };
}

export const signUpTemplates = [
  mailTemplate({
    name: 'sign-up-existing-account',
    title: 'Sign-up with a known address',
    description: 'To the owner of an account when someone signs up again with its address (the page answers as if an account was created).',
    sample: { to: SAMPLE.email },
    render: existingAccountMail,
  }),
  mailTemplate({
    name: 'sign-up-invitation-waiting',
    title: 'Sign-up while an invitation waits',
    description: 'To an address an advisor’s client record waits for, when it signs up without the invitation’s link.',
    sample: { to: SAMPLE.email },
    render: invitationWaitingMail,
  }),
];
