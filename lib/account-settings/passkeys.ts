import 'server-only';
import { and, eq } from 'drizzle-orm';
import type { PublicKeyCredentialCreationOptionsJSON, RegistrationResponseJSON } from '@simplewebauthn/server';
import { db } from '@/db';
import { passkeys } from '@/db/schema';
import { tellSecondFactorChanged } from '@/lib/auth/security-notices';
import { registrationOptions, verifyRegistration } from '@/lib/auth/second-factor/passkeys';
import { formatAppDate } from '@/lib/format/app-time';
import { audit } from '@/lib/kernel/audit';
import type { RequestContext } from '@/lib/kernel/context';
import { AppError } from '@/lib/kernel/errors';
import { PASSKEY_NOT_FOUND, type SecondProof } from '@/lib/validation/settings';
import { assertOwnSession, authorizeOwnSave, loadOwnAccount } from './own-account';
import { requireSecondProof } from './second-proof';

/*
 * Settings → Security, passkeys (issue 31): add one (the browser makes it against a challenge from here,
 * named by the user), rename one, remove one (the current password and a second proof, as turning the app off). Each change is
 * audited and told to the user (mail and bell, security: always sent). Never while acting as someone.
 */

export const PASSKEY_NOT_MADE = 'The passkey could not be added. Please try again.';
export const PASSKEY_ALREADY_ADDED = 'That passkey is already on an account.';

/** A passkey as Settings shows it: its public hash, name, and dates in words. */
export type PasskeyView = { hash: string; name: string; addedOn: string; lastUsedOn: string | null };

export const passkeyView = (p: { hash: string; name: string; createdAt: Date; lastUsedAt: Date | null }): PasskeyView => ({
  hash: p.hash,
  name: p.name,
  addedOn: formatAppDate(p.createdAt),
  lastUsedOn: p.lastUsedAt ? formatAppDate(p.lastUsedAt) : null,
});

const noticeKey = (ctx: RequestContext, hash: string) => `${ctx.actor.userId}:${hash}:${ctx.now.getTime()}`;

/** The options for the browser to make a new passkey for the signed-in user. */
export async function beginPasskey(ctx: RequestContext): Promise<PublicKeyCredentialCreationOptionsJSON> {
  assertOwnSession(ctx.actor);
  const account = await loadOwnAccount(ctx.actor);
  return registrationOptions({ id: ctx.actor.userId, hash: ctx.actor.hash, email: account.user.email, name: ctx.actor.name }, ctx.now);
}

/** Checks the browser's new passkey against its challenge and keeps it under the name given. */
export async function addPasskey(ctx: RequestContext, input: { name: string; response: unknown }): Promise<{ passkey: PasskeyView; message: string }> {
  assertOwnSession(ctx.actor);
  const made = await verifyRegistration(ctx.actor.userId, input.response as RegistrationResponseJSON, ctx.now);
  if (!made) throw new AppError('VALIDATION', PASSKEY_NOT_MADE);
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(passkeys)
      .values({ userId: ctx.actor.userId, name: input.name, ...made })
      .onConflictDoNothing({ target: passkeys.credentialId })
      .returning({ id: passkeys.id, hash: passkeys.hash, name: passkeys.name, createdAt: passkeys.createdAt, lastUsedAt: passkeys.lastUsedAt });
    if (!row) throw new AppError('CONFLICT', PASSKEY_ALREADY_ADDED);
    await audit(tx, ctx, 'settings.passkey.add', { type: 'passkey', id: row.id });
    await tellSecondFactorChanged(tx, { userId: ctx.actor.userId, key: noticeKey(ctx, row.hash), at: ctx.now, what: 'passkey-added', name: row.name });
    return { passkey: passkeyView(row), message: `The passkey “${row.name}” was added. You can sign in with it alone.` };
  });
}

/** Renames one of the user's passkeys. */
export async function renamePasskey(ctx: RequestContext, input: { passkey: string; name: string }): Promise<{ passkey: PasskeyView; message: string }> {
  assertOwnSession(ctx.actor);
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(passkeys)
      .set({ name: input.name })
      .where(and(eq(passkeys.hash, input.passkey), eq(passkeys.userId, ctx.actor.userId)))
      .returning({ id: passkeys.id, hash: passkeys.hash, name: passkeys.name, createdAt: passkeys.createdAt, lastUsedAt: passkeys.lastUsedAt });
    if (!row) throw new AppError('NOT_FOUND', PASSKEY_NOT_FOUND);
    await audit(tx, ctx, 'settings.passkey.rename', { type: 'passkey', id: row.id });
    await tellSecondFactorChanged(tx, { userId: ctx.actor.userId, key: noticeKey(ctx, row.hash), at: ctx.now, what: 'passkey-renamed', name: row.name });
    return { passkey: passkeyView(row), message: `The passkey was renamed “${row.name}”.` };
  });
}

/** Removes one of the user's passkeys: the current password, then a second proof (a code, or a passkey — this one or another). */
export async function removePasskey(ctx: RequestContext, input: { passkey: string; password_check: string } & SecondProof): Promise<{ message: string }> {
  assertOwnSession(ctx.actor);
  // Not theirs (or gone): said before the password is checked, so a wrong address spends no attempt.
  const [own] = await db
    .select({ id: passkeys.id })
    .from(passkeys)
    .where(and(eq(passkeys.hash, input.passkey), eq(passkeys.userId, ctx.actor.userId)))
    .limit(1);
  if (!own) throw new AppError('NOT_FOUND', PASSKEY_NOT_FOUND);
  await authorizeOwnSave(ctx, input.password_check);
  await requireSecondProof(ctx, input);
  return db.transaction(async (tx) => {
    const [row] = await tx
      .delete(passkeys)
      .where(and(eq(passkeys.hash, input.passkey), eq(passkeys.userId, ctx.actor.userId)))
      .returning({ id: passkeys.id, hash: passkeys.hash, name: passkeys.name });
    if (!row) throw new AppError('NOT_FOUND', PASSKEY_NOT_FOUND);
    await audit(tx, ctx, 'settings.passkey.remove', { type: 'passkey', id: row.id });
    await tellSecondFactorChanged(tx, { userId: ctx.actor.userId, key: noticeKey(ctx, row.hash), at: ctx.now, what: 'passkey-removed', name: row.name });
    return { message: `The passkey “${row.name}” was removed.` };
  });
}
