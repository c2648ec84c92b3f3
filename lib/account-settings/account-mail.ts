import 'server-only';
import { resolveBaseUrl, siteConfig } from '@/lib/config/site';
import type { MailSecret } from '@/lib/mail/mail-secrets';
import type { MailMessage } from '@/lib/mail/send-mail';

/*
 * The mails about a user's own account: confirming a new sign-in email, and telling the account's address
 * about changes to its credentials (so a borrowed session or a guessed password cannot change them
 * silently). They carry no secret besides the confirmation link, which goes to the new address only (the
 * outbox keeps it apart, as that mail's secret: lib/mail/mail-secrets.ts).
 */

const signature = ['', `The ${siteConfig.name} team`].join('\n');
const notYou = `If this wasn't you, sign in and change your password right away, and write to ${siteConfig.supportEmail}.`;

/** The link that confirms an email change (a page with a Confirm button; opening it changes nothing). */
export function emailChangeLink(token: string): string {
  return `${resolveBaseUrl()}/confirm-email?token=${encodeURIComponent(token)}`;
}

/** To the new address: the link that confirms it. */
export function confirmNewEmailMail(input: { to: string; link: MailSecret; hours: number }): MailMessage {
  return {
    to: input.to,
    subject: `Confirm your new ${siteConfig.name} sign-in email`,
    text: [
      'Hello,',
      '',
      `You asked to sign in to ${siteConfig.name} with this email address from now on. To confirm, open this link`,
      `within ${input.hours} hours and press Confirm:`,
      '',
      input.link.value,
      '',
      'Until then you keep signing in with your current address. If you did not ask for this, ignore this',
      'e-mail: nothing changes.',
      signature,
    ].join('\n'),
    secret: input.link,
  };
}

/** To the current address: someone signed in to the account asked to move it to another address. */
export function emailChangeRequestedMail(input: { to: string; newEmail: string }): MailMessage {
  return {
    to: input.to,
    subject: `Your ${siteConfig.name} sign-in email is about to change`,
    text: [
      'Hello,',
      '',
      `Someone signed in to your ${siteConfig.name} account asked to change its sign-in email to ${input.newEmail}.`,
      'The change happens only when the link we sent to that address is opened and confirmed.',
      '',
      notYou,
      signature,
    ].join('\n'),
  };
}

/** To the former address: the change was confirmed. */
export function emailChangedMail(input: { to: string; newEmail: string }): MailMessage {
  return {
    to: input.to,
    subject: `Your ${siteConfig.name} sign-in email was changed`,
    text: [
      'Hello,',
      '',
      `Your ${siteConfig.name} account now signs in with ${input.newEmail}; this address is no longer used for it.`,
      '',
      `If this wasn't you, write to ${siteConfig.supportEmail} right away.`,
      signature,
    ].join('\n'),
  };
}

/** To the account's address: its password was changed. */
export function passwordChangedMail(input: { to: string }): MailMessage {
  return {
    to: input.to,
    subject: `Your ${siteConfig.name} password was changed`,
    text: [
      'Hello,',
      '',
      `The password of your ${siteConfig.name} account was changed. Other browsers signed in to it were signed out.`,
      '',
      `If this wasn't you, write to ${siteConfig.supportEmail} right away.`,
      signature,
    ].join('\n'),
  };
}
