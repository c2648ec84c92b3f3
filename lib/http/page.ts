import 'server-only';
import { headers } from 'next/headers';
import { notFound, redirect } from 'next/navigation';
import { getActor } from '@/lib/auth/actor';
import type { Actor } from '@/lib/kernel/actor';
import { landingPathFor } from '@/lib/auth/landing';
import { secondFactorState } from '@/lib/auth/second-factor/rules';
import { can, type Permission } from '@/lib/kernel/policy';
import type { RequestContext } from '@/lib/kernel/context';
import { AppError } from '@/lib/kernel/errors';
import { clientAddress, clientPlace, userAgentOf } from './request';

/**
 * The door of a page: the signed-in actor, or a redirect. Guests go to sign in and come back to `from`;
 * a user whose roles lack the permission goes to their own home (their dashboard, their intake, or the
 * no-access page), never to an error. Records a page addresses are then loaded through the scope loaders,
 * which answer notFound() for anything outside the actor's reach.
 */
export async function requireActor(permission: Permission | 'signed-in', from: string): Promise<Actor> {
  const actor = await getActor();
  if (!actor) redirect(`/login?${new URLSearchParams({ next: from })}`);
  // Past the grace period without a second factor: Settings → Security first (issue 31).
  if (!from.startsWith('/settings') && secondFactorState(actor, new Date()) === 'overdue') redirect('/settings?tab=security');
  if (permission !== 'signed-in' && !can(actor, permission)) redirect(landingPathFor(actor));
  return actor;
}

/** requireActor plus the request context a page hands to domain reads and loaders. */
export async function requirePageContext(permission: Permission | 'signed-in', from: string): Promise<RequestContext> {
  const actor = await requireActor(permission, from);
  const requestHeaders = await headers();
  return { actor, ip: clientAddress(requestHeaders), userAgent: userAgentOf(requestHeaders), place: clientPlace(requestHeaders), now: new Date() };
}

/** Out of scope, unknown or malformed: the app's 404 page, the same answer for each (nobody learns more). */
export async function orNotFound<T>(load: () => Promise<T>): Promise<T> {
  try {
    return await load();
  } catch (error) {
    if (error instanceof AppError && error.code === 'NOT_FOUND') notFound();
    throw error;
  }
}
