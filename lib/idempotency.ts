import 'server-only';
import { createHmac } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Tx } from '@/db';
import { getSecrets } from '@/lib/config/secrets';
import { rowsOf } from '@/lib/kernel/rows';

/*
 * Creates that happen once. A double click, a retried request or a second tab sends the same create twice;
 * without a key each would make its own record. The create claims a key for its user inside its own
 * transaction (idempotency_keys, primary key user + key): a duplicate sent at the same time waits on that
 * key until the first commits, then finds it claimed and creates nothing. When the first fails, its claim
 * rolls back with it and the retry creates. Two kinds of key (docs/decisions.md, "Audit fixes: answers"):
 * - a form's key, made once per record dialog (RecordDialog) and sent with its create: every retry of that
 *   dialog's create is the same create for a day;
 * - the fingerprint of an identical call (same user, same call, same canonical input) for the compatibility
 *   routes and the invitations, which send no key: the same create within 10 seconds is a duplicate.
 */

/** How long a form's key stands for its create. */
export const FORM_KEY_SECONDS = 24 * 60 * 60;
/** How long an identical create through a compatibility route (or an identical invitation) is a duplicate. */
export const IDENTICAL_CALL_SECONDS = 10;

export type OnceKey = { key: string; seconds: number };

/** The key a form sent with its create (one per record dialog). */
export function formKey(key: string): OnceKey {
  return { key: `form:${key}`, seconds: FORM_KEY_SECONDS };
}

/**
 * The key of an identical call: `call` names it (the route's create), `input` is its parsed input. Keyed
 * with the server's secret: an input may hold an SSN, and a plain digest of a guessable payload would let
 * whoever reads the table test guesses.
 */
export function identicalCallKey(call: string, input: unknown): OnceKey {
  const digest = createHmac('sha256', getSecrets().NEXTAUTH_SECRET)
    .update(`idempotency:${call}\n${canonicalJson(input)}`)
    .digest('base64url');
  return { key: `same:${call}:${digest}`, seconds: IDENTICAL_CALL_SECONDS };
}

/** JSON with object keys sorted and undefined values left out: equal inputs give equal text. */
export function canonicalJson(value: unknown): string {
  if (value === undefined) return 'null';
  if (value === null || typeof value !== 'object') return JSON.stringify(value);
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  const entries = Object.entries(value as Record<string, unknown>)
    .filter(([, v]) => v !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
}

/**
 * Claims `once` for the user inside the create's transaction (call it before creating). True: this is the
 * first call, go on. False: the key was claimed within its window by a committed create, so this call is a
 * duplicate and must not create again. A claim past its window is taken over; the user's other expired
 * claims are removed in the same statement.
 */
export async function claimOnce(tx: Tx, userId: number, once: OnceKey): Promise<boolean> {
  const result = await tx.execute(sql`
    with expired as (delete from idempotency_keys where user_id = ${userId} and expires_at <= now() and key <> ${once.key})
    insert into idempotency_keys (user_id, key, expires_at) values (${userId}, ${once.key}, now() + make_interval(secs => ${once.seconds}))
    on conflict (user_id, key) do update set expires_at = excluded.expires_at, created_at = now() where idempotency_keys.expires_at <= now()
    returning 1 as claimed`);
  return rowsOf(result).length > 0;
}
