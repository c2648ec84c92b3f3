import { hasRecentSecondStep, mustUseSecondFactor, secondFactorConfig, secondFactorState } from '@/lib/auth/second-factor/rules';

const NOW = new Date('2026-12-01T12:00:00Z');
const hours = (n: number) => new Date(NOW.getTime() - n * 3600_000);
const staff = (facts: { enrolled?: boolean; dueAt?: Date | null; passedAt?: Date | null } = {}, roles = { isAdmin: false, isLegal: true }) => ({
  ...roles,
  secondFactor: { enrolled: facts.enrolled ?? false, dueAt: facts.dueAt ?? null, passedAt: facts.passedAt ?? null },
});

describe('who must use a second factor, and when', () => {
  it('admins and attorneys must; advisors, staff and clients may', () => {
    expect(mustUseSecondFactor({ isAdmin: true, isLegal: false })).toBe(true);
    expect(mustUseSecondFactor({ isAdmin: false, isLegal: true })).toBe(true);
    expect(mustUseSecondFactor({ isAdmin: false, isLegal: false })).toBe(false);
  });

  it('grace until the due date (or while none is set), overdue after it; set up is enrolled for anyone', () => {
    expect(secondFactorState(staff(), NOW)).toBe('grace');
    expect(secondFactorState(staff({ dueAt: new Date(NOW.getTime() + 1000) }), NOW)).toBe('grace');
    expect(secondFactorState(staff({ dueAt: NOW }), NOW)).toBe('overdue');
    expect(secondFactorState(staff({ enrolled: true, dueAt: hours(100) }), NOW)).toBe('enrolled');
    expect(secondFactorState(staff({}, { isAdmin: false, isLegal: false }), NOW)).toBe('not-required');
    expect(secondFactorState(staff({ enrolled: true }, { isAdmin: false, isLegal: false }), NOW)).toBe('enrolled');
    // An actor built without a session (tests, jobs) has no facts: required roles are in grace.
    expect(secondFactorState({ isAdmin: true, isLegal: false }, NOW)).toBe('grace');
  });

  it('a sensitive step asks for a second step within the last 12 hours once one is set up or due', () => {
    expect(hasRecentSecondStep(staff({ enrolled: true, passedAt: hours(1) }), NOW)).toBe(true);
    expect(hasRecentSecondStep(staff({ enrolled: true, passedAt: hours(13) }), NOW)).toBe(false);
    expect(hasRecentSecondStep(staff({ enrolled: true, passedAt: null }), NOW)).toBe(false);
    expect(hasRecentSecondStep(staff({ dueAt: hours(1) }), NOW)).toBe(false);
    expect(hasRecentSecondStep(staff({ dueAt: new Date(NOW.getTime() + 3600_000) }), NOW)).toBe(true);
    expect(hasRecentSecondStep(staff({}, { isAdmin: false, isLegal: false }), NOW)).toBe(true);
    expect(hasRecentSecondStep(staff({ enrolled: true, passedAt: hours(3) }), NOW, { graceDays: 14, freshHours: 2 })).toBe(false);
  });

  it('reads its configuration with defaults and bounds', () => {
    expect(secondFactorConfig({})).toEqual({ graceDays: 14, freshHours: 12 });
    expect(secondFactorConfig({ SECOND_FACTOR_GRACE_DAYS: '0', SECOND_FACTOR_FRESH_HOURS: '24' })).toEqual({ graceDays: 0, freshHours: 24 });
    expect(secondFactorConfig({ SECOND_FACTOR_GRACE_DAYS: 'soon', SECOND_FACTOR_FRESH_HOURS: '0' })).toEqual({ graceDays: 14, freshHours: 12 });
  });
});
