import 'server-only';
import type { Actor } from '@/lib/kernel/actor';
import { SECOND_FACTOR_REQUIRED, secondFactorState } from '@/lib/auth/second-factor/rules';
import { assertCan } from '@/lib/kernel/policy';
import { AppError } from '@/lib/kernel/errors';
import type { DoorPermission } from './context';

/**
 * The check every door runs before its domain function: guests are refused anything but public doors
 * (401), an admin or attorney who must set up a second factor first is refused all but their own account's
 * doors (403), and a policy permission must be held by one of the actor's roles (403). Which records the actor
 * may touch is decided afterwards, in the query, by the scope loaders.
 */
export function authorizeDoor(permission: DoorPermission, actor: Actor | null, now = new Date()): void {
  if (permission === 'public') return;
  if (!actor) throw new AppError('UNAUTHENTICATED');
  if (permission === 'own') return;
  // An admin or attorney past their grace period without a second factor sets one up first (issue 31): only
  // their own account's doors (Settings → Security) stay open.
  if (secondFactorState(actor, now) === 'overdue') throw new AppError('FORBIDDEN', SECOND_FACTOR_REQUIRED);
  assertCan(actor, permission);
}

/** Marks a door with its permission, so the authorization matrix can read what each door declared. */
export function declareDoor<F extends object>(fn: F, permission: DoorPermission): F & { readonly permission: DoorPermission } {
  return Object.assign(fn, { permission });
}
