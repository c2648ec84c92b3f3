import 'server-only';
import { and, eq, ne } from 'drizzle-orm';
import { db } from '@/db';
import { persons, users } from '@/db/schema';
import type { RequestContext } from '@/lib/http/context';
import { normaliseEmail } from '@/lib/auth/authenticate';
import { audit } from '@/lib/audit';
import { AppError } from '@/lib/errors';
import { EMAIL_IN_USE, EMAIL_UNCHANGED, SETTINGS_MESSAGES, type UpdateEmailInput } from '@/lib/validation/settings';
import { assertCurrentPassword, assertOwnSession, loadOwnAccount } from './own-account';

/** Postgres unique_violation, also when the driver's error is wrapped (drizzle keeps it as `cause`). */
function isUniqueViolation(error: unknown): boolean {
  for (let e: unknown = error; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: unknown }).code === '23505') return true;
  }
  return false;
}

/**
 * Changes the signed-in user's login email (users.email and the person's contact email together), after
 * checking their current password. The session carries the user's hash, not the email, so it stays valid.
 */
export async function updateEmail(ctx: RequestContext, input: UpdateEmailInput): Promise<{ message: string; email: string }> {
  assertOwnSession(ctx.actor);
  const { user, person } = await loadOwnAccount(ctx.actor);
  const email = normaliseEmail(input.contact_info.email);
  // Checked before the password, like the form does: it tells the user nothing they don't know.
  if (email === normaliseEmail(user.email)) {
    throw new AppError('VALIDATION', EMAIL_UNCHANGED, { 'contact_info.email': EMAIL_UNCHANGED });
  }
  // After the password, so an unattended session can't be used to probe which addresses have accounts.
  await assertCurrentPassword(ctx, user, input.password_check);

  const [taken] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.email, email), ne(users.id, user.id)))
    .limit(1);
  if (taken) throw new AppError('CONFLICT', EMAIL_IN_USE, { 'contact_info.email': EMAIL_IN_USE });

  try {
    await db.transaction(async (tx) => {
      await tx.update(users).set({ email }).where(eq(users.id, user.id));
      await tx.update(persons).set({ email }).where(eq(persons.id, person.id));
      await audit(tx, ctx, 'settings.email.update', { type: 'user', id: user.id }, { from: user.email, to: email });
    });
  } catch (error) {
    // Another account took the address between the check and the write.
    if (isUniqueViolation(error)) throw new AppError('CONFLICT', EMAIL_IN_USE, { 'contact_info.email': EMAIL_IN_USE });
    throw error;
  }
  return { message: SETTINGS_MESSAGES.email, email };
}
