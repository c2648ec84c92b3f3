import { count, desc, eq, sql } from 'drizzle-orm';
import { NextRequest } from 'next/server';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import AuditLogPageView from '@/app/(workspace)/audit/page';
import { GET as exportRoute } from '@/app/api/admin/audit-export/route';
import { db } from '@/db';
import * as t from '@/db/schema';
import { exportAuditLog } from '@/lib/activity/audit-export';
import { listAuditLog, type AuditLogPage } from '@/lib/activity/audit-log';
import { AppError } from '@/lib/kernel/errors';
import { AUDIT_PAGE_SIZE } from '@/lib/validation/audit-log';
import { actorOf, ctxOf } from '../helpers/context';
import { resetDatabase } from '../helpers/db';
import { makeAdvisor, makeHousehold, makeUser } from '../helpers/factories';
import { redirectOf } from '../helpers/pages';
import { signInAs, signOut } from '../helpers/session';

/*
 * The admin audit log (issue 29): its filters (who, action prefix, household, days in the app's time zone),
 * keyset paging both ways without duplicates or gaps, who may read it (admins; an admin acting as someone
 * acts with that user's roles), bad filters refused with a 422 and nothing written, and the CSV export:
 * escaping, formula neutralisation, and a streamed export of 2,000 rows in batches.
 */

type Person = Awaited<ReturnType<typeof makeUser>>;
let admin: Person;
let otherAdmin: Person;
let advisor: Awaited<ReturnType<typeof makeAdvisor>>;
let couple: Awaited<ReturnType<typeof makeHousehold>>;
let single: Awaited<ReturnType<typeof makeHousehold>>;
let adminCtx: ReturnType<typeof ctxOf>;

type Row = typeof t.auditLog.$inferInsert;
/** Inserts rows as audit() would: each one's household found from its target by the database (migration 0018). */
async function log(rows: Row[]): Promise<number[]> {
  const withHousehold = rows.map((r) => ({
    householdId: r.targetType && r.targetId != null ? sql<number>`audit_household(${r.targetType}, ${r.targetId}::integer)` : null,
    ...r,
  }));
  const inserted = await db.insert(t.auditLog).values(withHousehold).returning({ id: t.auditLog.id });
  return inserted.map((r) => r.id);
}
async function auditCount(): Promise<number> {
  const [row] = await db.select({ n: count() }).from(t.auditLog);
  return row.n;
}
const ids = (page: AuditLogPage) => page.rows.map((r) => r.id);

beforeAll(async () => {
  await resetDatabase();
  admin = await makeUser({ isAdmin: true }, { firstName: 'Ada', lastName: 'Admin', email: 'ada.admin@test.example' });
  otherAdmin = await makeUser({ isAdmin: true }, { firstName: 'Otto', lastName: 'Other' });
  advisor = await makeAdvisor();
  couple = await makeHousehold(advisor.advisor.id, { spouse: true });
  single = await makeHousehold(advisor.advisor.id);
  adminCtx = ctxOf(await actorOf(admin.user));
}, 120_000);
afterAll(() => signOut());

/** Each describe starts from an empty log, so its rows are all there is. */
async function emptyLog() {
  await db.delete(t.auditLog);
}

