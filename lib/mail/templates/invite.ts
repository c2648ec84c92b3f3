import { siteConfig } from '@/lib/config/site';
import { renderMail } from '../layout';
import type { MailSecret } from '../mail-secrets';
import type { MailMessage } from '../send-mail';
import { inviteJoinLink, signInLink } from './links';
import { greeting, mailTemplate, SAMPLE, sampleLink } from './template';

/*
 * The mails an advisor sends a client: the invitation (its join link is the mail's secret, dropped from the
 * outbox when sent, replaced by a resend or joined) and 'Send reminder', a link back to the intake.
 */

const site = siteConfig.name;

/** The invitation e-mail: who invites, and the link to create the account that joins the advisor's record. */
export function inviteMail(p: { to: string; clientName: string; advisorName: string; link: MailSecret }): MailMessage {
  return {
    to: p.to,
    subject: `${p.advisorName} invited you to prepare your living trust`,
    ...renderMail({
      greeting: greeting(p.clientName),
      paragraphs: [
        `${p.advisorName} has invited you to prepare your living trust online with ${site}. Create your account to continue where your advisor started.`,
      ],
      button: { label: 'Create your account', url: p.link.value },
      closing: ['If you did not expect this invitation, you can ignore this e-mail.'],
      footer: [`You receive this because ${p.advisorName} entered this address to invite you to ${site}.`],
    }),
    secret: p.link,
  };
}

/** The 'Send reminder' e-mail: sign in, then the intake. */
export function reminderMail(p: { to: string; clientName: string; advisorName: string }): MailMessage {
  return {
    to: p.to,
    subject: 'Your living trust is waiting for you',
    ...renderMail({
      greeting: greeting(p.clientName),
      paragraphs: [
        `${p.advisorName} noticed that your living trust questionnaire has not changed for a while. Pick up where you left off: your answers are saved.`,
      ],
      button: { label: 'Continue your questionnaire', url: signInLink('/client-info') },
      closing: ['Questions? Reply to your advisor, or contact our support team.'],
      footer: [`You receive this because ${p.advisorName} sent you a reminder from ${site}.`],
    }),
  };
}

export const inviteTemplates = [
  mailTemplate({
    name: 'invite',
    title: 'Invitation',
    description: 'To a client an advisor invites (New Client, Invites; sent again by Resend): the link that creates the account.',
    sample: {
      to: SAMPLE.email,
      clientName: SAMPLE.clientName,
      advisorName: SAMPLE.advisorName,
      link: sampleLink(inviteJoinLink('sAmPlEaDvIsOr', SAMPLE.token)),
    },
    render: inviteMail,
  }),
  mailTemplate({
    name: 'intake-reminder',
    title: 'Reminder to continue the intake',
    description: "To each client of a household when the advisor presses 'Send reminder' on the dashboard (at most once a day).",
    sample: { to: SAMPLE.email, clientName: SAMPLE.firstName, advisorName: SAMPLE.advisorName },
    render: reminderMail,
  }),
];
