/*
 * The invites' rules, free of server imports so the dashboard's invite list (a client component), the
 * queries and the unit tests share one definition.
 */

/** The spec's resend wait: 5 minutes after the last send. */
export const INVITE_RESEND_WAIT_MS = 5 * 60 * 1000;
/** The dashboard re-polls the invite list this often while any invite cannot be resent yet. */
export const INVITE_POLL_MS = 30 * 1000;
export const RESEND_TOOLTIP = 'Please wait 5 minutes before resending this invitation.';

/** Whether an invite may be resent: not joined, and 5 minutes since the last send. */
export function canResendInvite(invite: { sentAt: Date; joined: boolean }, now: Date): boolean {
  return !invite.joined && now.getTime() - invite.sentAt.getTime() >= INVITE_RESEND_WAIT_MS;
}
