import 'server-only';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { db, type Queryable } from '@/db';
import { passwordTokens, users } from '@/db/schema';
import { auditSecretUse } from '@/lib/kernel/audit';
import type { PublicContext } from '@/lib/kernel/context';
import { AppError } from '@/lib/kernel/errors';
import { dropMailSecrets, type MailSecret } from '@/lib/mail/mail-secrets';
import { PASSWORD_LINK_INVALID, PASSWORD_SET, type SetPasswordInput } from '@/lib/validation/admin';
import { hashPassword } from './password';
import { setPasswordLink } from '@/lib/mail/templates/links';
import {
  hashPasswordToken,
  isPasswordTokenShape,
  isPasswordTokenUsable,
  newPasswordToken,
  passwordTokenExpiry,
  type PasswordTokenPurpose,
} from './password-rules';
import { tellPasswordChanged } from './security-notices';
import { revokeUserSessions } from './session-rows';

/*
 * Password links (db/schema/sessions.ts passwordTokens): issued inside the transaction of the change that
 * needs them (an account created, a reset asked for, a temporary password used), mailed, and consumed once
 * by the set-password page. A newer link of a user replaces the older ones still unused. The mails that
 * carry a user's links, and a temporary password, keep them as secrets under the keys below, which every
 * change that ends them drops from the outbox (lib/mail/mail-secrets.ts).
 */

/** The outbox key of the password links mailed to a user. */
export const passwordLinkRef = (userId: number) => `password-link:${userId}`;
/** The outbox key of the temporary password mailed to a user. */
export const temporaryPasswordRef = (userId: number) => `temporary-password:${userId}`;

/**
 * Issues a link for the user and returns its token (for the mail, or the redirect of a temporary password's
 * sign-in); older unused links stop working, and the mails that carried them no longer keep them.
 */
export async function issuePasswordToken(q: Queryable, userId: number, purpose: PasswordTokenPurpose, now: Date): Promise<string> {
  const token = newPasswordToken();
  await q
    .update(passwordTokens)
    .set({ usedAt: now })
    .where(and(eq(passwordTokens.userId, userId), isNull(passwordTokens.usedAt)));
  await dropMailSecrets(q, [passwordLinkRef(userId)], 'replaced');
  await q.insert(passwordTokens).values({ userId, purpose, tokenHash: hashPasswordToken(token), createdAt: now, expiresAt: passwordTokenExpiry(purpose, now) });
  return token;
}

/**
 * Retires whatever could still set the user's password without the current one: unused links stop working
 * and their mails, and a temporary password's, keep no secret. For a password changed another way (Settings).
 */
export async function retirePasswordSecrets(q: Queryable, userId: number, now: Date): Promise<void> {
  await q
    .update(passwordTokens)
    .set({ usedAt: now })
    .where(and(eq(passwordTokens.userId, userId), isNull(passwordTokens.usedAt)));
  await dropMailSecrets(q, [passwordLinkRef(userId), temporaryPasswordRef(userId)], 'replaced');
}

/** Issues a link for the user (issuePasswordToken) as the secret of the mail that carries it. */
export async function issuePasswordLink(q: Queryable, userId: number, purpose: PasswordTokenPurpose, now: Date): Promise<MailSecret> {
  const token = await issuePasswordToken(q, userId, purpose, now);
  return { value: setPasswordLink(token), kind: 'link', userId, ref: passwordLinkRef(userId), expiresAt: passwordTokenExpiry(purpose, now) };
}

/** A temporary password as the secret of its mail: it works until used or replaced (lib/admin/reset-password.ts). */
export function temporaryPasswordSecret(userId: number, password: string): MailSecret {
  return { value: password, kind: 'password', userId, ref: temporaryPasswordRef(userId), expiresAt: null };
}

