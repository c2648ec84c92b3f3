import 'server-only';
import QRCode from 'qrcode';
import { and, eq, isNull } from 'drizzle-orm';
import { db, type Queryable } from '@/db';
import { sessions, totpFactors } from '@/db/schema';
import { newHash } from '@/db/schema/columns';
import { readSessionClaims } from '@/lib/auth/session';
import { revokeOtherSessions } from '@/lib/auth/session-rows';
import { tellSecondFactorChanged } from '@/lib/auth/security-notices';
import {
  accountLabel,
  checkSecondStepIn,
  hasAuthenticatorApp,
  removeSecondFactor,
  replaceRecoveryCodes,
  sealTotpSecret,
} from '@/lib/auth/second-factor/factors';
import { hasPasskey } from '@/lib/auth/second-factor/passkeys';
import { groupedSecret, newTotpSecret, totpUri } from '@/lib/auth/second-factor/totp';
import { siteConfig } from '@/lib/config/site';
import { audit } from '@/lib/kernel/audit';
import type { RequestContext } from '@/lib/kernel/context';
import { AppError } from '@/lib/kernel/errors';
import type { SecondProof } from '@/lib/validation/settings';
import { assertOwnSession, authorizeOwnSave } from './own-account';
import { requireSecondProof } from './second-proof';

/*
 * Settings → Security, the authenticator app (issue 31): set it up (a QR code, then a code typed back to
 * confirm; ten recovery codes shown once), make new recovery codes, turn it off (the password and a current
 * code). Each change is audited and the user is told (mail and bell, security: always sent).
 */

export const TOTP_ALREADY_SET_UP = 'An authenticator app is already set up for your account.';
export const TOTP_NOT_SET_UP = 'No authenticator app is set up for your account.';
export const TOTP_ENROLMENT_MISSING = 'Start the set-up again: scan the new QR code, then enter the code it shows.';
export const CODE_WRONG = 'That code is not right. Enter the newest code from your authenticator app.';

export type TotpEnrolment = { qrSvg: string; secret: string; uri: string };

/** Begins an enrolment: a new secret, kept unconfirmed until a code from it comes back. */
export async function beginTotpEnrolment(ctx: RequestContext): Promise<TotpEnrolment> {
  assertOwnSession(ctx.actor);
  if (await hasAuthenticatorApp(ctx.actor.userId)) throw new AppError('CONFLICT', TOTP_ALREADY_SET_UP);
  const secret = newTotpSecret();
  const hash = newHash();
  await db.transaction(async (tx) => {
    // One enrolment at a time: a set-up begun earlier and not confirmed is replaced.
    await tx.delete(totpFactors).where(and(eq(totpFactors.userId, ctx.actor.userId), isNull(totpFactors.confirmedAt)));
    await tx.insert(totpFactors).values({ hash, userId: ctx.actor.userId, secretCipher: sealTotpSecret(secret, hash) });
  });
  const uri = totpUri(secret, await accountLabel(ctx.actor.userId), siteConfig.name);
  const qrSvg = await QRCode.toString(uri, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' });
  return { qrSvg, secret: groupedSecret(secret), uri };
}

/** This request's session passed a second step now (sensitive steps ask for a recent one). */
async function markSecondStep(q: Queryable, now: Date): Promise<void> {
  const sid = (await readSessionClaims())?.sid;
  if (sid) await q.update(sessions).set({ secondFactorAt: now }).where(eq(sessions.id, sid));
}

/** Confirms the enrolment with a code from the app; answers the ten recovery codes, shown this once. */
export async function confirmTotpEnrolment(ctx: RequestContext, input: { code: string }): Promise<{ recoveryCodes: string[] }> {
  assertOwnSession(ctx.actor);
  if (await hasAuthenticatorApp(ctx.actor.userId)) throw new AppError('CONFLICT', TOTP_ALREADY_SET_UP);
  return db.transaction(async (tx) => {
    const ok = await checkSecondStepIn(tx, ctx.actor.userId, input.code, ctx.now, { pending: true });
    if (!ok) {
      const [pending] = await tx
        .select({ id: totpFactors.id })
        .from(totpFactors)
        .where(and(eq(totpFactors.userId, ctx.actor.userId), isNull(totpFactors.confirmedAt)));
      if (!pending) throw new AppError('CONFLICT', TOTP_ENROLMENT_MISSING);
      throw new AppError('VALIDATION', CODE_WRONG, { code: CODE_WRONG });
    }
    const recoveryCodes = await replaceRecoveryCodes(tx, ctx.actor.userId);
    await markSecondStep(tx, ctx.now);
    await audit(tx, ctx, 'settings.second-factor.enable', { type: 'user', id: ctx.actor.userId });
    await tellSecondFactorChanged(tx, { userId: ctx.actor.userId, key: `${ctx.actor.userId}:${ctx.now.getTime()}`, at: ctx.now, what: 'added' });
    return { recoveryCodes };
  });
}

/** Ten new recovery codes for a current authenticator code; the earlier ones stop working. */
export async function renewRecoveryCodes(ctx: RequestContext, input: { code: string }): Promise<{ recoveryCodes: string[] }> {
  assertOwnSession(ctx.actor);
  if (!(await hasAuthenticatorApp(ctx.actor.userId))) throw new AppError('CONFLICT', TOTP_NOT_SET_UP);
  return db.transaction(async (tx) => {
    if ((await checkSecondStepIn(tx, ctx.actor.userId, input.code, ctx.now)) !== 'totp') throw new AppError('VALIDATION', CODE_WRONG, { code: CODE_WRONG });
    const recoveryCodes = await replaceRecoveryCodes(tx, ctx.actor.userId);
    await audit(tx, ctx, 'settings.second-factor.recovery-codes', { type: 'user', id: ctx.actor.userId });
    await tellSecondFactorChanged(tx, { userId: ctx.actor.userId, key: `${ctx.actor.userId}:${ctx.now.getTime()}`, at: ctx.now, what: 'recovery-codes' });
    return { recoveryCodes };
  });
}

/**
 * Turns the authenticator app off: the current password and a second proof (a current code, a recovery code,
 * or a passkey); other sessions end.
 */
export async function disableTotp(ctx: RequestContext, input: { password_check: string } & SecondProof): Promise<{ message: string }> {
  await authorizeOwnSave(ctx, input.password_check);
  if (!(await hasAuthenticatorApp(ctx.actor.userId))) throw new AppError('CONFLICT', TOTP_NOT_SET_UP);
  await requireSecondProof(ctx, input);
  const current = (await readSessionClaims())?.sid ?? null;
  await db.transaction(async (tx) => {
    await removeSecondFactor(tx, ctx.actor.userId);
    // Turning a factor off ends every other session, as a password change does (this browser stays in).
    await revokeOtherSessions(ctx.actor.userId, current, tx);
    await audit(tx, ctx, 'settings.second-factor.disable', { type: 'user', id: ctx.actor.userId });
    await tellSecondFactorChanged(tx, {
      userId: ctx.actor.userId,
      key: `${ctx.actor.userId}:${ctx.now.getTime()}`,
      at: ctx.now,
      what: 'removed',
      passkeysLeft: await hasPasskey(ctx.actor.userId, tx),
    });
  });
  return { message: 'The authenticator app was removed from your account.' };
}