describe('filters', () => {
  beforeAll(async () => {
    await emptyLog();
    await log([
      { actorUserId: admin.user.id, action: 'user.update', targetType: 'user', targetId: advisor.user.id, ip: '198.51.100.1', userAgent: 'Firefox' },
      // The admin acting as the advisor: recorded as the advisor, with the admin behind it.
      { actorUserId: advisor.user.id, impersonatorUserId: admin.user.id, action: 'client.create', targetType: 'household', targetId: couple.household.id },
      { actorUserId: couple.user.id, action: 'intake.personalInfo.update', targetType: 'client', targetId: couple.client.id },
      { actorUserId: couple.spouse!.user.id, action: 'intake.spouseChoice.update', targetType: 'client', targetId: couple.spouse!.client.id },
      { actorUserId: single.user.id, action: 'intake.personalInfo.update', targetType: 'client', targetId: single.client.id },
      // A user target whose id happens to be a client's: not about the household.
      { actorUserId: otherAdmin.user.id, action: 'user.resetPassword', targetType: 'user', targetId: couple.client.id },
      // LIKE's wildcard taken literally: 'payment.setup_' is no prefix of 'payment.setupXcard'.
      { actorUserId: null, action: 'payment.setup_card', userAgent: 'job:billing.autopay' },
      { actorUserId: null, action: 'payment.setupXcard', userAgent: 'job:billing.autopay' },
    ]);
  });

  it('lists everything newest first, with who acted, the admin behind an impersonation, and System', async () => {
    const page = await listAuditLog(adminCtx, {});
    expect(page.rows.map((r) => r.action)).toEqual([
      'payment.setupXcard',
      'payment.setup_card',
      'user.resetPassword',
      'intake.personalInfo.update',
      'intake.spouseChoice.update',
      'intake.personalInfo.update',
      'client.create',
      'user.update',
    ]);
    const impersonated = page.rows.find((r) => r.action === 'client.create')!;
    expect(impersonated.actor).toEqual({ email: advisor.user.email, name: `${advisor.person.firstName} ${advisor.person.lastName}` });
    expect(impersonated.impersonator).toEqual({ email: 'ada.admin@test.example', name: 'Ada Admin' });
    const first = page.rows.find((r) => r.action === 'user.update')!;
    expect(first).toMatchObject({ ip: '198.51.100.1', userAgent: 'Firefox', target: { type: 'user', id: advisor.user.id, email: advisor.user.email } });
    expect(page.rows[0].actor).toBeNull();
    expect(page).toMatchObject({ newer: null, older: null });
  });

  it('by user: e-mail (any case) or public id, matching what they did and what they did as someone else', async () => {
    const byEmail = await listAuditLog(adminCtx, { user: ' ADA.admin@test.example ' });
    expect(byEmail.rows.map((r) => r.action)).toEqual(['client.create', 'user.update']);
    const byHash = await listAuditLog(adminCtx, { user: couple.spouse!.user.hash });
    expect(byHash.rows.map((r) => r.action)).toEqual(['intake.spouseChoice.update']);
  });

  it('by action prefix, with LIKE wildcards taken literally', async () => {
    expect((await listAuditLog(adminCtx, { action: 'user.' })).rows.map((r) => r.action)).toEqual(['user.resetPassword', 'user.update']);
    expect((await listAuditLog(adminCtx, { action: 'payment.setup_' })).rows.map((r) => r.action)).toEqual(['payment.setup_card']);
    expect((await listAuditLog(adminCtx, { action: 'nothing.' })).rows).toEqual([]);
  });

  it("by household: its own hash or either client's, matching rows about the household and its clients only", async () => {
    const expected = ['intake.spouseChoice.update', 'intake.personalInfo.update', 'client.create'];
    for (const hash of [couple.household.hash, couple.client.hash, couple.spouse!.client.hash]) {
      expect((await listAuditLog(adminCtx, { household: hash })).rows.map((r) => r.action)).toEqual(expected);
    }
    expect((await listAuditLog(adminCtx, { household: single.client.hash })).rows.map((r) => r.target?.id)).toEqual([single.client.id]);
  });

  it('combines filters', async () => {
    const page = await listAuditLog(adminCtx, { household: couple.household.hash, action: 'intake.', user: couple.user.email });
    expect(page.rows.map((r) => r.action)).toEqual(['intake.personalInfo.update']);
  });

  it('refuses a user or household that does not exist with a 422 naming the field (an empty list would hide a typo)', async () => {
    await expect(listAuditLog(adminCtx, { user: 'nobody@test.example' })).rejects.toMatchObject({
      code: 'VALIDATION',
      fieldErrors: { user: expect.any(String) },
    });
    await expect(listAuditLog(adminCtx, { household: 'noSuchHash123' })).rejects.toMatchObject({
      code: 'VALIDATION',
      fieldErrors: { household: expect.any(String) },
    });
  });
});

