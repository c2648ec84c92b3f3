import 'server-only';
import { createHash, randomBytes } from 'node:crypto';
import { and, count, eq, gt, lt } from 'drizzle-orm';
import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticationResponseJSON,
  type PublicKeyCredentialCreationOptionsJSON,
  type PublicKeyCredentialRequestOptionsJSON,
  type RegistrationResponseJSON,
} from '@simplewebauthn/server';
import { db, type Queryable } from '@/db';
import { passkeys, webauthnChallenges } from '@/db/schema';
import { siteConfig } from '@/lib/config/site';
import { AppError } from '@/lib/kernel/errors';
import { challengeOfClientData, relyingPartyOf, type RelyingParty } from './relying-party';

/*
 * Passkeys (WebAuthn, issue 31), the stored side: the options a browser needs to make or use one, and the
 * checks of what comes back (@simplewebauthn/server). Every ceremony's challenge is a row of
 * webauthn_challenges, spent by deleting it: single use on any number of servers, good for five minutes.
 * User verification is required both ways, so a passkey stands for both factors and signs in alone.
 */

export const CHALLENGE_MINUTES = 5;
/** Signing in; making a passkey; confirming a step with one of the signed-in user's passkeys (turning a factor off). */
export type ChallengePurpose = 'register' | 'sign-in' | 'confirm';

/**
 * Anyone may ask for a sign-in prompt, and each one is a row: an address holding this many live prompts
 * (CHALLENGE_MINUTES each) is refused more until some expire. A person retrying a passkey a few times, or an
 * office behind one address, stays far below it; a script filling the table does not.
 */
export const PROMPTS_PER_ADDRESS = 30;
export const TOO_MANY_PROMPTS = 'Too many passkey prompts from your network. Please wait a few minutes and try again.';

export function relyingParty(): RelyingParty {
  return relyingPartyOf(siteConfig.baseUrl, siteConfig.name);
}

const challengeHash = (challenge: string) => createHash('sha256').update(challenge).digest('base64url');

/**
 * A new challenge for one ceremony, remembered (as its hash) for CHALLENGE_MINUTES; old ones are swept. An
 * anonymous sign-in prompt is counted against its address (PROMPTS_PER_ADDRESS).
 */
export async function issueChallenge(purpose: ChallengePurpose, userId: number | null, now: Date, ip: string | null = null): Promise<string> {
  const challenge = randomBytes(32).toString('base64url');
  await db.delete(webauthnChallenges).where(lt(webauthnChallenges.expiresAt, now));
  if (ip !== null) {
    const [{ live }] = await db
      .select({ live: count() })
      .from(webauthnChallenges)
      .where(and(eq(webauthnChallenges.ip, ip), gt(webauthnChallenges.expiresAt, now)));
    if (live >= PROMPTS_PER_ADDRESS) throw new AppError('RATE_LIMITED', TOO_MANY_PROMPTS);
  }
  await db.insert(webauthnChallenges).values({
    challengeHash: challengeHash(challenge),
    purpose,
    userId,
    ip,
    expiresAt: new Date(now.getTime() + CHALLENGE_MINUTES * 60_000),
  });
  return challenge;
}

/**
 * The live challenge a response answers, if this site issued it for this purpose (and to whom): read only,
 * so a refused answer writes nothing. A verified answer then spends it (spendChallenge).
 */
export async function liveChallenge(challenge: string | null, purpose: ChallengePurpose, now: Date): Promise<{ userId: number | null } | null> {
  if (!challenge) return null;
  const [row] = await db
    .select({ userId: webauthnChallenges.userId })
    .from(webauthnChallenges)
    .where(and(eq(webauthnChallenges.challengeHash, challengeHash(challenge)), eq(webauthnChallenges.purpose, purpose), gt(webauthnChallenges.expiresAt, now)))
    .limit(1);
  return row ?? null;
}

/**
 * Spends a live challenge: true once, whatever the number of servers (the row goes in the statement that
 * finds it), so an answer verified twice at the same moment is accepted once.
 */
