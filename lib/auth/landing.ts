import type { Actor } from './actor';

/** Where a user lands after signing in: clients on their intake, everyone else on the dashboard. */
export function landingPathFor(actor: Pick<Actor, 'isClient' | 'isAdmin' | 'isLegal' | 'isAdvisory'>): string {
  return actor.isClient && !actor.isAdmin && !actor.isLegal && !actor.isAdvisory ? '/client-info' : '/dashboard';
}

/** A post-sign-in destination from the query string, only if it is a local path. */
export function safeNextPath(next: unknown): string | null {
  if (typeof next !== 'string' || !next.startsWith('/') || next.startsWith('//') || next.startsWith('/\\')) return null;
  if (next.startsWith('/login') || next.startsWith('/logout') || next.startsWith('/api/')) return null;
  return next;
}
