import 'server-only';
import type { Actor } from '@/lib/kernel/actor';
import { assertCan } from '@/lib/kernel/policy';
import { AppError } from '@/lib/kernel/errors';
import type { DoorPermission } from './context';

/**
 * The check every door runs before its domain function: guests are refused anything but public doors
 * (401), and a policy permission must be held by one of the actor's roles (403). Which records the actor
 * may touch is decided afterwards, in the query, by the scope loaders.
 */
export function authorizeDoor(permission: DoorPermission, actor: Actor | null): void {
  if (permission === 'public') return;
  if (!actor) throw new AppError('UNAUTHENTICATED');
  if (permission !== 'own') assertCan(actor, permission);
}

/** Marks a door with its permission, so the authorization matrix can read what each door declared. */
export function declareDoor<F extends object>(fn: F, permission: DoorPermission): F & { readonly permission: DoorPermission } {
  return Object.assign(fn, { permission });
}