export async function spendChallenge(challenge: string | null, purpose: ChallengePurpose, now: Date): Promise<{ userId: number | null } | null> {
  if (!challenge) return null;
  const [row] = await db
    .delete(webauthnChallenges)
    .where(and(eq(webauthnChallenges.challengeHash, challengeHash(challenge)), eq(webauthnChallenges.purpose, purpose), gt(webauthnChallenges.expiresAt, now)))
    .returning({ userId: webauthnChallenges.userId });
  return row ?? null;
}

export type PasskeyListItem = { hash: string; name: string; createdAt: Date; lastUsedAt: Date | null };

/** The user's passkeys, oldest first, as Settings lists them. */
export function listPasskeys(userId: number, q: Queryable = db): Promise<PasskeyListItem[]> {
  return q
    .select({ hash: passkeys.hash, name: passkeys.name, createdAt: passkeys.createdAt, lastUsedAt: passkeys.lastUsedAt })
    .from(passkeys)
    .where(eq(passkeys.userId, userId))
    .orderBy(passkeys.createdAt, passkeys.id);
}

/** Whether the user has a passkey. */
export async function hasPasskey(userId: number, q: Queryable = db): Promise<boolean> {
  const [row] = await q.select({ id: passkeys.id }).from(passkeys).where(eq(passkeys.userId, userId)).limit(1);
  return Boolean(row);
}

const credentialsOf = (userId: number) =>
  db.select({ id: passkeys.credentialId, transports: passkeys.transports }).from(passkeys).where(eq(passkeys.userId, userId));

/** What the browser needs to make a passkey for the user: a discoverable credential, verified by the user. */
export async function registrationOptions(
  user: { id: number; hash: string; email: string; name: string },
  now: Date,
): Promise<PublicKeyCredentialCreationOptionsJSON> {
  const rp = relyingParty();
  const challenge = await issueChallenge('register', user.id, now);
  return generateRegistrationOptions({
    rpName: rp.name,
    rpID: rp.id,
    // The user handle the passkey keeps: the user's public hash, never the numeric id or the e-mail.
    userID: new TextEncoder().encode(user.hash),
    userName: user.email,
    userDisplayName: user.name,
    // As bytes: a string would be taken as UTF-8 text and sent re-encoded.
    challenge: Buffer.from(challenge, 'base64url'),
    timeout: CHALLENGE_MINUTES * 60_000,
    attestationType: 'none',
    excludeCredentials: await credentialsOf(user.id),
    authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
  });
}

/** Checks a new passkey for the user against its challenge; answers what to store, or null when refused. */
export async function verifyRegistration(
  userId: number,
  response: RegistrationResponseJSON,
  now: Date,
): Promise<{ credentialId: string; publicKey: string; counter: number; transports: string[] } | null> {
  const challenge = challengeOfClientData(response.response?.clientDataJSON);
  const live = await liveChallenge(challenge, 'register', now);
  if (!live || live.userId !== userId) return null;
  const rp = relyingParty();
  try {
    const result = await verifyRegistrationResponse({
      response,
      expectedChallenge: challenge!,
      expectedOrigin: rp.origin,
      expectedRPID: rp.id,
      requireUserVerification: true,
    });
    if (!result.verified || !(await spendChallenge(challenge, 'register', now))) return null;
    const { credential } = result.registrationInfo;
    return {
      credentialId: credential.id,
      publicKey: Buffer.from(credential.publicKey).toString('base64url'),
      counter: credential.counter,
      transports: (response.response.transports ?? credential.transports ?? []).filter((t) => typeof t === 'string').slice(0, 8),
    };
  } catch {
    return null;
  }
}

/**
 * What the browser needs to sign in with a passkey. Without a user: any passkey of this site's (the browser
 * offers the ones it holds; no e-mail typed), counted against the address asking. With one (the second step
 * after a password): that user's.
 */
export async function signInOptions(userId: number | null, now: Date, ip: string | null): Promise<PublicKeyCredentialRequestOptionsJSON> {
  // 'unknown': the app is not served through scripts/server.mjs (next dev, the tests' direct calls), where no
  // address can be told apart from another; production always knows it.
  const countedAgainst = userId === null && ip !== 'unknown' ? ip : null;
  return assertionOptions(await issueChallenge('sign-in', userId, now, countedAgainst), userId);
}

