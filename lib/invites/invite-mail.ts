import 'server-only';
import { createHash, randomBytes } from 'node:crypto';
import type { MailSecret } from '@/lib/mail/mail-secrets';
import { inviteJoinLink } from '@/lib/mail/templates/links';

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

/** An invitation's join link as its mail's secret: for no account yet, until joined or replaced by a resend. */
export function inviteLinkSecret(inviteId: number, advisorHash: string, token: string): MailSecret {
  return { value: inviteJoinLink(advisorHash, token), kind: 'link', userId: null, ref: inviteRef(inviteId), expiresAt: null };
}
