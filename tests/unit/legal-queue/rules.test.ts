import {
  dashboardHref,
  daysBetween,
  DEFAULT_QUEUE_STATE,
  isFiltered,
  isWaiting,
  parseQueueState,
  QUEUE_FILTER_LABELS,
  queueParams,
  queueStatuses,
  waitedText,
} from '@/lib/legal-queue/rules';

describe('the work queue state in the address', () => {
  it.each([
    [{}, DEFAULT_QUEUE_STATE],
    [
      { qstatus: 'hold', qadvisor: '  Harbor ', qclient: ' Rivera', qpage: '3' },
      { status: 'hold', advisor: 'Harbor', client: 'Rivera', page: 3 },
    ],
    [{ qstatus: 'incomplete', qpage: '-1' }, DEFAULT_QUEUE_STATE],
    [{ qstatus: "sent'; drop table households; --" }, DEFAULT_QUEUE_STATE],
    [{ qpage: '2.5' }, DEFAULT_QUEUE_STATE],
    [{ qpage: '100001' }, DEFAULT_QUEUE_STATE],
    [{ qclient: ['first', 'second'] }, { ...DEFAULT_QUEUE_STATE, client: 'first' }],
    [{ qclient: 'Ri\u0000vera' }, { ...DEFAULT_QUEUE_STATE, client: 'Rivera' }],
    [{ qadvisor: 'x'.repeat(150) }, { ...DEFAULT_QUEUE_STATE, advisor: 'x'.repeat(100) }],
    // The overview's and the client list's parameters are not the queue's.
    [{ aq: 'morgan', q: 'rivera', page: '2', filter: 'complete', status: 'complete' }, DEFAULT_QUEUE_STATE],
  ])('%j reads as %j', (params, expected) => {
    expect(parseQueueState(params as Record<string, string>)).toEqual(expected);
  });

  it('writes only what differs from the defaults, and reads back what it wrote', () => {
    expect(queueParams({})).toEqual({});
    expect(queueParams(DEFAULT_QUEUE_STATE)).toEqual({});
    const state = { status: 'complete', advisor: 'Ann & Co', client: 'Rivera', page: 2 } as const;
    expect(queueParams(state)).toEqual({ qstatus: 'complete', qadvisor: 'Ann & Co', qclient: 'Rivera', qpage: '2' });
    const href = dashboardHref(state);
    expect(href).toBe('/dashboard?qstatus=complete&qadvisor=Ann+%26+Co&qclient=Rivera&qpage=2');
    expect(parseQueueState(Object.fromEntries(new URLSearchParams(href.split('?')[1])))).toEqual(state);
  });

  it("keeps the other lists' parameters in its links, and a plain /dashboard for the defaults", () => {
    expect(dashboardHref(DEFAULT_QUEUE_STATE)).toBe('/dashboard');
    expect(dashboardHref({ page: 2 }, { aq: 'morgan', asort: 'clients' })).toBe('/dashboard?aq=morgan&asort=clients&qpage=2');
  });

  it('is filtered when a status other than the default, an advisor or a client is chosen (not by the page)', () => {
    expect(isFiltered(DEFAULT_QUEUE_STATE)).toBe(false);
    expect(isFiltered({ ...DEFAULT_QUEUE_STATE, page: 4 })).toBe(false);
    expect(isFiltered({ ...DEFAULT_QUEUE_STATE, status: 'all' })).toBe(true);
    expect(isFiltered({ ...DEFAULT_QUEUE_STATE, advisor: 'x' })).toBe(true);
    expect(isFiltered({ ...DEFAULT_QUEUE_STATE, client: 'x' })).toBe(true);
  });
});

describe('the status filter', () => {
  it('lists the open work by default, one status, or every attorney-stage status', () => {
    expect(queueStatuses('attorney')).toEqual(['sent', 'preparing', 'hold', 'awaiting', 'finalizing']);
    expect(queueStatuses('hold')).toEqual(['hold']);
    expect(queueStatuses('complete')).toEqual(['complete']);
    expect(queueStatuses('all')).toEqual(['sent', 'preparing', 'hold', 'awaiting', 'finalizing', 'canceled', 'complete']);
  });

  it("uses the spec's labels", () => {
    expect(QUEUE_FILTER_LABELS).toEqual({
      attorney: 'Attorney Control',
      sent: 'Sent for Review',
      preparing: 'Under Attorney Review',
      hold: 'On Hold',
      awaiting: 'In Client Contact',
      finalizing: 'Being Finalized',
      canceled: 'Canceled',
      complete: 'Complete',
      all: 'All submitted',
    });
  });
});

describe('how long a plan has waited', () => {
  const now = new Date('2026-11-28T12:00:00Z');
  it.each([
    ['2026-11-28T11:00:00Z', 0, 'Less than a day'],
    ['2026-11-27T12:00:00Z', 1, '1 day'],
    ['2026-11-16T09:00:00Z', 12, '12 days'],
    ['2023-11-28T12:00:00Z', 1096, '1,096 days'],
    // A submission "in the future" (clocks apart) has not waited.
    ['2026-11-29T12:00:00Z', 0, 'Less than a day'],
  ])('since %s: %d days, "%s"', (since, days, text) => {
    expect(daysBetween(new Date(since), now)).toBe(days);
    expect(waitedText(days)).toBe(text);
  });

  it('counts only while the plan is open', () => {
    for (const status of ['sent', 'preparing', 'hold', 'awaiting', 'finalizing'] as const) expect(isWaiting(status)).toBe(true);
    for (const status of ['canceled', 'complete', 'incomplete'] as const) expect(isWaiting(status)).toBe(false);
  });
});