/** What the browser needs for the signed-in user to confirm a step with one of their passkeys. */
export async function confirmOptions(userId: number, now: Date): Promise<PublicKeyCredentialRequestOptionsJSON> {
  return assertionOptions(await issueChallenge('confirm', userId, now), userId);
}

async function assertionOptions(challenge: string, userId: number | null): Promise<PublicKeyCredentialRequestOptionsJSON> {
  return generateAuthenticationOptions({
    rpID: relyingParty().id,
    // As bytes: a string would be taken as UTF-8 text and sent re-encoded.
    challenge: Buffer.from(challenge, 'base64url'),
    timeout: CHALLENGE_MINUTES * 60_000,
    userVerification: 'required',
    allowCredentials: userId === null ? undefined : await credentialsOf(userId),
  });
}

/** The passkey a sign-in names, with its user, or null when the site knows no such credential. */
export async function findPasskey(credentialId: string) {
  if (!credentialId || credentialId.length > 1024) return null;
  const [row] = await db
    .select({
      id: passkeys.id,
      userId: passkeys.userId,
      credentialId: passkeys.credentialId,
      publicKey: passkeys.publicKey,
      counter: passkeys.counter,
      transports: passkeys.transports,
    })
    .from(passkeys)
    .where(eq(passkeys.credentialId, credentialId))
    .limit(1);
  return row ?? null;
}

/**
 * Checks a passkey's answer: its challenge (live, for this purpose, spent once the answer checks out; one
 * issued to a user only for that user's passkey), the signature, the user's verification, and the signature counter, which must
 * grow for an authenticator that keeps one (a copied key shows itself by an old count). The new count is
 * stored only if nobody stored another meanwhile. True when everything holds.
 */
export async function verifyAssertion(
  passkey: NonNullable<Awaited<ReturnType<typeof findPasskey>>>,
  response: AuthenticationResponseJSON,
  purpose: 'sign-in' | 'confirm',
  now: Date,
): Promise<boolean> {
  const challenge = challengeOfClientData(response.response?.clientDataJSON);
  const live = await liveChallenge(challenge, purpose, now);
  if (!live || (live.userId !== null && live.userId !== passkey.userId)) return false;
  const rp = relyingParty();
  let newCounter: number;
  try {
    const result = await verifyAuthenticationResponse({
      response,
      expectedChallenge: challenge!,
      expectedOrigin: rp.origin,
      expectedRPID: rp.id,
      credential: {
        id: passkey.credentialId,
        publicKey: Buffer.from(passkey.publicKey, 'base64url'),
        counter: passkey.counter,
        transports: passkey.transports,
      },
      requireUserVerification: true,
    });
    if (!result.verified) return false;
    newCounter = result.authenticationInfo.newCounter;
  } catch {
    return false;
  }
  if (!(await spendChallenge(challenge, purpose, now))) return false;
  const updated = await db
    .update(passkeys)
    .set({ counter: newCounter, lastUsedAt: now })
    .where(and(eq(passkeys.id, passkey.id), eq(passkeys.counter, passkey.counter)))
    .returning({ id: passkeys.id });
  return updated.length > 0;
}

/** Whether the answer comes from one of the user's own passkeys, to a confirmation challenge issued to them. */
export async function confirmWithPasskey(userId: number, response: AuthenticationResponseJSON, now: Date): Promise<boolean> {
  const passkey = await findPasskey(response.id);
  if (!passkey || passkey.userId !== userId) return false;
  return verifyAssertion(passkey, response, 'confirm', now);
}

/** Removes every passkey of the user (an admin's reset of their second factor); true when there was one. */
export async function removeAllPasskeys(q: Queryable, userId: number): Promise<boolean> {
  const removed = await q.delete(passkeys).where(eq(passkeys.userId, userId)).returning({ id: passkeys.id });
  return removed.length > 0;
}
