import { AppError } from './errors';
import type { Actor } from './actor';
import type { Role } from './roles';

/*
 * The one place authorization lives, with lib/kernel/scope.ts: which roles hold each permission (here) and
 * which records an actor's scope reaches (there, as SQL). Every door declares the permission it needs
 * (lib/http/door.ts checks it) and loads the records it addresses through a scope loader.
 */
const ADVISORY: Role[] = ['advisor', 'staff', 'supervisor'];
const STAFF_SIDE: Role[] = [...ADVISORY, 'legal', 'admin'];

export const permissions = {
  // Intake: the household itself, its advisory team, attorneys and admins.
  'intake.read': ['client', ...STAFF_SIDE],
  'intake.write': ['client', ...STAFF_SIDE],
  // Full SSNs and identifiers on the review page.
  'identifiers.reveal': ['legal', 'admin'],
  'plan.submit': ['client', ...ADVISORY, 'admin'],
  'plan.status.update': ['legal', 'admin'],
  'plan.pay': ['client', ...ADVISORY, 'admin'],
  'plan.payment.acknowledge': ['legal', 'admin'],
  // A payment's receipt: the household's own, the advisor team's for their balance; within the scope.
  'payment.receipt': ['client', ...STAFF_SIDE],
  'file.view': ['client', ...STAFF_SIDE],
  'file.upload': [...ADVISORY, 'legal', 'admin'],
  'file.delete': ['admin'],
  'dashboard.view': STAFF_SIDE,
  'advisors.list': ['legal', 'admin'],
  // The legal team's work queue of submitted plans (issue 27): the roles that review them and move their status.
  'plans.queue': ['legal', 'admin'],
  'advisor.read': STAFF_SIDE,
  'advisor.create': ['admin'],
  'advisor.pay': [...ADVISORY, 'admin'],
  'client.create': [...ADVISORY, 'admin'],
  // The hidden Delete Client tool: admins, and of them only the accounts configured (lib/admin/delete-client.ts).
  'client.delete': ['admin'],
  'invite.send': [...ADVISORY, 'admin'],
  // The dashboard's 'Send reminder' to a stalled household.
  'client.remind': [...ADVISORY, 'admin'],
  'user.update': ['admin'],
  'user.resetPassword': ['admin'],
  // Acting as an advisor (admins), and, while an admin acts as an advisor, as one of that advisor's clients:
  // the advisory roles here only ever reach it through an impersonation (lib/auth/impersonate.ts checks).
  'user.impersonate': ['admin'],
  'client.actAs': ADVISORY,
  'outbox.read': ['admin'],
  // Funding the trust (issue 30): the household and its advisory team mark the steps; attorneys and admins read them.
  'funding.read': ['client', ...STAFF_SIDE],
  'funding.update': ['client', ...ADVISORY],
  // The plan summary PDF (issue 30): whoever may read the household's intake, within the same scope.
  'plan.summary.read': ['client', ...STAFF_SIDE],
  // The global audit log and its CSV export (issue 29): who did what, across every household and account.
  'audit.read': ['admin'],
  // A household's activity on its client-info page (issue 29): attorneys and admins, within their scope
  // (docs/decisions.md, "A household's activity"); a household's own clients read theirs in plain words.
  'activity.read.household': ['legal', 'admin'],
  'activity.read.own': ['client'],
  // A firm's rule that its advisors sign in with a second factor (issue 31): its supervisors (their own firms,
  // lib/advisors/firm-security.ts checks) and admins.
  'firm.security.update': ['supervisor', 'admin'],
} as const satisfies Record<string, readonly Role[]>;

export type Permission = keyof typeof permissions;

/** Whether the actor holds a permission by role. Impersonation acts with the impersonated user's roles. */
export function can(actor: Pick<Actor, 'roles'> | null, permission: Permission): boolean {
  if (!actor) return false;
  const allowed: readonly Role[] = permissions[permission];
  return actor.roles.some((role) => allowed.includes(role));
}

/** Raises UNAUTHENTICATED for guests and FORBIDDEN for actors without the permission. */
export function assertCan(actor: Actor | null, permission: Permission): asserts actor is Actor {
  if (!actor) throw new AppError('UNAUTHENTICATED');
  if (!can(actor, permission)) throw new AppError('FORBIDDEN');
}

/** Attorneys and admins reach every advisor and client. */
export function hasGlobalReach(actor: Actor): boolean {
  return actor.isAdmin || actor.isLegal;
}

/** The account a mailed secret opens: whose it is, and whether it is an admin's or an attorney's. */
export type SecretAddressee = { userId: number; isAdmin: boolean; isLegal: boolean };

/**
 * Whether the actor may read, in the outbox, a secret mailed for an account (a link that sets its password
 * or confirms its new e-mail, a temporary password) or for an invitee (`null`: no account yet). Outbox
 * readers (admins) read what goes to advisors, staff, clients and invitees: without SMTP that is how mail
 * is read (the demo). A secret that opens an admin's or an attorney's account is for its owner alone, so no
 * admin takes over another admin or an attorney through the outbox (issue 26). Whether a secret is stored
 * and live at all is the outbox's question (lib/mail/outbox.ts).
 */
export function canReadMailedSecret(actor: Actor, addressee: SecretAddressee | null): boolean {
  if (!can(actor, 'outbox.read')) return false;
  if (addressee === null || addressee.userId === actor.userId) return true;
  return !addressee.isAdmin && !addressee.isLegal;
}

export const NOT_WHILE_IMPERSONATING = 'This is not available while acting as another user.';

/**
 * Refuses (403) what an admin may never do while acting as someone (issue 21): change a password, a sign-in
 * email or a payment method, delete anything, impersonate further. Settings refuse impersonation through
 * lib/account-settings/own-account.ts; payment-method doors call this.
 */
export function assertNotImpersonating(actor: Pick<Actor, 'impersonator'>, message = NOT_WHILE_IMPERSONATING): void {
  if (actor.impersonator) throw new AppError('FORBIDDEN', message);
}
