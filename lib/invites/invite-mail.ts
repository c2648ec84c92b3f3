import 'server-only';
import { createHash, randomBytes } from 'node:crypto';
import { resolveBaseUrl } from '@/lib/config/site';
import type { MailSecret } from '@/lib/mail/mail-secrets';
import type { MailMessage } from '@/lib/mail/send-mail';

/*
 * An invitation's join link carries the advisor's hash (the referral) and a random token naming the invite.
 * Only the token's SHA-256 is stored; a resend issues a new token, so the latest e-mail's link is the one
 * that names the invite (joining with the invited e-mail works from any link, or none). The link is its
 * mail's secret (lib/mail/mail-secrets.ts): dropped from the outbox when sent, replaced or joined.
 */

/** The outbox key of the links mailed for an invitation. */
export const inviteRef = (inviteId: number) => `invite:${inviteId}`;

/** A new link token and the hash stored for it. */
export function newInviteToken(): { token: string; tokenHash: string } {
  const token = randomBytes(24).toString('base64url');
  return { token, tokenHash: hashInviteToken(token) };
}

export function hashInviteToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

/** The absolute join link of an invitation. */
export function inviteJoinLink(advisorHash: string, token: string): string {
  return `${resolveBaseUrl()}/join/${encodeURIComponent(advisorHash)}?invite=${encodeURIComponent(token)}`;
}

/** An invitation's join link as its mail's secret: for no account yet, until joined or replaced by a resend. */
export function inviteLinkSecret(inviteId: number, advisorHash: string, token: string): MailSecret {
  return { value: inviteJoinLink(advisorHash, token), kind: 'link', userId: null, ref: inviteRef(inviteId), expiresAt: null };
}

/** The invitation e-mail: who invites, and the link to create the account that joins the advisor's record. */
export function inviteMail(input: { to: string; clientName: string; advisorName: string; link: MailSecret }): MailMessage {
  const greeting = input.clientName.trim() ? `Hello ${input.clientName.trim()},` : 'Hello,';
  return {
    to: input.to,
    subject: `${input.advisorName} invited you to prepare your living trust`,
    text: [
      greeting,
      '',
      `${input.advisorName} has invited you to prepare your living trust online with Trustwell.`,
      'Create your account with this link to continue where your advisor started:',
      '',
      input.link.value,
      '',
      'If you did not expect this invitation, you can ignore this e-mail.',
    ].join('\n'),
    secret: input.link,
  };
}

/** The 'Send reminder' e-mail: a link back to the intake. */
export function reminderMail(input: { to: string; clientName: string; advisorName: string; link: string }): MailMessage {
  return {
    to: input.to,
    subject: 'Your living trust is waiting for you',
    text: [
      `Hello ${input.clientName.trim() || 'there'},`,
      '',
      `${input.advisorName} noticed that your living trust questionnaire has not changed for a while.`,
      'Pick up where you left off (your answers are saved):',
      '',
      input.link,
      '',
      'Questions? Reply to your advisor, or contact our support team.',
    ].join('\n'),
  };
}
