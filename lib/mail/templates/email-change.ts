import { siteConfig } from '@/lib/config/site';
import { renderMail } from '../layout';
import type { MailSecret } from '../mail-secrets';
import type { MailMessage } from '../send-mail';
import { emailChangeLink } from './links';
import { greeting, mailTemplate, pageUrl, SAMPLE, sampleLink, SECURITY_FOOTER, SIGN_OFF } from './template';

/*
 * The mails about an account's sign-in e-mail: the link that confirms a new address (its secret, to the new
 * address only), and word to the account's address when a change is asked, made, or made by an
 * administrator (so a borrowed session cannot move an account silently).
 */

const site = siteConfig.name;
const settings = { label: 'Open your settings', url: () => pageUrl('/settings') };

/**
 * To the new address: the link that confirms it. No name: the address is not yet proven to be the user's,
 * and a mistyped one would tell a stranger who has an account.
 */
export function confirmNewEmailMail(p: { to: string; link: MailSecret; hours: number }): MailMessage {
  return {
    to: p.to,
    subject: `Confirm your new ${site} sign-in email`,
    ...renderMail({
      greeting: greeting(null),
      paragraphs: [`You asked to sign in to ${site} with this email address from now on. To confirm, open the link within ${p.hours} hours and press Confirm.`],
      button: { label: 'Confirm this address', url: p.link.value },
      closing: ['Until then you keep signing in with your current address. If you did not ask for this, ignore this e-mail: nothing changes.', SIGN_OFF],
      footer: SECURITY_FOOTER,
    }),
    secret: p.link,
  };
}

/** To the current address: someone signed in to the account asked to move it to another address. */
export function emailChangeRequestedMail(p: { to: string; name?: string | null; newEmail: string }): MailMessage {
  return {
    to: p.to,
    subject: `Your ${site} sign-in email is about to change`,
    ...renderMail({
      greeting: greeting(p.name),
      paragraphs: [
        `Someone signed in to your ${site} account asked to change its sign-in email to ${p.newEmail}. The change happens only when the link we sent to that address is opened and confirmed.`,
      ],
      button: { label: settings.label, url: settings.url() },
      closing: [`If this wasn't you, sign in and change your password right away, and write to ${siteConfig.supportEmail}.`, SIGN_OFF],
      footer: SECURITY_FOOTER,
    }),
  };
}

/** To the former address: the change was confirmed. */
export function emailChangedMail(p: { to: string; name?: string | null; newEmail: string }): MailMessage {
  return {
    to: p.to,
    subject: `Your ${site} sign-in email was changed`,
    ...renderMail({
      greeting: greeting(p.name),
      paragraphs: [`Your ${site} account now signs in with ${p.newEmail}; this address is no longer used for it.`],
      closing: [`If this wasn't you, write to ${siteConfig.supportEmail} right away.`, SIGN_OFF],
      footer: SECURITY_FOOTER,
    }),
  };
}

/** To a user's former address after an administrator changed the sign-in email. */
export function emailChangedByAdminMail(p: { to: string; name?: string | null; newEmail: string }): MailMessage {
  return {
    to: p.to,
    subject: `Your ${site} sign-in email was changed`,
    ...renderMail({
      greeting: greeting(p.name),
      paragraphs: [
        `An administrator changed the sign-in email of your ${site} account to ${p.newEmail}; this address is no longer used for it. You were signed out everywhere.`,
      ],
      closing: [`If you did not expect this, write to ${siteConfig.supportEmail} right away.`, SIGN_OFF],
      footer: SECURITY_FOOTER,
    }),
  };
}

export const emailChangeTemplates = [
  mailTemplate({
    name: 'confirm-new-email',
    title: 'Confirm a new sign-in email',
    description: 'To the new address a user asked for in Settings: the link that makes the change (24 hours).',
    sample: { to: SAMPLE.newEmail, link: sampleLink(emailChangeLink(SAMPLE.token)), hours: 24 },
    render: confirmNewEmailMail,
  }),
  mailTemplate({
    name: 'email-change-requested',
    title: 'Sign-in email about to change',
    description: 'To the current address when a change to another address is asked in Settings.',
    sample: { to: SAMPLE.email, name: SAMPLE.firstName, newEmail: SAMPLE.newEmail },
    render: emailChangeRequestedMail,
  }),
  mailTemplate({
    name: 'email-changed',
    title: 'Sign-in email changed',
    description: 'To the former address once the new one was confirmed from its link.',
    sample: { to: SAMPLE.email, name: SAMPLE.firstName, newEmail: SAMPLE.newEmail },
    render: emailChangedMail,
  }),
  mailTemplate({
    name: 'email-changed-by-admin',
    title: 'Sign-in email changed by an administrator',
    description: 'To the former address after an administrator changed it in User Management.',
    sample: { to: SAMPLE.email, name: SAMPLE.firstName, newEmail: SAMPLE.newEmail },
    render: emailChangedByAdminMail,
  }),
];
