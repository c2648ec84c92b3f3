import 'server-only';
import { randomBytes } from 'node:crypto';
import { and, eq, inArray, isNull, ne, or, sql } from 'drizzle-orm';
import { db, type Queryable } from '@/db';
import { sessions } from '@/db/schema';

/*
 * The server's record of sessions (db/schema/sessions.ts). A session token carries its row's random id
 * (`sid`); the actor load (lib/auth/actor.ts) accepts a token only while that row is there, unrevoked and
 * before its end, in the same statement that loads the user. Logout revokes the row, so a copy of the
 * cookie is worthless afterwards.
 */

/**
 * How often a session's last-seen time is written: at most once in this many seconds per session, so "last
 * active" in Settings → Security is accurate to a few minutes and a busy session costs no write per request.
 */
export const SEEN_EVERY_SECONDS = 300;

/** Records that a request came with this session now (the actor load calls it when the last write is old). */
export async function markSessionSeen(id: string, q: Queryable = db): Promise<void> {
  await q.execute(
    sql`update ${sessions} set last_seen_at = now() where id = ${id} and (last_seen_at is null or last_seen_at < now() - make_interval(secs => ${SEEN_EVERY_SECONDS}))`,
  );
}

/** How many ended rows one sign-in clears at most: pruning is a side job and never slows a sign-in much. */
const PRUNE_BATCH = 200;

/** Records a new session ending at `abs` (seconds since the epoch) and returns its id for the token. */
export async function openSession(
  input: {
    userId: number;
    impersonatorUserId?: number | null;
    abs: number;
    ip?: string | null;
    userAgent?: string | null;
    place?: string | null;
    secondFactorAt?: Date | null;
  },
  q: Queryable = db,
): Promise<string> {
  const id = randomBytes(32).toString('base64url');
  await q.insert(sessions).values({
    id,
    userId: input.userId,
    impersonatorUserId: input.impersonatorUserId ?? null,
    expiresAt: new Date(input.abs * 1000),
    // Seen at sign-in: the next write is due SEEN_EVERY_SECONDS later.
    lastSeenAt: sql`now()`,
    secondFactorAt: input.secondFactorAt ?? null,
    ip: input.ip ?? null,
    userAgent: input.userAgent?.slice(0, 500) ?? null,
    place: input.place ?? null,
  });
  return id;
}

/** Ends the sessions with these ids now (logout, an ended impersonation); ids already ended stay as they are. */
export async function revokeSessions(ids: string[], q: Queryable = db): Promise<void> {
  const live = ids.filter(Boolean);
  if (!live.length) return;
  await q
    .update(sessions)
    .set({ revokedAt: sql`now()` })
    .where(and(inArray(sessions.id, live), isNull(sessions.revokedAt)));
}

/**
 * Deletes rows of sessions that have ended (past their end, revoked or not): their tokens are refused by
 * their own `abs` anyway. Run at sign-in, a batch at a time; the hourly job (jobs/prune-sign-in-records.ts) deletes the rest.
 */
export async function pruneEndedSessions(q: Queryable = db): Promise<void> {
  await q.execute(sql`delete from ${sessions} where ${sessions.id} in (select s.id from ${sessions} s where s.expires_at < now() limit ${PRUNE_BATCH})`);
}

/**
 * Ends every session of a user now, and every impersonation they were running (a reset password, a changed
 * sign-in email, a password set from a link). Callers also bump the user's session version, which refuses
 * their tokens even without the rows.
 */
export async function revokeUserSessions(userId: number, q: Queryable = db): Promise<void> {
  await q
    .update(sessions)
    .set({ revokedAt: sql`now()` })
    .where(and(isNull(sessions.revokedAt), or(eq(sessions.userId, userId), eq(sessions.impersonatorUserId, userId))));
}

/**
 * Ends the user's own sessions but `keep` (a password change: the session version refuses the others'
 * tokens already; revoking their rows keeps Settings → Security's list true).
 */
export async function revokeOtherSessions(userId: number, keep: string | null, q: Queryable = db): Promise<void> {
  await q
    .update(sessions)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(sessions.userId, userId), isNull(sessions.impersonatorUserId), isNull(sessions.revokedAt), keep ? ne(sessions.id, keep) : undefined));
}
