import { siteConfig } from '@/lib/config/site';
import { renderMail } from '../layout';
import type { MailSecret } from '../mail-secrets';
import type { MailMessage } from '../send-mail';
import { setPasswordLink, signInLink } from './links';
import { greeting, mailTemplate, pageUrl, SAMPLE, sampleLink, SECURITY_FOOTER, SIGN_OFF } from './template';

/*
 * The mails that let someone choose a password (an account an admin created, a forgotten password, a
 * temporary password an admin had sent) and the notice that it changed. The link and the temporary password
 * are the mails' secrets: the outbox stores them apart, encrypted, until sent, used, replaced or expired.
 */

const site = siteConfig.name;

/** To a user an admin created: choose a password within 72 hours. */
export function accountCreatedMail(p: { to: string; name: string; link: MailSecret; hours: number }): MailMessage {
  return {
    to: p.to,
    subject: `Your ${site} account is ready: choose your password`,
    ...renderMail({
      greeting: greeting(p.name),
      paragraphs: [`An administrator created a ${site} account for you. To start, choose your password within ${p.hours} hours.`],
      button: { label: 'Choose your password', url: p.link.value },
      closing: ['The link works once. If it has expired, use "Forgot your password?" on the sign-in page.', SIGN_OFF],
      footer: SECURITY_FOOTER,
    }),
    secret: p.link,
  };
}

/** To an address someone asked a reset for: the link, valid for an hour. */
export function passwordResetMail(p: { to: string; name?: string | null; link: MailSecret; minutes: number }): MailMessage {
  return {
    to: p.to,
    subject: `Reset your ${site} password`,
    ...renderMail({
      greeting: greeting(p.name),
      paragraphs: [
        `Someone asked to reset the password of the ${site} account of this address. To choose a new password, open the link within ${p.minutes} minutes.`,
      ],
      button: { label: 'Choose a new password', url: p.link.value },
      closing: ['The link works once. If you did not ask for this, ignore this e-mail: your password stays as it is.', SIGN_OFF],
      footer: SECURITY_FOOTER,
    }),
    secret: p.link,
  };
}

/** To a user whose password an admin reset: the temporary password, which signs in once to set a new one. */
export function temporaryPasswordMail(p: { to: string; name: string; password: MailSecret }): MailMessage {
  return {
    to: p.to,
    subject: `Your new ${site} password`,
    ...renderMail({
      greeting: greeting(p.name),
      paragraphs: [
        `An administrator reset the password of your ${site} account. Your temporary password is:`,
        { code: p.password.value },
        'It works for one sign-in, which asks you to choose a new password right away. You were signed out everywhere.',
      ],
      button: { label: 'Sign in', url: signInLink() },
      closing: [`If you did not expect this, write to ${siteConfig.supportEmail}.`, SIGN_OFF],
      footer: SECURITY_FOOTER,
    }),
    secret: p.password,
  };
}

/** To the account's address: its password was changed (in Settings). */
export function passwordChangedMail(p: { to: string; name?: string | null }): MailMessage {
  return {
    to: p.to,
    subject: `Your ${site} password was changed`,
    ...renderMail({
      greeting: greeting(p.name),
      paragraphs: [`The password of your ${site} account was changed. Other browsers signed in to it were signed out.`],
      button: { label: 'Open your settings', url: pageUrl('/settings') },
      closing: [`If this wasn't you, write to ${siteConfig.supportEmail} right away.`, SIGN_OFF],
      footer: SECURITY_FOOTER,
    }),
  };
}

export const passwordTemplates = [
  mailTemplate({
    name: 'account-created',
    title: 'Account created',
    description: 'To an advisor or staff user an administrator created: a link to choose the first password (Admin, Create advisor).',
    sample: { to: SAMPLE.email, name: SAMPLE.firstName, link: sampleLink(setPasswordLink(SAMPLE.token)), hours: 72 },
    render: accountCreatedMail,
  }),
  mailTemplate({
    name: 'password-reset',
    title: 'Password reset',
    description: 'To the address of an account whose password someone asked to reset on the sign-in page: a one-hour link.',
    sample: { to: SAMPLE.email, name: SAMPLE.firstName, link: sampleLink(setPasswordLink(SAMPLE.token)), minutes: 60 },
    render: passwordResetMail,
  }),
  mailTemplate({
    name: 'temporary-password',
    title: 'Temporary password',
    description: 'To a user whose password an administrator reset in User Management: a password for one sign-in.',
    sample: {
      to: SAMPLE.email,
      name: SAMPLE.firstName,
      password: { value: SAMPLE.temporaryPassword, kind: 'password', userId: null, ref: 'preview', expiresAt: null },
    },
    render: temporaryPasswordMail,
  }),
  mailTemplate({
    name: 'password-changed',
    title: 'Password changed',
    description: 'To the account’s address after its owner changed the password in Settings.',
    sample: { to: SAMPLE.email, name: SAMPLE.firstName },
    render: passwordChangedMail,
  }),
];
