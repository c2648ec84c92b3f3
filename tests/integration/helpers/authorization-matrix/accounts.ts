import { db } from '@/db';
import * as t from '@/db/schema';
import { hashEmailChangeToken } from '@/lib/account-settings/update-email';
import { issueLoginToken } from '@/lib/auth/login-token';
import { TEST_PASSWORD } from '../../../helpers/factories';
import { sessionOf, type RoleName, type World } from '../../../helpers/world';
import { every, serial, uniqueEmail, type Entry, type Expectation, type Prepared } from '.';

// ---- Accounts: sign-up, signing in and out, next-auth's endpoints, the signed-in user's own settings --------

/** Signed-in users acting on their own account: guests 401, an admin acting as someone 403 (settings are the real user's). */
const ownAccount: Expectation = { ...every(200), guest: 401, adminImpersonating: 403 };
/** The same door, for a call every signed-in user reaches and the use case then refuses (nothing set up to confirm). */
const ownAccountRefusedAfter = (status: number): Expectation => ({ ...every(status), guest: 401, adminImpersonating: 403 });

const signUp = () => ({
  first_name: 'Matrix',
  middle_name: '',
  last_name: 'Person',
  suffix: '',
  email: uniqueEmail(),
  phone: '5551234567',
  password: 'Matrix-Password-1',
  password_confirmation: 'Matrix-Password-1',
  advisor_hash: '',
});
const nameChange = { nickname: '', first_name: 'Renamed', middle_name: '', last_name: 'Person', suffix: '', password_check: TEST_PASSWORD };
const emailChange = () => ({ contact_info: { email: uniqueEmail(), phone: '5551234567' }, password_check: TEST_PASSWORD });
const phoneChange = { contact_info: { email: 'ignored@test.example', phone: '5559876543' }, password_check: TEST_PASSWORD };
const passwordChange = { password_check: TEST_PASSWORD, new_password: 'Brand-New-Password-9', new_password_confirmation: 'Brand-New-Password-9' };

/** A passkey answer naming a credential the site does not know. */
const unknownPasskey = {
  id: 'bWF0cml4LWtleQ',
  rawId: 'bWF0cml4LWtleQ',
  type: 'public-key',
  response: { clientDataJSON: 'e30', authenticatorData: 'AAAA', signature: 'AAAA' },
};

/** A passkey of every world user's (the signed-in role renames or removes its own). */
const withPasskeys = async (w: World): Promise<Prepared> => {
  const rows = await db
    .insert(t.passkeys)
    .values(
      Object.values(w.users).map((u) => ({ userId: u.id, credentialId: `matrix-${u.id}-${serial()}-${Date.now()}`, publicKey: 'AAAA', name: 'Matrix key' })),
    )
    .returning({ userId: t.passkeys.userId, hash: t.passkeys.hash });
  return { passkeys: Object.fromEntries(rows.map((r) => [r.userId, r.hash])) };
};
const ownPasskey = (w: World, role: RoleName, p: Prepared) => p.passkeys![(sessionOf(w, role)?.user ?? w.users.client).id];

/** A pending email change of the world's advisor, and its link's token. */
const withEmailChange = async (w: World): Promise<Prepared> => {
  const token = `matrix${serial()}${Date.now()}`;
  await db.insert(t.emailChanges).values({
    userId: w.users.advisor.id,
    oldEmail: w.users.advisor.email,
    newEmail: uniqueEmail(),
    tokenHash: hashEmailChangeToken(token),
    expiresAt: new Date(Date.now() + 3_600_000),
  });
  return { emailChangeToken: token };
};

