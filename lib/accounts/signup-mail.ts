import 'server-only';
import { resolveBaseUrl, siteConfig } from '@/lib/config/site';
import type { MailMessage } from '@/lib/mail/send-mail';

/*
 * Sign-up answers every well-formed request as if it created an account, so the page never tells a
 * stranger whether an address is known (docs/decisions.md, "Audit fixes: sessions, sign-in brakes, account
 * changes"). What the sign-up could not do is told to the address itself, where only its owner reads it.
 */

/** To the owner of an existing account: someone tried to sign up with their address. */
export function existingAccountMail(input: { to: string }): MailMessage {
  return {
    to: input.to,
    subject: `Someone tried to create a ${siteConfig.name} account with your email`,
    text: [
      'Hello,',
      '',
      `Someone (perhaps you) tried to create a new ${siteConfig.name} account with this email address. You already`,
      'have an account with it, so nothing was created or changed. Sign in here:',
      '',
      `${resolveBaseUrl()}/login`,
      '',
      `If you cannot sign in, write to ${siteConfig.supportEmail}. If it wasn't you, you can ignore this e-mail.`,
    ].join('\n'),
  };
}

/** To an address an advisor-created client record waits for: the account must come from the invitation's link. */
export function invitationWaitingMail(input: { to: string }): MailMessage {
  return {
    to: input.to,
    subject: `Your invitation to ${siteConfig.name} is waiting for you`,
    text: [
      'Hello,',
      '',
      `Someone (perhaps you) tried to create a ${siteConfig.name} account with this email address. Your financial`,
      'advisor has already started your living trust for you and sent you an invitation: please create your account',
      'from the link in the invitation e-mail, so that you continue where your advisor started. No account was',
      'created this time. If you cannot find the invitation, ask your advisor to send it again.',
      '',
      "If it wasn't you, you can ignore this e-mail.",
    ].join('\n'),
  };
}
