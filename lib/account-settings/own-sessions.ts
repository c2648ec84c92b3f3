import 'server-only';
import { createHash } from 'node:crypto';
import { and, desc, eq, gt, isNull } from 'drizzle-orm';
import { db } from '@/db';
import { sessions } from '@/db/schema';
import { readSessionClaims } from '@/lib/auth/session';
import { revokeSessions } from '@/lib/auth/session-rows';
import { describeBrowser } from '@/lib/auth/user-agent';
import { formatAppDateTimeWithZone } from '@/lib/format/app-time';
import type { Actor } from '@/lib/kernel/actor';
import { audit } from '@/lib/kernel/audit';
import type { RequestContext } from '@/lib/kernel/context';
import { assertOwnSession } from './own-account';

/*
 * Where the signed-in user is signed in (Settings → Security, issue 31): their own live sessions, newest
 * first, and ending one or all the others. A session's row id is the secret inside its token, so it never
 * leaves the server: the page names a session by a handle derived from it (SHA-256, cut to 128 bits), which
 * says nothing about the id. Only the user's own sign-ins are listed and can be ended; an administrator's
 * impersonation of the user is in the household's activity, not here, and ends with the admin's session.
 * Ending takes effect on the ended browser's next request: the actor load refuses a revoked row.
 */

export type OwnSession = {
  handle: string;
  /** 'Firefox on Windows'. */
  device: string;
  /** The address the sign-in came from, as the trusted proxy settings read it (lib/http). */
  address: string | null;
  /** Near where, when a trusted proxy told it at sign-in ('Austin, Texas, United States'). */
  place: string | null;
  signedInAt: string;
  /** When a request last came with it (written every few minutes), or null when never since sign-in. */
  lastSeenAt: string | null;
  /** The browser reading the page. */
  current: boolean;
};

export const SESSION_ENDED = 'That session has been signed out.';
export const OTHER_SESSIONS_ENDED = 'Your other sessions have been signed out.';
export const NO_OTHER_SESSIONS = 'You are not signed in anywhere else.';

/** The page's name for a session: not the id, and not reversible to it. */
export function sessionHandle(id: string): string {
  return createHash('sha256').update(`session:${id}`).digest('base64url').slice(0, 22);
}

async function liveOwnRows(actor: Actor, now: Date) {
  return db
    .select({
      id: sessions.id,
      createdAt: sessions.createdAt,
      lastSeenAt: sessions.lastSeenAt,
      ip: sessions.ip,
      place: sessions.place,
      userAgent: sessions.userAgent,
    })
    .from(sessions)
    .where(and(eq(sessions.userId, actor.userId), isNull(sessions.impersonatorUserId), isNull(sessions.revokedAt), gt(sessions.expiresAt, now)))
    .orderBy(desc(sessions.createdAt), desc(sessions.id));
}

/** The session id of the request, or null (a request without a session cookie, as in tests). */
async function currentSessionId(): Promise<string | null> {
  return (await readSessionClaims())?.sid ?? null;
}

/** The user's live sessions, this browser's first. */
export async function listOwnSessions(actor: Actor, now: Date): Promise<OwnSession[]> {
  assertOwnSession(actor);
  const [rows, current] = await Promise.all([liveOwnRows(actor, now), currentSessionId()]);
  return rows
    .map((row) => ({
      handle: sessionHandle(row.id),
      device: describeBrowser(row.userAgent),
      address: row.ip,
      place: row.place,
      signedInAt: formatAppDateTimeWithZone(row.createdAt),
      lastSeenAt: row.lastSeenAt ? formatAppDateTimeWithZone(row.lastSeenAt) : null,
      current: row.id === current,
    }))
    .sort((a, b) => Number(b.current) - Number(a.current));
}

/**
 * Ends one of the user's sessions. A handle that names none of their live sessions (already ended, or not
 * theirs) changes nothing and answers the same, so a retry is harmless and nothing is learnt about others.
 * This browser's own session is ended by signing out, not here.
 */
export async function endOwnSession(ctx: RequestContext, input: { session: string }): Promise<{ message: string }> {
  assertOwnSession(ctx.actor);
  const [rows, current] = await Promise.all([liveOwnRows(ctx.actor, ctx.now), currentSessionId()]);
  const row = rows.find((r) => sessionHandle(r.id) === input.session && r.id !== current);
  if (row) {
    await db.transaction(async (tx) => {
      await revokeSessions([row.id], tx);
      await audit(tx, ctx, 'session.end', { type: 'user', id: ctx.actor.userId }, { device: describeBrowser(row.userAgent) });
    });
  }
  return { message: SESSION_ENDED };
}

/** Ends every session of the user but this browser's. */
export async function endOtherSessions(ctx: RequestContext): Promise<{ message: string }> {
  assertOwnSession(ctx.actor);
  const [rows, current] = await Promise.all([liveOwnRows(ctx.actor, ctx.now), currentSessionId()]);
  const others = rows.filter((r) => r.id !== current).map((r) => r.id);
  if (!others.length) return { message: NO_OTHER_SESSIONS };
  await db.transaction(async (tx) => {
    await revokeSessions(others, tx);
    await audit(tx, ctx, 'session.end-others', { type: 'user', id: ctx.actor.userId }, { count: others.length });
  });
  return { message: OTHER_SESSIONS_ENDED };
}
