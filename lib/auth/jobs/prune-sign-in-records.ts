import { lt, sql } from 'drizzle-orm';
import { db } from '@/db';
import { emailChanges, loginAttempts, sessions } from '@/db/schema';
import { defineJob } from '@/lib/jobs/define';
import { ACCOUNT_BRAKE, ADDRESS_BRAKE, DEVICE_WINDOW_MS } from '../sign-in-brake';

/** The oldest sign-in attempt any brake still counts. */
export const LOGIN_ATTEMPTS_KEPT_MS = Math.max(ACCOUNT_BRAKE.windowMs, ADDRESS_BRAKE.windowMs, DEVICE_WINDOW_MS);
/** An e-mail change link that ended (used or expired) is kept a day, then deleted; the audit log keeps the change. */
export const EMAIL_CHANGES_KEPT_MS = 24 * 60 * 60 * 1000;

/** Deletes what the sign-in records no longer need: attempts past every brake's window, ended sessions, old change links. */
export async function pruneSignInRecords(now: Date): Promise<void> {
  await db.delete(loginAttempts).where(lt(loginAttempts.createdAt, new Date(now.getTime() - LOGIN_ATTEMPTS_KEPT_MS)));
  await db
    .delete(emailChanges)
    .where(
      sql`coalesce(${emailChanges.confirmedAt}, ${emailChanges.expiresAt}) < ${new Date(now.getTime() - EMAIL_CHANGES_KEPT_MS).toISOString()}::timestamptz`,
    );
  // A token of an ended session is refused by its own end anyway; the row only proved it was live.
  await db.delete(sessions).where(lt(sessions.expiresAt, now));
}

/** Every hour, by whichever server is up: the tables stay as small as the brakes' windows. */
export const pruneSignInRecordsJob = defineJob({
  name: 'auth.prune-sign-in-records',
  cron: '17 * * * *',
  queue: { retryLimit: 2, retryDelay: 60 },
  run: async (ctx) => {
    await pruneSignInRecords(ctx.now);
  },
});