export const ACCOUNTS: Record<string, Entry> = {
  // Sign-up is open to anyone; a signed-in user may create another account (audited under them).
  'POST /api/createClient': { permission: 'public', args: () => ({ body: signUp() }), expect: every(200) },
  'action lib/actions/accounts.ts#createClientAccountAction': { permission: 'public', args: () => ({ input: signUp() }), expect: every(200) },
  // The form post always answers with a redirect (to the landing page, or back with an error code).
  'POST /api/login': {
    permission: 'public',
    args: (world) => ({ form: { _token: issueLoginToken(), email: world.users.advisor.email, password: TEST_PASSWORD } }),
    expect: every(303),
  },
  'POST /api/logout': { permission: 'public', args: () => ({ form: {} }), expect: every(303) },
  // The sign-in's second step (issue 31): a form post that always redirects (here to /login: no password was checked).
  'POST /api/login/code': { permission: 'public', args: () => ({ form: { _token: issueLoginToken(), code: '123456' } }), expect: every(303) },
  // Passkeys (issue 31): a challenge for anyone; a sign-in reaches its checks whoever asks (an answer that is
  // not one is refused there, 422; a wrong passkey's 401 is counted by the brakes, tests/integration/passkeys.test.ts).
  'POST /api/login/passkey/options': { permission: 'public', args: () => ({ body: {} }), expect: every(200) },
  'POST /api/login/passkey': { permission: 'public', args: () => ({ body: { response: { ...unknownPasskey, type: 'not-a-key' } } }), expect: every(422) },
  // next-auth's own endpoints: the session read answers everyone; a sign-out without its CSRF token is
  // sent to the sign-out page and changes nothing.
  'GET /api/auth/[...nextauth]': { permission: 'public', args: () => ({ path: '/api/auth/session', params: { nextauth: ['session'] } }), expect: every(200) },
  'POST /api/auth/[...nextauth]': {
    permission: 'public',
    args: () => ({ path: '/api/auth/signout', params: { nextauth: ['signout'] }, form: {} }),
    expect: every(302),
  },
  'POST /api/user/update/name': { permission: 'own', args: () => ({ body: nameChange }), expect: ownAccount },
  'POST /api/user/update/email': { permission: 'own', args: () => ({ body: emailChange() }), expect: ownAccount },
  'POST /api/user/update/phone': { permission: 'own', args: () => ({ body: phoneChange }), expect: ownAccount },
  'POST /api/user/update/password': { permission: 'own', args: () => ({ body: passwordChange }), expect: ownAccount },
  'action lib/actions/settings.ts#updateNameAction': { permission: 'own', args: () => ({ input: nameChange }), expect: ownAccount },
  'action lib/actions/settings.ts#updateEmailAction': { permission: 'own', args: () => ({ input: emailChange() }), expect: ownAccount },
  'action lib/actions/settings.ts#updatePhoneAction': { permission: 'own', args: () => ({ input: phoneChange }), expect: ownAccount },
  'action lib/actions/settings.ts#updatePasswordAction': { permission: 'own', args: () => ({ input: passwordChange }), expect: ownAccount },
  // Settings → Security (issue 31): a handle naming none of the user's sessions changes nothing and answers 200.
  'action lib/actions/settings.ts#endSessionAction': { permission: 'own', args: () => ({ input: { session: 'A'.repeat(22) } }), expect: ownAccount },
  // The authenticator app (issue 31): set-up begins for every real user; a code that is not right is refused
  // after the door (422), so the door itself is what the matrix reads.
  'action lib/actions/settings.ts#beginTotpAction': { permission: 'own', args: () => ({ input: {} }), expect: ownAccount },
  'action lib/actions/settings.ts#confirmTotpAction': { permission: 'own', args: () => ({ input: { code: '000000' } }), expect: ownAccountRefusedAfter(409) },
  'action lib/actions/settings.ts#renewRecoveryCodesAction': {
    permission: 'own',
    args: () => ({ input: { code: '000000' } }),
    expect: ownAccountRefusedAfter(409),
  },
  'action lib/actions/settings.ts#disableTotpAction': {
    permission: 'own',
    args: () => ({ input: { password_check: TEST_PASSWORD, code: '000000' } }),
    expect: ownAccountRefusedAfter(409),
  },
  // Passkeys in Settings (issue 31): adding begins for every real user; a made-up answer (422) and a passkey
  // that is not theirs (404) are refused after the door.
  'action lib/actions/settings.ts#beginPasskeyAction': { permission: 'own', args: () => ({ input: {} }), expect: ownAccount },
  'action lib/actions/settings.ts#addPasskeyAction': {
    permission: 'own',
    args: () => ({ input: { name: 'Matrix key', response: { ...unknownPasskey, response: { clientDataJSON: 'e30', attestationObject: 'oA' } } } }),
    expect: ownAccountRefusedAfter(422),
  },
  'action lib/actions/settings.ts#renamePasskeyAction': {
    permission: 'own',
    prepare: withPasskeys,
    args: (w, role, p) => ({ input: { passkey: ownPasskey(w, role, p), name: 'Renamed' } }),
    expect: ownAccount,
  },
  'action lib/actions/settings.ts#removePasskeyAction': {
    permission: 'own',
    prepare: withPasskeys,
    // The password is right; the made-up code is refused after the door (no app set up).
    args: (w, role, p) => ({ input: { passkey: ownPasskey(w, role, p), password_check: TEST_PASSWORD, code: '000000' } }),
    expect: ownAccountRefusedAfter(422),
  },
  // A challenge to confirm with a passkey: every real user who has one.
  'action lib/actions/settings.ts#confirmPasskeyOptionsAction': { permission: 'own', prepare: withPasskeys, args: () => ({ input: {} }), expect: ownAccount },
  'action lib/actions/settings.ts#endOtherSessionsAction': { permission: 'own', args: () => ({ input: {} }), expect: ownAccount },
  // The link sent to a new email address: its token is the permission, whoever (if anyone) is signed in.
  'action lib/actions/settings.ts#confirmEmailChangeAction': {
    permission: 'public',
    prepare: withEmailChange,
    args: (_w, _r, p) => ({ input: { token: p.emailChangeToken } }),
    expect: every(200),
  },
};