describe('dates: whole days in the app time zone (America/New_York)', () => {
  let inside: number[];
  beforeAll(async () => {
    await emptyLog();
    // 10 March 2026 in New York (EDT, UTC-4) runs from 04:00Z on the 10th to 04:00Z on the 11th.
    await log([{ action: 'day.before', createdAt: new Date('2026-03-10T03:59:59.999Z') }]);
    inside = await log([
      { action: 'day.start', createdAt: new Date('2026-03-10T04:00:00.000Z') },
      { action: 'day.end', createdAt: new Date('2026-03-11T03:59:59.999Z') },
    ]);
    await log([{ action: 'day.after', createdAt: new Date('2026-03-11T04:00:00.000Z') }]);
  });

  it('from and to are inclusive days', async () => {
    expect(ids(await listAuditLog(adminCtx, { from: '2026-03-10', to: '2026-03-10' })).sort()).toEqual(inside.sort());
    expect((await listAuditLog(adminCtx, { from: '2026-03-11' })).rows.map((r) => r.action)).toEqual(['day.after']);
    expect((await listAuditLog(adminCtx, { to: '2026-03-09' })).rows.map((r) => r.action)).toEqual(['day.before']);
  });
});

describe('keyset paging', () => {
  let all: number[];
  beforeAll(async () => {
    await emptyLog();
    all = await log(Array.from({ length: 125 }, (_, i) => ({ action: i % 2 ? 'page.odd' : 'page.even', actorUserId: admin.user.id })));
    all.reverse();
  });

  it('walks older pages newest first and back through newer pages, without duplicates or gaps', async () => {
    const p1 = await listAuditLog(adminCtx, {});
    expect(ids(p1)).toEqual(all.slice(0, AUDIT_PAGE_SIZE));
    expect(p1.newer).toBeNull();
    const p2 = await listAuditLog(adminCtx, { before: String(p1.older) });
    const p3 = await listAuditLog(adminCtx, { before: String(p2.older) });
    expect(ids(p2)).toEqual(all.slice(AUDIT_PAGE_SIZE, 2 * AUDIT_PAGE_SIZE));
    expect(ids(p3)).toEqual(all.slice(2 * AUDIT_PAGE_SIZE));
    expect(p3.older).toBeNull();
    expect(new Set([...ids(p1), ...ids(p2), ...ids(p3)]).size).toBe(125);
    // Back: Newer from page 3 is page 2 again, and from there page 1 (which has no Newer link).
    const back2 = await listAuditLog(adminCtx, { after: String(p3.newer) });
    expect(ids(back2)).toEqual(ids(p2));
    const back1 = await listAuditLog(adminCtx, { after: String(back2.newer) });
    expect(ids(back1)).toEqual(ids(p1));
    expect(back1.newer).toBeNull();
    expect(back1.older).toBe(p1.older);
  });

  it('rows written while paging do not shift the older pages', async () => {
    const p1 = await listAuditLog(adminCtx, { action: 'page.even' });
    await log([{ action: 'page.even' }, { action: 'page.even' }]);
    const p2 = await listAuditLog(adminCtx, { action: 'page.even', before: String(p1.older) });
    const evens = (await db.select({ id: t.auditLog.id }).from(t.auditLog).where(eq(t.auditLog.action, 'page.even')).orderBy(desc(t.auditLog.id))).map(
      (r) => r.id,
    );
    expect([...ids(p1), ...ids(p2)]).toEqual(evens.filter((id) => id <= ids(p1)[0]));
  });

  it('a page past the end leads back to the rows there are', async () => {
    const past = await listAuditLog(adminCtx, { before: String(Math.min(...all)) });
    expect(past.rows).toEqual([]);
    expect(past.newer).toBe(Math.min(...all) - 1);
    expect(ids(await listAuditLog(adminCtx, { after: String(past.newer) }))).toEqual(all.slice(-AUDIT_PAGE_SIZE));
  });
});

