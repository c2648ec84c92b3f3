import 'server-only';
import type { AuthenticationResponseJSON, PublicKeyCredentialRequestOptionsJSON } from '@simplewebauthn/server';
import { checkSecondStep } from '@/lib/auth/second-factor/factors';
import { confirmOptions, confirmWithPasskey, hasPasskey } from '@/lib/auth/second-factor/passkeys';
import type { RequestContext } from '@/lib/kernel/context';
import { AppError } from '@/lib/kernel/errors';
import type { SecondProof } from '@/lib/validation/settings';
import { assertOwnSession } from './own-account';

/*
 * Turning a factor off (the authenticator app, a passkey) asks for the password and a second proof (issue
 * 31): a current code from the app or a recovery code, or one of the user's passkeys answering a challenge
 * issued to them for that purpose. So a stolen password alone removes nothing, and a user without the app
 * confirms with a passkey.
 */

export const CODE_OR_RECOVERY_WRONG = 'That code is not right. Enter the newest code from your authenticator app, or one of your recovery codes.';
export const PASSKEY_NOT_CONFIRMED = 'Your passkey could not confirm this. Try again, or enter a code from your authenticator app.';
export const NO_PASSKEY_TO_CONFIRM = 'Your account has no passkey to confirm with.';

/** A challenge for the signed-in user to confirm a step with one of their passkeys. */
export async function beginPasskeyConfirmation(ctx: RequestContext): Promise<PublicKeyCredentialRequestOptionsJSON> {
  assertOwnSession(ctx.actor);
  if (!(await hasPasskey(ctx.actor.userId))) throw new AppError('CONFLICT', NO_PASSKEY_TO_CONFIRM);
  return confirmOptions(ctx.actor.userId, ctx.now);
}

/** Checks the second proof (a code is spent, a passkey's challenge is spent); refuses with the field's message. */
export async function requireSecondProof(ctx: RequestContext, proof: SecondProof): Promise<void> {
  if (proof.passkey_assertion) {
    if (!(await confirmWithPasskey(ctx.actor.userId, proof.passkey_assertion as AuthenticationResponseJSON, ctx.now)))
      throw new AppError('VALIDATION', PASSKEY_NOT_CONFIRMED);
    return;
  }
  if (!proof.code || !(await checkSecondStep(ctx.actor.userId, proof.code, ctx.now)))
    throw new AppError('VALIDATION', CODE_OR_RECOVERY_WRONG, { code: CODE_OR_RECOVERY_WRONG });
}
