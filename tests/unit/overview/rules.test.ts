import {
  advisorListQuery,
  advisorOrder,
  DEFAULT_ADVISOR_LIST_STATE,
  documentIconKind,
  documentUploadPath,
  documentViewPath,
  formatPlainDate,
  nextDirection,
  pageWindow,
  parseAdvisorListState,
} from '@/lib/overview/rules';

describe('the overview list state in the address', () => {
  it.each([
    [{}, DEFAULT_ADVISOR_LIST_STATE],
    [
      { aq: '  Morgan ', asort: 'clients', adir: 'desc', apage: '3' },
      { q: 'Morgan', sort: 'clients', dir: 'desc', page: 3 },
    ],
    [{ asort: 'drop table', adir: 'up', apage: '-2' }, DEFAULT_ADVISOR_LIST_STATE],
    [{ apage: '1.5' }, DEFAULT_ADVISOR_LIST_STATE],
    [{ apage: '100001' }, DEFAULT_ADVISOR_LIST_STATE],
    [{ aq: ['first', 'second'] }, { ...DEFAULT_ADVISOR_LIST_STATE, q: 'first' }],
    [{ aq: 'a\u0000b' }, { ...DEFAULT_ADVISOR_LIST_STATE, q: 'ab' }],
    [{ aq: 'x'.repeat(150) }, { ...DEFAULT_ADVISOR_LIST_STATE, q: 'x'.repeat(100) }],
    // The client list's own parameters are not the overview's.
    [{ q: 'client search', sort: 'status', page: '4' }, DEFAULT_ADVISOR_LIST_STATE],
  ])('%j reads as %j', (params, expected) => {
    expect(parseAdvisorListState(params as Record<string, string>)).toEqual(expected);
  });

  it('writes only what differs from the defaults, and reads back what it wrote', () => {
    expect(advisorListQuery({})).toBe('');
    expect(advisorListQuery(DEFAULT_ADVISOR_LIST_STATE)).toBe('');
    const state = { q: 'Ann & Co', sort: 'activity', dir: 'desc', page: 2 } as const;
    const query = advisorListQuery(state);
    expect(query).toBe('?aq=Ann+%26+Co&asort=activity&adir=desc&apage=2');
    expect(parseAdvisorListState(Object.fromEntries(new URLSearchParams(query)))).toEqual(state);
  });
});

describe('sorting', () => {
  it('a header link flips the active column and starts others in their natural direction', () => {
    expect(nextDirection({ sort: 'name', dir: 'asc' }, 'name')).toBe('desc');
    expect(nextDirection({ sort: 'name', dir: 'desc' }, 'name')).toBe('asc');
    expect(nextDirection({ sort: 'name', dir: 'asc' }, 'firms')).toBe('asc');
    // Counts and last activity: largest / newest first on the first click.
    for (const sort of ['clients', 'submitted', 'review', 'activity'] as const) expect(nextDirection({ sort: 'name', dir: 'asc' }, sort)).toBe('desc');
    expect(nextDirection({ sort: 'clients', dir: 'desc' }, 'clients')).toBe('asc');
  });

  it('orders by the column, empty values last, then by name and id (a stable order across pages)', () => {
    expect(advisorOrder('name', 'desc')).toEqual([
      { column: 'last_key', dir: 'desc', nullsLast: true },
      { column: 'first_key', dir: 'desc', nullsLast: true },
      { column: 'id', dir: 'desc', nullsLast: true },
    ]);
    const activity = advisorOrder('activity', 'asc');
    expect(activity[0]).toEqual({ column: 'last_activity', dir: 'asc', nullsLast: true });
    expect(activity.slice(1).map((t) => [t.column, t.dir])).toEqual([
      ['last_key', 'asc'],
      ['first_key', 'asc'],
      ['id', 'asc'],
    ]);
    expect(advisorOrder('review', 'desc')[0].column).toBe('review');
    expect(advisorOrder('firms', 'asc')[0].column).toBe('firm_key');
    // Every order ends with the id: no two rows tie, so no row shows on two pages.
    for (const sort of ['name', 'firms', 'clients', 'submitted', 'review', 'activity'] as const) {
      for (const dir of ['asc', 'desc'] as const) expect(advisorOrder(sort, dir).at(-1)!.column).toBe('id');
    }
  });
});

describe('paging', () => {
  it.each([
    [0, 1, { pageCount: 1, first: 0, last: 0 }],
    [1, 1, { pageCount: 1, first: 1, last: 1 }],
    [25, 1, { pageCount: 1, first: 1, last: 25 }],
    [26, 2, { pageCount: 2, first: 26, last: 26 }],
    [500, 20, { pageCount: 20, first: 476, last: 500 }],
    [500, 21, { pageCount: 20, first: 0, last: 0 }],
  ])('%i advisors, page %i', (total, page, expected) => {
    expect(pageWindow(total, page)).toEqual(expected);
  });
});

describe('document rows', () => {
  it.each([
    ['Trust.pdf', 'application/pdf', 'pdf'],
    ['scan', 'application/pdf', 'pdf'],
    ['notes.TXT', '', 'text'],
    ['notes.txt', 'text/plain; charset=utf-8', 'text'],
    ['photo.png', 'image/png', 'image'],
    ['photo.JPG', '', 'image'],
    ['photo.jpeg', 'image/jpeg', 'image'],
    ['archive.zip', 'application/zip', 'file'],
    ['no-extension', null, 'file'],
  ])('%s (%s) has the %s icon', (name, type, kind) => {
    expect(documentIconKind(name, type)).toBe(kind);
  });

  it('shows the date as a plain date string in the app time zone', () => {
    expect(formatPlainDate('2026-11-05T15:00:00Z', 'America/New_York')).toBe('Thu Nov 05 2026');
    // Just after midnight UTC is still the evening before in New York.
    expect(formatPlainDate('2026-11-06T02:00:00Z', 'America/New_York')).toBe('Thu Nov 05 2026');
    expect(formatPlainDate('not a date')).toBe('');
  });

  it('links to the spec routes with the hashes escaped', () => {
    expect(documentViewPath('plan1', 'file1')).toBe('/api/file/plan1/file1/view/get');
    expect(documentUploadPath('plan_1-x')).toBe('/api/file/plan_1-x/upload');
    expect(documentViewPath('a/b', 'c?d')).toBe('/api/file/a%2Fb/c%3Fd/view/get');
  });
});