describe('who may read it', () => {
  it('admins only: attorneys, advisors and clients are refused (403), and an admin acting as an advisor too', async () => {
    const legal = await makeUser({ isLegal: true });
    for (const actor of [await actorOf(legal.user), await actorOf(advisor.user), await actorOf(couple.user), await actorOf(advisor.user, admin.user)]) {
      await expect(listAuditLog(ctxOf(actor), {})).rejects.toMatchObject({ code: 'FORBIDDEN' });
      await expect(exportAuditLog(ctxOf(actor), {})).rejects.toMatchObject({ code: 'FORBIDDEN' });
    }
  });

  it('the export route: 401 for guests, 403 for an advisor, nothing written', async () => {
    const before = await auditCount();
    signOut();
    expect((await exportRoute(request(''), noParams)).status).toBe(401);
    await signInAs(advisor.user);
    expect((await exportRoute(request(''), noParams)).status).toBe(403);
    expect(await auditCount()).toBe(before);
  });
});

const noParams = { params: Promise.resolve({}) };
function request(query: string) {
  return new NextRequest(`http://localhost:3000/api/admin/audit-export${query}`, { method: 'GET', headers: { host: 'localhost:3000' } });
}
/** Parses RFC 4180 CSV (quoted cells with doubled quotes, CRLF rows) into rows of cells. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quoted && c === '"' && text[i + 1] === '"') {
      cell += '"';
      i++;
    } else if (c === '"') {
      quoted = !quoted;
    } else if (!quoted && c === ',') {
      row.push(cell);
      cell = '';
    } else if (!quoted && c === '\r' && text[i + 1] === '\n') {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
      i++;
    } else {
      cell += c;
    }
  }
  if (cell || row.length) rows.push([...row, cell]);
  return rows;
}

describe('bad filters', () => {
  const bad: [string, Record<string, string>, string][] = [
    ['an impossible date', { from: '2026-02-30' }, 'from'],
    ['a date in another format', { to: '03/10/2026' }, 'to'],
    ['an end before the start', { from: '2026-03-10', to: '2026-03-01' }, 'to'],
    ['10,000 characters', { user: 'a'.repeat(10_000) }, 'user'],
    ['an action with other characters', { action: "user'; drop table audit_log; --" }, 'action'],
    ['a household id that cannot be one', { household: '../../etc' }, 'household'],
    ['a NUL', { user: 'a\u0000b@test.example' }, 'user'],
    ['a cursor that is no number', { before: 'abc' }, 'before'],
  ];

  it.each(bad)('%s: a 422 naming the field from the page read', async (_name, params, field) => {
    const error = await listAuditLog(adminCtx, params).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AppError);
    expect(error).toMatchObject({ code: 'VALIDATION', status: 422, fieldErrors: { [field]: expect.any(String) } });
  });

  it.each(bad.filter(([, params]) => !('before' in params)))('%s: a 422 { message, errors } from the export, nothing written', async (_name, params, field) => {
    await signInAs(admin.user);
    const before = await auditCount();
    const response = await exportRoute(request(`?${new URLSearchParams(params)}`), noParams);
    expect(response.status).toBe(422);
    const body = await response.json();
    expect(body).toMatchObject({ message: expect.any(String), errors: { [field]: expect.any(String) } });
    expect(await auditCount()).toBe(before);
  });
});

describe('the CSV export', () => {
  beforeEach(emptyLog);

  it('escapes commas, quotes and line breaks, and neutralises formulas; the file is named for today', async () => {
    const tricky = await makeUser({}, { firstName: '=HYPERLINK("http://evil")', lastName: 'Smith, "Jr"' });
    await log([
      {
        actorUserId: tricky.user.id,
        action: 'settings.name.update',
        targetType: 'user',
        targetId: tricky.user.id,
        userAgent: '+cmd|calc',
        ip: '-1+1',
        meta: { note: 'line one\nline two' },
      },
      { actorUserId: admin.user.id, action: 'user.update', userAgent: '@SUM(A1)', meta: { ok: true } },
    ]);
    await signInAs(admin.user);
    const response = await exportRoute(request(''), { params: Promise.resolve({}) });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(response.headers.get('content-disposition')).toMatch(/^attachment; filename="audit-log-\d{4}-\d{2}-\d{2}\.csv"$/);
    const bytes = new Uint8Array(await response.arrayBuffer());
    // A UTF-8 byte-order mark first (Response.text() would drop it), for spreadsheets.
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = new TextDecoder().decode(bytes);
    expect(text.startsWith('id,created_at,actor_email,')).toBe(true);
    const [header, ...rows] = parseCsv(text);
    const col = (name: string) => header.indexOf(name);
    // Newest first: the export's own audit row, then the two above.
    expect(rows.map((r) => r[col('action')])).toEqual(['audit.export', 'user.update', 'settings.name.update']);
    const [, second, third] = rows;
    expect(third[col('actor_name')]).toBe(`'=HYPERLINK("http://evil") Smith, "Jr"`);
    expect(third[col('user_agent')]).toBe("'+cmd|calc");
    expect(third[col('ip')]).toBe("'-1+1");
    expect(JSON.parse(third[col('meta')])).toEqual({ note: 'line one\nline two' });
    expect(third[col('target_email')]).toBe(tricky.user.email);
    expect(second[col('user_agent')]).toBe("'@SUM(A1)");
    expect(second[col('actor_email')]).toBe('ada.admin@test.example');
    // On the wire: the name's quotes doubled inside a quoted cell.
    expect(text).toContain(`"'=HYPERLINK(""http://evil"") Smith, ""Jr"""`);
  });

  it('records the export itself, with its filters', async () => {
    await signInAs(admin.user);
    await (await exportRoute(request('?action=user.'), noParams)).text();
    const [row] = await db.select().from(t.auditLog).where(eq(t.auditLog.action, 'audit.export'));
    expect(row).toMatchObject({ actorUserId: admin.user.id, meta: { filters: { action: 'user.' } } });
  });

  it('streams 2,000 rows in batches, newest first, each once, with the filters applied', async () => {
    const many = await log(Array.from({ length: 2_000 }, (_, i) => ({ action: `bulk.${i % 4 === 0 ? 'four' : 'other'}`, actorUserId: admin.user.id })));
    await log([{ action: 'other.row' }]);
    const { body, filename } = await exportAuditLog(adminCtx, { action: 'bulk.' }, { batch: 300 });
    expect(filename).toMatch(/^audit-log-\d{4}-\d{2}-\d{2}\.csv$/);
    const reader = body.getReader();
    const decoder = new TextDecoder();
    const chunks: string[] = [];
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      chunks.push(decoder.decode(value));
    }
    // The header, then one chunk per batch: 2,000 rows in batches of 300 (the last 200).
    expect(chunks).toHaveLength(1 + Math.ceil(2_000 / 300));
    const [, ...rows] = parseCsv(chunks.join(''));
    expect(rows.map((r) => Number(r[0]))).toEqual([...many].reverse());
  });

  it('a batch that fails breaks the download off and is logged, not a silent short file', async () => {
    await log(Array.from({ length: 30 }, () => ({ action: 'broken.row' })));
    // The database as the export sees it, losing its connection once the first batch is sent.
    let lost = false;
    const flaky = new Proxy(db, {
      get(target, name) {
        if (name === 'select' && lost)
          return () => {
            throw new Error('connection lost');
          };
        const value = (target as unknown as Record<string | symbol, unknown>)[name];
        return typeof value === 'function' ? value.bind(target) : value;
      },
    });
    const { body } = await exportAuditLog(adminCtx, { action: 'broken.' }, { batch: 10 }, flaky);
    const reader = body.getReader();
    await reader.read(); // the header
    expect(parseCsv(decodeChunk((await reader.read()).value))).toHaveLength(10);
    lost = true;
    const spy = jest.spyOn(console, 'error').mockImplementation(() => {});
    try {
      await expect(reader.read()).rejects.toThrow('connection lost');
      expect(spy).toHaveBeenCalledWith('[audit export]', expect.anything());
    } finally {
      spy.mockRestore();
    }
  });

  it('reads the next batch only when the reader asks for it', async () => {
    await log(Array.from({ length: 50 }, () => ({ action: 'lazy.row' })));
    const { body } = await exportAuditLog(adminCtx, { action: 'lazy.' }, { batch: 10 });
    const reader = body.getReader();
    await reader.read(); // the header
    const first = await reader.read();
    expect(parseCsv(decodeChunk(first.value))).toHaveLength(10);
    // Rows written now are newer than the export's first batch: not in it, and the rest still comes.
    await log([{ action: 'lazy.late' }]);
    let rest = '';
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      rest += decodeChunk(value);
    }
    expect(parseCsv(rest)).toHaveLength(40);
    expect(rest).not.toContain('lazy.late');
  });
});

function decodeChunk(value: Uint8Array | undefined): string {
  return new TextDecoder().decode(value);
}

describe('the /audit page', () => {
  const render = async (params: Record<string, string>) =>
    renderToStaticMarkup(createElement('div', null, await AuditLogPageView({ searchParams: Promise.resolve(params) })));

  beforeAll(async () => {
    await emptyLog();
    await log(
      Array.from({ length: 60 }, (_, i) => ({ action: `page.view${i}`, actorUserId: advisor.user.id, impersonatorUserId: admin.user.id, ip: '203.0.113.9' })),
    );
  });

  it('sends guests to sign in and back, and anyone but an admin home', async () => {
    signOut();
    expect(await redirectOf(() => AuditLogPageView({ searchParams: Promise.resolve({ action: 'user.' }) }))).toBe(
      `/login?next=${encodeURIComponent('/audit?action=user.')}`,
    );
    await signInAs(advisor.user);
    expect(await redirectOf(() => AuditLogPageView({ searchParams: Promise.resolve({}) }))).toBe('/dashboard');
    await signInAs(couple.user);
    expect(await redirectOf(() => AuditLogPageView({ searchParams: Promise.resolve({}) }))).toBe('/client-info');
  });

  it('shows a page of rows with the admin "as" the advisor, an Older link keeping the filters, and the export of the same filters', async () => {
    await signInAs(admin.user);
    const html = await render({ action: 'page.', user: admin.user.email });
    expect(html).toContain('<h1>Audit log</h1>');
    expect(html.match(/<tr>/g)).toHaveLength(1 + AUDIT_PAGE_SIZE);
    expect(html).toContain('Ada Admin');
    expect(html).toContain(`as ${advisor.person.firstName} ${advisor.person.lastName} (${advisor.user.email})`);
    expect(html).toMatch(/href="\/audit\?user=ada\.admin%40test\.example&amp;action=page\.&amp;before=\d+">Older →<\/a>/);
    expect(html).toContain('<span aria-disabled="true">← Newer</span>');
    expect(html).toContain('href="/api/admin/audit-export?user=ada.admin%40test.example&amp;action=page."');
  });

  it('shows a refused filter under its field, and no rows; a NUL or 10,000 characters are refused, not a 500', async () => {
    await signInAs(admin.user);
    for (const params of <Record<string, string>[]>[{ from: '2026-02-30' }, { user: `a\u0000b@test.example` }, { household: 'x'.repeat(10_000) }]) {
      const html = await render(params);
      expect(html).toContain('aria-invalid="true"');
      expect(html).not.toContain('<table');
      expect(html).not.toContain('Export CSV');
    }
    expect(await render({ from: '2026-02-30' })).toContain('Enter a valid date.');
  });

  it('an empty result says so', async () => {
    await signInAs(admin.user);
    expect(await render({ action: 'nothing.' })).toContain('No entries match these filters.');
  });
});
