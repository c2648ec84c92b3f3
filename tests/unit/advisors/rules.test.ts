import type { EstatePlanStatus } from '@/db/schema';
import {
  canSendReminder,
  DEFAULT_LIST_STATE,
  filterStatuses,
  likePattern,
  listStateQuery,
  parseListState,
  phoneDigits,
  sortDirectionOf,
  stalledAfterDays,
  statusesMatching,
  statusPassesFilter,
  type ClientFilter,
} from '@/lib/advisors/rules';
import { ESTATE_PLAN_STATUSES } from '@/lib/estate-plans/statuses';
import { lockStateOf } from '@/lib/billing/lock';
import { canResendInvite } from '@/lib/invites/rules';
import { CLIENT_EMAILS_SAME, createClientsSchema } from '@/lib/validation/advisors';

const ALL: (EstatePlanStatus | null)[] = [null, ...ESTATE_PLAN_STATUSES.map((s) => s.code)];

describe('client list filters over all 12 statuses and no plan', () => {
  // Written out independently of the implementation (platform spec §4 "Client list filters").
  const expected: Record<Exclude<ClientFilter, 'stalled'>, (EstatePlanStatus | null)[]> = {
    all: ALL,
    none: [null],
    incomplete: ['incomplete', 'unpaid', 'paid partial', 'paid', 'signed'],
    attorney: ['sent', 'preparing', 'hold', 'awaiting', 'finalizing'],
    canceled: ['canceled'],
    complete: ['complete'],
    // Funding left: also an open funding task, counted in SQL (tests/integration/funding-progress-sql.test.ts).
    funding: ['finalizing', 'complete'],
  };
  it('there are 12 statuses', () => expect(ALL).toHaveLength(13));
  for (const [filter, kept] of Object.entries(expected) as [Exclude<ClientFilter, 'stalled'>, (EstatePlanStatus | null)[]][]) {
    it.each(ALL.map((s) => [s ?? 'no plan', s] as const))(`${filter}: %s`, (_label, status) => {
      expect(statusPassesFilter(status, filter)).toBe(kept.includes(status));
    });
  }
  it('Stalled has no status condition of its own here (it is on the last change, in SQL)', () => {
    expect(filterStatuses('stalled')).toBeNull();
  });
  it('the stalled threshold is 14 days unless configured', () => {
    expect(stalledAfterDays({})).toBe(14);
    expect(stalledAfterDays({ STALLED_AFTER_DAYS: '30' })).toBe(30);
    expect(stalledAfterDays({ STALLED_AFTER_DAYS: 'soon' })).toBe(14);
    expect(stalledAfterDays({ STALLED_AFTER_DAYS: '0' })).toBe(14);
  });
});

describe('sort orders', () => {
  it.each([
    ['created', 'asc', 'desc'],
    ['created', 'desc', 'asc'],
    ['name', 'asc', 'asc'],
    ['name', 'desc', 'desc'],
    ['spouse', 'asc', 'asc'],
    ['status', 'desc', 'desc'],
  ] as const)('%s %s → SQL %s (created: newest first when ascending)', (sort, dir, sql) => {
    expect(sortDirectionOf(sort, dir)).toBe(sql);
  });
});

describe('search helpers', () => {
  it('finds statuses by label or code, and N/A for no plan', () => {
    expect(statusesMatching('review')).toEqual({ codes: ['sent', 'preparing'], noPlan: false });
    expect(statusesMatching('PAID').codes).toEqual(['unpaid', 'paid partial', 'paid']);
    expect(statusesMatching('n/a')).toEqual({ codes: [], noPlan: true });
    expect(statusesMatching('  ')).toEqual({ codes: [], noPlan: false });
  });
  it('escapes LIKE wildcards and lower-cases', () => expect(likePattern(' 50%_A\\ ')).toBe('%50\\%\\_a\\\\%'));
  it('matches phones by their digits, from three digits', () => {
    expect(phoneDigits('(555) 12')).toBe('55512');
    expect(phoneDigits('ann 12')).toBe('');
  });
});