async function linkRow(q: Queryable, token: string, lock: boolean, now: Date) {
  const query = q
    .select({
      id: passwordTokens.id,
      userId: passwordTokens.userId,
      purpose: passwordTokens.purpose,
      usedAt: passwordTokens.usedAt,
      expiresAt: passwordTokens.expiresAt,
      email: users.email,
    })
    .from(passwordTokens)
    .innerJoin(users, eq(users.id, passwordTokens.userId))
    .where(and(eq(passwordTokens.tokenHash, hashPasswordToken(token)), isNull(users.disabledAt)))
    .limit(1);
  const [row] = lock ? await query.for('update', { of: passwordTokens }) : await query;
  return row && isPasswordTokenUsable(row, now) ? row : null;
}

/** What a link's page shows: the account's address and why it is there; null when the link is not (or no longer) good. */
export async function findPasswordLink(token: unknown, now: Date): Promise<{ email: string; purpose: PasswordTokenPurpose } | null> {
  if (!isPasswordTokenShape(token)) return null;
  const row = await linkRow(db, token, false, now);
  return row ? { email: row.email, purpose: row.purpose as PasswordTokenPurpose } : null;
}

/**
 * Sets a password from a link (a POST from the link's page): the token proves the mailbox. The link is used
 * up (and dropped from the outbox, with a temporary password it replaces), a temporary password stops being
 * required, and every session of the user ends (session version and rows), as after any password change
 * made without the old one. Audited with who set it (the signed-in user, else the link's addressee) and
 * from which address and browser.
 */
export async function setPasswordWithToken(ctx: PublicContext, input: SetPasswordInput): Promise<{ message: string }> {
  if (!isPasswordTokenShape(input.token)) throw new AppError('NOT_FOUND', PASSWORD_LINK_INVALID);
  const passwordHash = await hashPassword(input.password);
  await db.transaction(async (tx) => {
    const link = await linkRow(tx, input.token, true, ctx.now);
    if (!link) throw new AppError('NOT_FOUND', PASSWORD_LINK_INVALID);
    const [changed] = await tx
      .update(users)
      .set({ passwordHash, mustChangePassword: false, sessionVersion: sql`${users.sessionVersion} + 1` })
      .where(eq(users.id, link.userId))
      .returning({ sessionVersion: users.sessionVersion });
    await tx
      .update(passwordTokens)
      .set({ usedAt: sql`now()` })
      .where(and(eq(passwordTokens.userId, link.userId), isNull(passwordTokens.usedAt)));
    await revokeUserSessions(link.userId, tx);
    await dropMailSecrets(tx, [passwordLinkRef(link.userId)], 'used');
    await dropMailSecrets(tx, [temporaryPasswordRef(link.userId)], 'replaced');
    await auditSecretUse(tx, ctx, link.userId, `password.${link.purpose}`, { type: 'user', id: link.userId });
    // A reset (forgot-password, or after an admin's temporary password) changed a password, and nothing
    // else mails it: the notice does. Setting the first password (an invitation's link) is no news.
    if (link.purpose === 'reset')
      await tellPasswordChanged(tx, { userId: link.userId, key: `${link.userId}:${changed.sessionVersion}`, at: ctx.now, mail: true });
  });
  return { message: PASSWORD_SET };
}

/**
 * A temporary password has just proved right (lib/auth/sign-in.ts): it is used up (replaced by an unusable
 * random hash, and dropped from the outbox) and a one-hour link is issued in its place, which the sign-in
 * sends the browser to. So the temporary password signs in once, and only to choose a new one. Audited as
 * the account's, with the request's address and browser.
 */
export async function exchangeTemporaryPassword(ctx: PublicContext, userId: number): Promise<string> {
  const unusable = await hashPassword(newPasswordToken());
  return db.transaction(async (tx) => {
    const [user] = await tx
      .update(users)
      .set({ passwordHash: unusable })
      .where(and(eq(users.id, userId), eq(users.mustChangePassword, true)))
      .returning({ id: users.id });
    if (!user) throw new AppError('UNAUTHENTICATED');
    await dropMailSecrets(tx, [temporaryPasswordRef(userId)], 'used');
    const token = await issuePasswordToken(tx, userId, 'reset', ctx.now);
    await auditSecretUse(tx, ctx, userId, 'password.temporary.used', { type: 'user', id: userId });
    return token;
  });
}
