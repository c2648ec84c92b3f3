import { localPath } from '@/lib/config/local-path';
import { siteConfig } from '@/lib/config/site';
import type { Actor } from '@/lib/kernel/actor';
import { can } from '@/lib/kernel/policy';

// Kept importable from here (redirects, the inbox page); it lives in lib/config, below the features, so that
// lib/notifications can use it while lib/auth raises notices (no folder circle).
export { localPath };

/** Where a signed-in user without any role (e.g. a client row removed by an admin) is told so. */
export const NO_ACCESS_PATH = '/no-access';

/**
 * Where a user lands after signing in: clients on their intake, the advisory side, attorneys and admins on
 * the dashboard (an admin who is also a client too), and a user with no role on the no-access page (never
 * a redirect loop between the two homes).
 */
export function landingPathFor(actor: Pick<Actor, 'roles'>): string {
  if (can(actor as Actor, 'dashboard.view')) return '/dashboard';
  if (actor.roles.includes('client')) return '/client-info';
  return NO_ACCESS_PATH;
}

// Targets that make no sense after signing in (or are not pages at all).
const NOT_A_DESTINATION = /^\/(?:login|logout|api)(?:[/?#]|$)/i;

/**
 * Where to go after signing in, from the `next` of the login page and form post: a local path (localPath) that
 * is a page worth landing on (not login, logout or an API route); null otherwise.
 */
export function safeRedirectPath(next: unknown, siteUrl: string = siteConfig.baseUrl): string | null {
  const path = localPath(next, siteUrl);
  return path && !NOT_A_DESTINATION.test(path) ? path : null;
}