describe('the list state in the address', () => {
  it('reads defaults for anything missing or malformed', () => {
    expect(parseListState({})).toEqual(DEFAULT_LIST_STATE);
    expect(parseListState({ filter: 'bogus', sort: 'x', dir: 'up', page: '-3', size: '7', advisor: '<script>' })).toEqual(DEFAULT_LIST_STATE);
    expect(parseListState({ filter: 'stalled', sort: 'name', dir: 'desc', page: '4', size: '50', q: '  ann  ', advisor: 'abc_-1' })).toEqual({
      filter: 'stalled',
      sort: 'name',
      dir: 'desc',
      page: 4,
      size: 50,
      q: 'ann',
      advisor: 'abc_-1',
    });
  });
  it('writes only what differs from the defaults, and reads back what it wrote', () => {
    expect(listStateQuery({})).toBe('');
    const state = { ...DEFAULT_LIST_STATE, filter: 'complete' as const, q: 'a b', page: 2 };
    const query = listStateQuery(state);
    expect(query).toBe('?filter=complete&q=a+b&page=2');
    expect(parseListState(Object.fromEntries(new URLSearchParams(query)))).toEqual(state);
  });
});

describe('invite resend timing (fake clock)', () => {
  beforeEach(() => jest.useFakeTimers({ now: new Date('2026-11-23T12:00:00Z') }));
  afterEach(() => jest.useRealTimers());
  const sentAt = new Date('2026-11-23T12:00:00Z');
  it('waits 5 minutes after the last send', () => {
    expect(canResendInvite({ sentAt, joined: false }, new Date())).toBe(false);
    jest.advanceTimersByTime(4 * 60 * 1000 + 59 * 1000);
    expect(canResendInvite({ sentAt, joined: false }, new Date())).toBe(false);
    jest.advanceTimersByTime(1000);
    expect(canResendInvite({ sentAt, joined: false }, new Date())).toBe(true);
  });
  it('never for a joined invite', () => {
    jest.advanceTimersByTime(60 * 60 * 1000);
    expect(canResendInvite({ sentAt, joined: true }, new Date())).toBe(false);
  });
  it('reminders: one a day', () => {
    expect(canSendReminder(null, new Date())).toBe(true);
    expect(canSendReminder(new Date('2026-11-22T12:00:01Z'), new Date())).toBe(false);
    expect(canSendReminder(new Date('2026-11-22T12:00:00Z'), new Date())).toBe(true);
  });
});

describe('features lock thresholds', () => {
  it.each([
    [0, 3, 'ok'],
    [1, 3, 'ok'],
    [2, 3, 'warning'],
    [3, 3, 'locked'],
    [4, 3, 'locked'],
    [0, 1, 'warning'],
    [1, 1, 'locked'],
    [0, 0, 'locked'],
  ] as const)('%i unpaid of max %i → %s', (unpaid, max, state) => expect(lockStateOf(unpaid, max)).toBe(state));
});

describe('New Client emails', () => {
  const client = (email: string) => ({ first_name: 'Pat', last_name: 'Lee', email });
  it('the schema refuses the same email twice on the second client, and stores them lower-cased', () => {
    const same = createClientsSchema.safeParse({ advisor_id: 'abc', clients: [client('Pat@Ex.example'), client(' pat@ex.EXAMPLE ')] });
    expect(same.success).toBe(false);
    expect(same.error!.issues.find((i) => i.message === CLIENT_EMAILS_SAME)?.path).toEqual(['clients', 1, 'email']);
    const ok = createClientsSchema.parse({ advisor_id: 'abc', clients: [client(' Pat@Ex.example ')] });
    expect(ok.clients[0].email).toBe('pat@ex.example');
  });
  it('at most 2 clients, at least one', () => {
    expect(createClientsSchema.safeParse({ advisor_id: 'abc', clients: [client('a@x.example'), client('b@x.example'), client('c@x.example')] }).success).toBe(
      false,
    );
    expect(createClientsSchema.safeParse({ advisor_id: 'abc', clients: [] }).success).toBe(false);
  });
});
