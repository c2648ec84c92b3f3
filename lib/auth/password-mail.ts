import 'server-only';
import { resolveBaseUrl, siteConfig } from '@/lib/config/site';
import type { MailSecret } from '@/lib/mail/mail-secrets';
import type { MailMessage } from '@/lib/mail/send-mail';

/*
 * The mails that let someone choose a password: an account an admin created, a forgotten password, a
 * temporary password an admin had sent. The link and the temporary password are the mails' secrets: the
 * outbox stores them apart, encrypted, until sent, used, replaced or expired, and shows them to nobody but
 * whom the policy allows (lib/mail/mail-secrets.ts).
 */

const signature = ['', `The ${siteConfig.name} team`].join('\n');

/** The page a password link opens (its form sets the password; opening it changes nothing). */
export function setPasswordLink(token: string): string {
  return `${resolveBaseUrl()}/set-password?token=${encodeURIComponent(token)}`;
}

/** To a user an admin created: choose a password within 72 hours. */
export function accountCreatedMail(input: { to: string; name: string; link: MailSecret; hours: number }): MailMessage {
  return {
    to: input.to,
    subject: `Your ${siteConfig.name} account is ready: choose your password`,
    text: [
      `Hello ${input.name},`,
      '',
      `An administrator created a ${siteConfig.name} account for you. To start, open this link within ${input.hours} hours`,
      'and choose your password:',
      '',
      input.link.value,
      '',
      'The link works once. If it has expired, use "Forgot your password?" on the sign-in page.',
      signature,
    ].join('\n'),
    secret: input.link,
  };
}

/** To an address someone asked a reset for: the link, valid for an hour. */
export function passwordResetMail(input: { to: string; link: MailSecret; minutes: number }): MailMessage {
  return {
    to: input.to,
    subject: `Reset your ${siteConfig.name} password`,
    text: [
      'Hello,',
      '',
      `Someone asked to reset the password of the ${siteConfig.name} account of this address. To choose a new password,`,
      `open this link within ${input.minutes} minutes:`,
      '',
      input.link.value,
      '',
      'The link works once. If you did not ask for this, ignore this e-mail: your password stays as it is.',
      signature,
    ].join('\n'),
    secret: input.link,
  };
}

/** To a user whose password an admin reset: the temporary password, which signs in once to set a new one. */
export function temporaryPasswordMail(input: { to: string; name: string; password: MailSecret }): MailMessage {
  return {
    to: input.to,
    subject: `Your new ${siteConfig.name} password`,
    text: [
      `Hello ${input.name},`,
      '',
      `An administrator reset the password of your ${siteConfig.name} account. Your temporary password is:`,
      '',
      `    ${input.password.value}`,
      '',
      'It works for one sign-in, which asks you to choose a new password right away. You were signed out',
      'everywhere.',
      '',
      `If you did not expect this, write to ${siteConfig.supportEmail}.`,
      signature,
    ].join('\n'),
    secret: input.password,
  };
}

/** To a user's former address after an admin changed the sign-in email. */
export function emailChangedByAdminMail(input: { to: string; newEmail: string }): MailMessage {
  return {
    to: input.to,
    subject: `Your ${siteConfig.name} sign-in email was changed`,
    text: [
      'Hello,',
      '',
      `An administrator changed the sign-in email of your ${siteConfig.name} account to ${input.newEmail}; this address`,
      'is no longer used for it. You were signed out everywhere.',
      '',
      `If you did not expect this, write to ${siteConfig.supportEmail} right away.`,
      signature,
    ].join('\n'),
  };
}
