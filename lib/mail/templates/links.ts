import { pageUrl } from './template';

/*
 * The pages a mail's button opens. A link that carries a token is the mail's secret (the use case wraps it in
 * a MailSecret, lib/mail/mail-secrets.ts); opening any of them changes nothing by itself (mail scanners open
 * links): the page asks.
 */

/** The page a password link opens (its form sets the password). */
export function setPasswordLink(token: string): string {
  return pageUrl(`/set-password?token=${encodeURIComponent(token)}`);
}

/** The page that confirms an e-mail change (a Confirm button). */
export function emailChangeLink(token: string): string {
  return pageUrl(`/confirm-email?token=${encodeURIComponent(token)}`);
}

/** The absolute join link of an invitation: the advisor's hash (the referral) and the invite's token. */
export function inviteJoinLink(advisorHash: string, token: string): string {
  return pageUrl(`/join/${encodeURIComponent(advisorHash)}?invite=${encodeURIComponent(token)}`);
}

/** The sign-in page, going on to `next` once signed in. */
export function signInLink(next?: string): string {
  return pageUrl(next ? `/login?next=${encodeURIComponent(next)}` : '/login');
}
