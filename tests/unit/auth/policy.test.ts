import type { Actor } from '@/lib/kernel/actor';
import { assertNotImpersonating, can, canReadMailedSecret, NOT_WHILE_IMPERSONATING, permissions, type Permission } from '@/lib/kernel/policy';
import { rolesOf, type RoleFlags } from '@/lib/kernel/roles';

const noFlags: RoleFlags = { isAdmin: false, isLegal: false, isAdvisory: false, isAdvisor: false, isClient: false, isFirmSupervisor: false };

function actor(flags: Partial<RoleFlags>, extra: Partial<Actor> = {}): Actor {
  const all = { ...noFlags, ...flags };
  return {
    ...all,
    userId: 1,
    hash: 'h',
    email: 'e',
    name: 'n',
    roles: rolesOf(all),
    advisorId: null,
    clientId: null,
    householdClientIds: [],
    advisorIds: [],
    impersonator: null,
    ...extra,
  };
}

const actors = {
  admin: actor({ isAdmin: true }),
  legal: actor({ isLegal: true }),
  advisor: actor({ isAdvisory: true, isAdvisor: true }),
  staff: actor({ isAdvisory: true }),
  supervisor: actor({ isAdvisory: true, isAdvisor: true, isFirmSupervisor: true }),
  client: actor({ isClient: true }),
};

// The expected matrix, written out independently of the permissions map.
const expected: Record<Permission, (keyof typeof actors)[]> = {
  'intake.read': ['admin', 'legal', 'advisor', 'staff', 'supervisor', 'client'],
  'intake.write': ['admin', 'legal', 'advisor', 'staff', 'supervisor', 'client'],
  'identifiers.reveal': ['admin', 'legal'],
  'plan.submit': ['admin', 'advisor', 'staff', 'supervisor', 'client'],
  'plan.status.update': ['admin', 'legal'],
  'plan.pay': ['admin', 'advisor', 'staff', 'supervisor', 'client'],
  'plan.payment.acknowledge': ['admin', 'legal'],
  'payment.receipt': ['admin', 'legal', 'advisor', 'staff', 'supervisor', 'client'],
  'file.view': ['admin', 'legal', 'advisor', 'staff', 'supervisor', 'client'],
  'file.upload': ['admin', 'legal', 'advisor', 'staff', 'supervisor'],
  'file.delete': ['admin'],
  'dashboard.view': ['admin', 'legal', 'advisor', 'staff', 'supervisor'],
  'advisors.list': ['admin', 'legal'],
  'plans.queue': ['admin', 'legal'],
  'advisor.read': ['admin', 'legal', 'advisor', 'staff', 'supervisor'],
  'advisor.create': ['admin'],
  'advisor.pay': ['admin', 'advisor', 'staff', 'supervisor'],
  'client.create': ['admin', 'advisor', 'staff', 'supervisor'],
  'client.delete': ['admin'],
  'invite.send': ['admin', 'advisor', 'staff', 'supervisor'],
  'client.remind': ['admin', 'advisor', 'staff', 'supervisor'],
  'user.update': ['admin'],
  'user.resetPassword': ['admin'],
  'user.impersonate': ['admin'],
  // Only ever reached while an admin acts as the advisor (lib/auth/impersonate.ts checks the impersonation).
  'client.actAs': ['advisor', 'staff', 'supervisor'],
  'outbox.read': ['admin'],
  'audit.read': ['admin'],
  'funding.read': ['admin', 'legal', 'advisor', 'staff', 'supervisor', 'client'],
  'funding.update': ['advisor', 'staff', 'supervisor', 'client'],
  'plan.summary.read': ['admin', 'legal', 'advisor', 'staff', 'supervisor', 'client'],
  'activity.read.household': ['admin', 'legal'],
  'activity.read.own': ['client'],
  'firm.security.update': ['supervisor', 'admin'],
};

describe('permissions map', () => {
  it('covers exactly the expected permissions', () => {
    expect(Object.keys(permissions).sort()).toEqual(Object.keys(expected).sort());
  });

  for (const [permission, allowed] of Object.entries(expected) as [Permission, (keyof typeof actors)[]][]) {
    it.each(Object.keys(actors) as (keyof typeof actors)[])(`${permission}: %s`, (name) => {
      expect(can(actors[name], permission)).toBe(allowed.includes(name));
    });
    it(`${permission}: guests never`, () => {
      expect(can(null, permission)).toBe(false);
    });
  }
});

describe('roles', () => {
  it('staff are advisory users who are not advisors; supervisors must be advisory', () => {
    expect(rolesOf({ ...noFlags, isAdvisory: true })).toEqual(['staff']);
    expect(rolesOf({ ...noFlags, isFirmSupervisor: true })).toEqual([]);
  });
});

describe('assertNotImpersonating (issue 21)', () => {
  it('lets a user acting as themself through and refuses an impersonation with 403', () => {
    expect(() => assertNotImpersonating(actors.admin)).not.toThrow();
    const acting = actor({ isAdvisory: true, isAdvisor: true }, { impersonator: { userId: 9, hash: 'a', name: 'Ada Admin' } });
    expect(() => assertNotImpersonating(acting)).toThrow(expect.objectContaining({ code: 'FORBIDDEN', message: NOT_WHILE_IMPERSONATING }));
  });
});

describe('canReadMailedSecret (issue 26): a secret that opens an admin or attorney account is its owner’s alone', () => {
  const account = (userId: number, flags: { isAdmin?: boolean; isLegal?: boolean } = {}) => ({ userId, isAdmin: false, isLegal: false, ...flags });
  const me = actor({ isAdmin: true }, { userId: 7 });

  it.each([
    ['an invitee (no account yet)', null, true],
    ['an advisor, staff or client account', account(20), true],
    ['another admin', account(21, { isAdmin: true }), false],
    ['an attorney', account(22, { isLegal: true }), false],
    ['the admin’s own account', account(7, { isAdmin: true }), true],
  ] as const)('an admin reading a secret for %s: %s', (_name, addressee, allowed) => {
    expect(canReadMailedSecret(me, addressee)).toBe(allowed);
  });

  it('nobody without the outbox permission, not even for their own account', () => {
    for (const name of ['legal', 'advisor', 'staff', 'supervisor', 'client'] as const) {
      expect(canReadMailedSecret(actors[name], account(1))).toBe(false);
      expect(canReadMailedSecret(actors[name], null)).toBe(false);
    }
    const acting = actor({ isAdvisory: true, isAdvisor: true }, { impersonator: { userId: 9, hash: 'a', name: 'Ada Admin' } });
    expect(canReadMailedSecret(acting, account(20))).toBe(false);
  });
});
