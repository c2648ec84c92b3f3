import { ACCOUNT_BRAKE, ADDRESS_BRAKE, brakeDelayMs, deviceTrusted, waitLeftMs, type Brake } from '@/lib/auth/sign-in-brake';

const s = 1000;

describe('brakeDelayMs: free failures, then a doubling wait up to the cap', () => {
  it.each([
    [0, 0],
    [4, 0],
    [5, 1 * s],
    [6, 2 * s],
    [7, 4 * s],
    [10, 32 * s],
    [11, 64 * s],
    [12, 120 * s],
    [50, 120 * s],
    [100_000, 120 * s],
  ])('account: %i failures → %i ms', (failures, delay) => {
    expect(brakeDelayMs(failures, ACCOUNT_BRAKE)).toBe(delay);
  });

  it.each([
    [19, 0],
    [20, 1 * s],
    [25, 32 * s],
    [26, 60 * s],
    [1000, 60 * s],
  ])('address: %i failures → %i ms', (failures, delay) => {
    expect(brakeDelayMs(failures, ADDRESS_BRAKE)).toBe(delay);
  });

  it('never refuses for longer than the cap, whatever the count (no lock an attacker can hand out)', () => {
    const brake: Brake = { free: 0, firstDelayMs: 1, maxDelayMs: 10, windowMs: 1 };
    for (const failures of [0, 1, 30, 31, 32, 1e6, Number.MAX_SAFE_INTEGER]) expect(brakeDelayMs(failures, brake)).toBeLessThanOrEqual(10);
  });
});

describe('waitLeftMs: counted from the last failure', () => {
  const now = new Date('2026-11-26T12:00:00Z');
  const ago = (ms: number) => new Date(now.getTime() - ms);
  it.each([
    ['free failures', 4, ago(0), 0],
    ['the 5th failure this instant', 5, ago(0), 1 * s],
    ['the 5th failure half a second ago', 5, ago(500), 500],
    ['the 5th failure a second ago', 5, ago(1 * s), 0],
    ['50 failures, the last a minute ago', 50, ago(60 * s), 60 * s],
    ['50 failures, the last two minutes ago', 50, ago(120 * s), 0],
    ['no failure time', 50, null, 0],
  ])('%s', (_case, failures, last, wait) => {
    expect(waitLeftMs(failures as number, last as Date | null, ACCOUNT_BRAKE, now)).toBe(wait);
  });
});

describe('deviceTrusted: a device cookie vouches until its own 5th failure', () => {
  it.each([
    [0, true],
    [4, true],
    [5, false],
    [9, false],
  ])('%i failures → %p', (failures, trusted) => {
    expect(deviceTrusted(failures)).toBe(trusted);
  });
});
