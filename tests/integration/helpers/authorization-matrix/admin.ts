import { hashPasswordToken } from '@/lib/auth/password-rules';
import { sealTotpSecret } from '@/lib/auth/second-factor/factors';
import { newTotpSecret } from '@/lib/auth/second-factor/totp';
import { db } from '@/db';
import * as t from '@/db/schema';
import type { RoleName, World } from '../../../helpers/world';
import { every, owner1, serial, uniqueEmail, type Entry, type Expectation, type Prepared } from '.';

// ---- The admin back office (issue 21) --------------------------------------------------------------------

/** Admins only; an admin acting as an advisor acts with the advisor's roles (403), guests 401. */
const adminOnly: Expectation = { ...every(403), guest: 401, admin: 200 };
/** A confirmed authenticator app of the world's advisor (an admin's reset removes it). */
const withAdvisorTotp = async (w: World): Promise<Prepared> => {
  const hash = `matrixtotp${serial()}${Date.now()}`;
  await db.insert(t.totpFactors).values({ hash, userId: w.users.advisor.id, secretCipher: sealTotpSecret(newTotpSecret(), hash), confirmedAt: new Date() });
  return {};
};
const newAdvisor = () => ({
  first_name: 'Matrix',
  middle_name: '',
  last_name: 'Advisor',
  suffix: '',
  email: uniqueEmail(),
  phone: '5551234567',
  firm_id: '',
  firm_name: 'Matrix New Firm',
  is_firm_supervisor: false,
  is_waiving_fee: true,
  staff_advisors: [],
});
const userEdit = (w: World) => ({
  user_id: w.users.advisor.hash,
  email: uniqueEmail(),
  phone: '5559876543',
  is_firm_supervisor: true,
  is_waiving_fee: true,
  staff_advisors: [],
});
/** A link to choose a password, for the world's advisor. */
const withPasswordLink = async (w: World): Promise<Prepared> => {
  const token = `matrixpasswordlink${serial()}${Date.now()}`;
  await db.insert(t.passwordTokens).values({
    userId: w.users.advisor.id,
    purpose: 'reset',
    tokenHash: hashPasswordToken(token),
    expiresAt: new Date(Date.now() + 3_600_000),
  });
  return { emailChangeToken: token };
};
const newPassword = { password: 'Matrix-Chosen-Password-1', password_confirmation: 'Matrix-Chosen-Password-1' };
/** The admin acts as the world's advisor; the admin acting as that advisor acts as the advisor's client. */
const actAsTarget = (w: World, role: RoleName) => (role === 'adminImpersonating' ? w.household.user.hash : w.users.advisor.hash);
const actAsExpect: Expectation = { ...adminOnly, adminImpersonating: 200 };

/** The hidden Delete Client tool: the world's admin is the configured account. */
const withDeleteAllowed = async (w: World): Promise<Prepared> => {
  process.env.CLIENT_DELETE_ALLOWED_EMAILS = w.users.admin.email;
  return {};
};

export const ADMIN_DOORS: Record<string, Entry> = {
  'POST /api/admin/delete/client': { permission: 'client.delete', prepare: withDeleteAllowed, args: (w) => ({ body: { hash: owner1(w) } }), expect: adminOnly },
  'action lib/actions/admin.ts#deleteClientAction': {
    permission: 'client.delete',
    prepare: withDeleteAllowed,
    args: (w) => ({ input: { hash: owner1(w) } }),
    expect: adminOnly,
  },
  'POST /api/createAdvisor': { permission: 'advisor.create', args: () => ({ body: newAdvisor() }), expect: adminOnly },
  'action lib/actions/admin.ts#createAdvisorAction': { permission: 'advisor.create', args: () => ({ input: newAdvisor() }), expect: adminOnly },
  'POST /api/admin/updateUser': { permission: 'user.update', args: (w) => ({ body: userEdit(w) }), expect: adminOnly },
  'action lib/actions/admin.ts#updateUserAction': { permission: 'user.update', args: (w) => ({ input: userEdit(w) }), expect: adminOnly },
  'action lib/actions/admin.ts#listUsersAction': { permission: 'user.update', args: () => ({ input: { q: 'matrix', page: 1 } }), expect: adminOnly },
  'action lib/actions/admin.ts#listAdvisorChoicesAction': { permission: 'advisor.create', args: () => ({ input: {} }), expect: adminOnly },
  'POST /api/admin/resetPassword': { permission: 'user.resetPassword', args: (w) => ({ body: { user_id: w.users.advisor.hash } }), expect: adminOnly },
  'action lib/actions/admin.ts#resetPasswordAction': {
    permission: 'user.resetPassword',
    args: (w) => ({ input: { user_id: w.users.advisor.hash } }),
    expect: adminOnly,
  },
  // A lost phone (issue 31): the advisor's authenticator app removed by an admin.
  'action lib/actions/admin.ts#resetSecondFactorAction': {
    permission: 'user.resetPassword',
    prepare: withAdvisorTotp,
    args: (w) => ({ input: { user_id: w.users.advisor.hash } }),
    expect: adminOnly,
  },
  'POST /api/impersonate/[userId]': {
    permission: 'own',
    args: (w, role) => ({ path: `/api/impersonate/${actAsTarget(w, role)}`, params: { userId: actAsTarget(w, role) }, form: {} }),
    expect: actAsExpect,
  },
  // The admin audit log's CSV export (issue 29): a GET that writes only its own audit row, and only for admins.
  'GET /api/admin/audit-export': { permission: 'audit.read', args: () => ({ path: '/api/admin/audit-export?action=user.' }), expect: adminOnly },
  'action lib/actions/admin.ts#actAsAction': { permission: 'own', args: (w, role) => ({ input: { user_id: actAsTarget(w, role) } }), expect: actAsExpect },
  // Forgot password answers everyone alike (no enumeration); a password link's token is its own permission.
  'action lib/actions/passwords.ts#forgotPasswordAction': { permission: 'public', args: () => ({ input: { email: uniqueEmail() } }), expect: every(200) },
  'action lib/actions/passwords.ts#setPasswordAction': {
    permission: 'public',
    prepare: withPasswordLink,
    args: (_w, _r, p) => ({ input: { token: p.emailChangeToken, ...newPassword } }),
    expect: every(200),
  },
};
