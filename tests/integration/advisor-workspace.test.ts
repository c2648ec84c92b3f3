import { and, count, eq, sql } from 'drizzle-orm';
import { countQueries, db } from '@/db';
import * as t from '@/db/schema';
import { listClientPage } from '@/lib/advisors/client-list';
import { createClients } from '@/lib/advisors/create-clients';
import { loadDashboard } from '@/lib/advisors/dashboard';
import { DEFAULT_LIST_STATE, type ClientListState } from '@/lib/advisors/rules';
import { FEATURE_LOCKED_MESSAGE } from '@/lib/billing/lock';
import { sendReminder } from '@/lib/advisors/send-reminder';
import { createClientAccount } from '@/lib/accounts/create-client-account';
import { API_INVITES, INVITE_PAGE_SIZE, invitePageSql, invitesOfAdvisor, listInvites, resendInvite, sendInvite } from '@/lib/invites/invites';
import { customPlan, genericPlan } from '../helpers/list-plans';
import { COMPLETION_RULES_VERSION } from '@/lib/intake/completion';
import { refreshStaleCompletions } from '@/lib/intake/completion-cache';
import { loadIntake } from '@/lib/intake/load';
import { updatePersonalInfo } from '@/lib/intake/update-personal-info';
import { systemContext } from '@/lib/kernel/system-context';
import { actorOf, ctxOf, guestCtx } from '../helpers/context';
import { makeAdvisor, makeFirm, makeHousehold, makeStaff } from '../helpers/factories';
import { resetDatabase } from '../helpers/db';
import { mailboxOf } from '../helpers/mailbox';

const state = (change: Partial<ClientListState> = {}): ClientListState => ({ ...DEFAULT_LIST_STATE, ...change });

/** A client created directly with a name, email, phone, created time and a latest plan status. */
async function client(
  advisorId: number,
  first: string,
  last: string,
  options: { created?: string; status?: t.EstatePlanStatus | null; spouse?: [string, string]; email?: string; phone?: string; lastChange?: string } = {},
) {
  const [p] = await db
    .insert(t.persons)
    .values({ firstName: first, lastName: last, email: options.email ?? `${first}.${last}@list.example`.toLowerCase(), phone: options.phone ?? null })
    .returning();
  const created = options.created ? new Date(options.created) : new Date();
  const [c] = await db.insert(t.clients).values({ personId: p.id, advisorId, createdAt: created }).returning();
  let spouseId: number | null = null;
  if (options.spouse) {
    const [sp] = await db.insert(t.persons).values({ firstName: options.spouse[0], lastName: options.spouse[1] }).returning();
    const [s] = await db.insert(t.clients).values({ personId: sp.id, advisorId, createdAt: created }).returning();
    spouseId = s.id;
  }
  const [h] = await db
    .insert(t.households)
    .values({ owner1ClientId: c.id, owner2ClientId: spouseId, ...(options.lastChange ? { lastChangeAt: new Date(options.lastChange) } : {}) })
    .returning();
  if (options.status !== null) await db.insert(t.estatePlans).values({ clientId: c.id, status: options.status ?? 'incomplete', createdAt: created });
  return { client: c, household: h };
}

beforeEach(async () => {
  await resetDatabase();
});

describe('the client list in SQL', () => {
  async function world() {
    const a = await makeAdvisor();
    const other = await makeAdvisor();
    const ctx = ctxOf(await actorOf(a.user));
    await client(a.advisor.id, 'Ann', 'Zeta', { created: '2026-01-01', status: 'incomplete', spouse: ['Bob', 'Zeta'], phone: '5551112222' });
    await client(a.advisor.id, 'Cara', 'Young', { created: '2026-02-01', status: 'sent' });
    await client(a.advisor.id, 'Dan', 'Xu', { created: '2026-03-01', status: null });
    await client(a.advisor.id, 'Eve', 'West', { created: '2026-04-01', status: 'canceled' });
    await client(a.advisor.id, 'Fay', 'Vance', { created: '2026-05-01', status: 'complete', spouse: ['Gus', 'Adams'] });
    await client(a.advisor.id, 'Hal', 'Umber', { created: '2026-06-01', status: 'paid', lastChange: '2025-01-01' });
    await client(other.advisor.id, 'Ivy', 'Outsider', { created: '2026-07-01', status: 'incomplete' });
    return { a, ctx };
  }
  const names = (page: { rows: { name: string }[] }) => page.rows.map((r) => r.name);

  it('filters by the spec definitions over the latest plan, and Stalled by the last change', async () => {
    const { a, ctx } = await world();
    const list = (filter: ClientListState['filter']) =>
      listClientPage(ctx.actor, { advisorIds: [a.advisor.id], state: state({ filter }), stalledDays: 14 }).then(names);
    expect(await list('all')).toEqual(['Hal Umber', 'Fay Vance', 'Eve West', 'Dan Xu', 'Cara Young', 'Ann Zeta']);
    expect(await list('none')).toEqual(['Dan Xu']);
    expect(await list('incomplete')).toEqual(['Hal Umber', 'Ann Zeta']);
    expect(await list('attorney')).toEqual(['Cara Young']);
    expect(await list('canceled')).toEqual(['Eve West']);
    expect(await list('complete')).toEqual(['Fay Vance']);
    expect(await list('stalled')).toEqual(['Hal Umber']);
  });

  it('sorts by name, spouse, created (newest first ascending) and status, in both directions', async () => {
    const { a, ctx } = await world();
    const list = (sort: ClientListState['sort'], dir: 'asc' | 'desc') =>
      listClientPage(ctx.actor, { advisorIds: [a.advisor.id], state: state({ sort, dir }), stalledDays: 14 }).then(names);
    expect(await list('name', 'asc')).toEqual(['Hal Umber', 'Fay Vance', 'Eve West', 'Dan Xu', 'Cara Young', 'Ann Zeta']);
    expect(await list('name', 'desc')).toEqual(['Ann Zeta', 'Cara Young', 'Dan Xu', 'Eve West', 'Fay Vance', 'Hal Umber']);
    expect((await list('spouse', 'asc')).slice(0, 2)).toEqual(['Fay Vance', 'Ann Zeta']);
    expect((await list('spouse', 'desc')).slice(0, 2)).toEqual(['Ann Zeta', 'Fay Vance']);
    expect(await list('created', 'asc')).toEqual(['Hal Umber', 'Fay Vance', 'Eve West', 'Dan Xu', 'Cara Young', 'Ann Zeta']);
    expect(await list('created', 'desc')).toEqual(['Ann Zeta', 'Cara Young', 'Dan Xu', 'Eve West', 'Fay Vance', 'Hal Umber']);
    // Workflow order, no plan last.
    expect(await list('status', 'asc')).toEqual(['Ann Zeta', 'Hal Umber', 'Cara Young', 'Eve West', 'Fay Vance', 'Dan Xu']);
    expect(await list('status', 'desc')).toEqual(['Fay Vance', 'Eve West', 'Cara Young', 'Hal Umber', 'Ann Zeta', 'Dan Xu']);
  });

  it('searches name, email, phone, status and spouse name', async () => {
    const { a, ctx } = await world();
    const find = (q: string) => listClientPage(ctx.actor, { advisorIds: [a.advisor.id], state: state({ q }), stalledDays: 14 }).then(names);
    expect(await find('cara')).toEqual(['Cara Young']);
    expect(await find('eve.west@')).toEqual(['Eve West']);
    expect(await find('(555) 111')).toEqual(['Ann Zeta']);
    expect(await find('Sent for Rev')).toEqual(['Cara Young']);
    expect(await find('n/a')).toEqual(['Dan Xu']);
    expect(await find('gus adams')).toEqual(['Fay Vance']);
    expect(await find('ivy')).toEqual([]); // another advisor's client
    expect(await find('100%_')).toEqual([]); // LIKE wildcards are literal
  });

  it('pages with the filtered total; a page past the end is empty with the total', async () => {
    const { a, ctx } = await world();
    const page = (p: number) => listClientPage(ctx.actor, { advisorIds: [a.advisor.id], state: state({ page: p, size: 25 }), stalledDays: 14 });
    const first = await page(1);
    expect(first.total).toBe(6);
    expect(first.pageCount).toBe(1);
    const past = await page(3);
    expect(past.rows).toEqual([]);
    expect(past.total).toBe(6);
  });

  it('the dashboard costs the same number of queries for 5 households as for 60', async () => {
    const few = await makeAdvisor();
    const many = await makeAdvisor();
    for (let i = 0; i < 5; i++) await client(few.advisor.id, `Few${String.fromCharCode(65 + i)}`, 'Client');
    for (let i = 0; i < 60; i++) await client(many.advisor.id, `Many${String.fromCharCode(65 + (i % 26))}`, `Client${i}`);
    const small = ctxOf(await actorOf(few.user));
    const large = ctxOf(await actorOf(many.user));
    // The refresh job fills the completion cache (a view only reads it); the views then read it.
    await refreshStaleCompletions(systemContext('test'));
    const a = await countQueries(() => loadDashboard(small, state()));
    const b = await countQueries(() => loadDashboard(large, state()));
    expect(b.count).toBe(a.count);
    expect(b.result.page.rows).toHaveLength(25);
    expect(b.result.page.total).toBe(60);
    expect(b.result.page.rows.every((r) => r.completionPercent !== null)).toBe(true);
  });

  it('reads the cached completion, and recomputes a figure cached under other completion rules', async () => {
    const a = await makeAdvisor();
    const { household } = await client(a.advisor.id, 'Cache', 'Rules');
    const ctx = ctxOf(await actorOf(a.user));
    const shown = async () => (await loadDashboard(ctx, state())).page.rows[0].completionPercent;
    const computed = await shown();
    expect(computed).not.toBe(7);
    await refreshStaleCompletions(systemContext('test'));
    const [cached] = await db.select().from(t.households).where(eq(t.households.id, household.id));
    expect(cached).toMatchObject({ completionPercent: computed, completionRules: COMPLETION_RULES_VERSION });
    // A figure under the current rules is read as stored (a planted 7 shows)...
    await db.update(t.households).set({ completionPercent: 7 }).where(eq(t.households.id, household.id));
    expect(await shown()).toBe(7);
    // ...one under earlier rules (or none recorded, as before the version existed) is recomputed for the
    // view, and stored by the refresh job (the view itself never writes).
    for (const older of [COMPLETION_RULES_VERSION - 1, null]) {
      await db.update(t.households).set({ completionPercent: 7, completionRules: older }).where(eq(t.households.id, household.id));
      expect(await shown()).toBe(computed);
      expect(await refreshStaleCompletions(systemContext('test'))).toBe(1);
      const [stored] = await db.select().from(t.households).where(eq(t.households.id, household.id));
      expect(stored).toMatchObject({ completionPercent: computed, completionRules: COMPLETION_RULES_VERSION });
    }
  });
});

describe('scope of the dashboard', () => {
  it('staff see their advisors with a selector; a firm supervisor sees My Team; titles name the advisor', async () => {
    const firm = await makeFirm();
    const sup = await makeAdvisor({ firmId: firm.id, supervisor: true });
    const a1 = await makeAdvisor({ firmId: firm.id });
    const a2 = await makeAdvisor();
    await client(a1.advisor.id, 'One', 'Client');
    await client(a2.advisor.id, 'Two', 'Client');
    const staff = await makeStaff([a1.advisor.id, a2.advisor.id]);
    const staffCtx = ctxOf(await actorOf(staff.user));
    const d = await loadDashboard(staffCtx, state());
    expect(d.advisorChoices).toHaveLength(2);
    expect(d.team).toBeNull();
    const chosen = await loadDashboard(staffCtx, state({ advisor: a2.advisor.hash }));
    expect(chosen.tableTitle).toMatch(/'s Clients$/);
    expect(chosen.page.rows.map((r) => r.name)).toEqual(['Two Client']);

    const supCtx = ctxOf(await actorOf(sup.user));
    const s = await loadDashboard(supCtx, state());
    expect(s.tableTitle).toBe('My Clients');
    expect(s.team?.map((a) => a.hash).sort()).toEqual([sup.advisor.hash, a1.advisor.hash].sort());
    const viewing = await loadDashboard(supCtx, state({ advisor: a1.advisor.hash }));
    expect(viewing.page.rows.map((r) => r.name)).toEqual(['One Client']);
    // Another firm's advisor asked for by hash: not in scope, the own list instead.
    const outside = await loadDashboard(supCtx, state({ advisor: a2.advisor.hash }));
    expect(outside.selected?.hash).toBe(sup.advisor.hash);
  });

  it("counts My Team in households, as the list lists them: a couple is one, and a spouse of another advisor's client counts under their own advisor", async () => {
    const firm = await makeFirm();
    const sup = await makeAdvisor({ firmId: firm.id, supervisor: true });
    const a1 = await makeAdvisor({ firmId: firm.id });
    await client(a1.advisor.id, 'Ann', 'Pair', { spouse: ['Bob', 'Pair'] });
    await client(a1.advisor.id, 'Cid', 'Single');
    const mixed = await client(a1.advisor.id, 'Dee', 'Mixed', { spouse: ['Eli', 'Mixed'] });
    // Eli is the supervisor's client, married to a1's Dee: a1 lists the couple, the supervisor lists Eli alone.
    await db.update(t.clients).set({ advisorId: sup.advisor.id }).where(eq(t.clients.id, mixed.household.owner2ClientId!));
    const supCtx = ctxOf(await actorOf(sup.user));
    const { team } = await loadDashboard(supCtx, state());
    const counts = Object.fromEntries((team ?? []).map((a) => [a.hash, a.householdCount]));
    expect(counts).toEqual({ [a1.advisor.hash]: 3, [sup.advisor.hash]: 1 });
    for (const a of [a1, sup]) {
      const listed = await loadDashboard(supCtx, state({ advisor: a.advisor.hash }));
      expect(listed.page.total).toBe(counts[a.advisor.hash]);
    }
  });
});

/** A client as the New Client screen sends one. */
const newClient = (email: string, first = 'Pat') => ({
  first_name: first,
  middle_name: '',
  last_name: 'Newman',
  suffix: '' as const,
  email,
  mobile_phone: '5550001111',
  date_of_birth: '1970-02-03',
  social_security_number: '123456789',
  gender: 'female' as const,
});

describe('New Client, invites and the takeover join', () => {
  it('creates a couple as one household with a plan and two invites; the e-mails carry join links', async () => {
    const a = await makeAdvisor();
    const ctx = ctxOf(await actorOf(a.user));
    const result = await createClients(ctx, { advisor_id: a.advisor.hash, clients: [newClient('pat@new.example'), newClient('sam@new.example', 'Sam')] });
    expect(result.clients).toHaveLength(2);
    const [h] = await db.select().from(t.households).where(eq(t.households.hash, result.household));
    expect(h.owner2ClientId).not.toBeNull();
    expect(await db.select().from(t.estatePlans).where(eq(t.estatePlans.clientId, h.owner1ClientId))).toHaveLength(1);
    const invites = await db.select().from(t.invites).where(eq(t.invites.advisorId, a.advisor.id));
    expect(invites.map((i) => i.clientId).sort()).toEqual([h.owner1ClientId, h.owner2ClientId].sort());
    expect(await db.select().from(t.mailOutbox)).toHaveLength(2);
    const [mail] = await mailboxOf('pat@new.example');
    expect(mail.text).toMatch(new RegExp(`/join/${a.advisor.hash}\\?invite=`));
    const [person] = await db.select().from(t.persons).where(eq(t.persons.email, 'pat@new.example'));
    expect(person.ssnLast4).toBe('6789');
    expect(person.ssnCipher).not.toContain('123456789');
  });

  it('refuses the same email twice (any case) and an email that has an account or a pending record; nothing written', async () => {
    const a = await makeAdvisor();
    const ctx = ctxOf(await actorOf(a.user));
    const before = (await db.select({ n: count() }).from(t.clients))[0].n;
    await expect(createClients(ctx, { advisor_id: a.advisor.hash, clients: [newClient('x@new.example'), newClient(' X@New.example ')] })).rejects.toMatchObject(
      { code: 'VALIDATION', message: 'Client emails cannot be the same' },
    );
    await createClients(ctx, { advisor_id: a.advisor.hash, clients: [newClient('pending@new.example')] });
    await expect(createClients(ctx, { advisor_id: a.advisor.hash, clients: [newClient('pending@new.example')] })).rejects.toMatchObject({ code: 'CONFLICT' });
    await expect(createClients(ctx, { advisor_id: a.advisor.hash, clients: [newClient(a.user.email)] })).rejects.toMatchObject({ code: 'CONFLICT' });
    expect((await db.select({ n: count() }).from(t.clients))[0].n).toBe(before + 1);
  });

  async function signUp(email: string, extra: { advisor_hash?: string; invite?: string } = {}) {
    return createClientAccount(guestCtx(`198.51.100.${Math.floor(Math.random() * 200) + 1}`), {
      first_name: 'Typed',
      middle_name: 'Middle',
      last_name: 'Name',
      suffix: '',
      email,
      phone: '5559998888',
      password: 'Sturdy-Pass-42',
      advisor_hash: extra.advisor_hash ?? '',
      invite: extra.invite,
    });
  }
  const tokenOf = (text: string) => decodeURIComponent(/invite=([^\s]+)/.exec(text)![1]);

  it('a client joining through the invite link takes over the advisor-created record: no second client, ever', async () => {
    const a = await makeAdvisor();
    const ctx = ctxOf(await actorOf(a.user));
    const created = await createClients(ctx, { advisor_id: a.advisor.hash, clients: [newClient('pat@take.example'), newClient('sam@take.example', 'Sam')] });
    const clientsBefore = (await db.select({ n: count() }).from(t.clients))[0].n;
    const [mail] = await mailboxOf('pat@take.example');
    // Joins with another email through the link: still the record the token names.
    await signUp('pat.personal@take.example', { advisor_hash: a.advisor.hash, invite: tokenOf(mail.text) });
    expect((await db.select({ n: count() }).from(t.clients))[0].n).toBe(clientsBefore);
    const [owner1] = await db.select().from(t.clients).where(eq(t.clients.hash, created.clients[0].hash));
    expect(owner1.userId).not.toBeNull();
    const [person] = await db.select().from(t.persons).where(eq(t.persons.id, owner1.personId));
    expect(person.firstName).toBe('Pat'); // the advisor's entry stays
    expect(person.ssnLast4).toBe('6789');
    // The spouse's e-mail typed without the link proves nothing: answered like a new account, nothing taken
    // or created, and the address is told to use its invitation; the link works.
    const spouseClientsBefore = await db.select().from(t.clients).where(eq(t.clients.hash, created.clients[1].hash));
    const [spouseMail] = await mailboxOf('sam@take.example');
    await expect(signUp('SAM@take.example')).resolves.toEqual({ discounted: true });
    await expect(signUp('sam@take.example', { advisor_hash: a.advisor.hash })).resolves.toEqual({ discounted: true });
    expect(await db.select().from(t.clients).where(eq(t.clients.hash, created.clients[1].hash))).toEqual(spouseClientsBefore);
    expect(await db.select().from(t.users).where(eq(t.users.email, 'sam@take.example'))).toEqual([]);
    const told = await db
      .select()
      .from(t.mailOutbox)
      .where(and(eq(t.mailOutbox.to, 'sam@take.example'), eq(t.mailOutbox.subject, 'Your invitation to Trustwell is waiting for you')));
    expect(told).toHaveLength(1);
    await signUp('SAM@take.example', { invite: tokenOf(spouseMail.text) });
    expect((await db.select({ n: count() }).from(t.clients))[0].n).toBe(clientsBefore);
    const invites = await db.select().from(t.invites).where(eq(t.invites.advisorId, a.advisor.id));
    expect(invites.every((i) => i.joinedUserId !== null)).toBe(true);
    // Both logins open the same household, with the plan the advisor's creation made.
    const [patUser] = await db.select().from(t.users).where(eq(t.users.email, 'pat.personal@take.example'));
    const view = await loadIntake(ctxOf(await actorOf(patUser)), created.clients[0].hash);
    expect(view.spouse).not.toBeNull();
    // A second sign-up with the same link is an existing account now: nothing is created, its owner is mailed.
    await expect(signUp('pat.personal@take.example', { invite: tokenOf(mail.text) })).resolves.toBeDefined();
    expect(await db.select().from(t.mailOutbox).where(eq(t.mailOutbox.to, 'pat.personal@take.example'))).toHaveLength(1);
    expect((await db.select({ n: count() }).from(t.clients))[0].n).toBe(clientsBefore);
  });

  it("a record waiting for an email is taken only with an invitation's proof of that mailbox, whoever sent it", async () => {
    const a = await makeAdvisor();
    const b = await makeAdvisor();
    const created = await createClients(ctxOf(await actorOf(a.user)), { advisor_id: a.advisor.hash, clients: [newClient('robin@proof.example', 'Robin')] });
    // Advisor B invites the same person (a plain invite: B has no record for this email).
    await sendInvite(ctxOf(await actorOf(b.user)), { advisor_id: b.advisor.hash, client_name: 'Robin Newman', client_email: 'robin@proof.example' });
    const bMail = (await mailboxOf('robin@proof.example')).find((m) => m.text.includes(`/join/${b.advisor.hash}?invite=`))!;
    // Someone else's invitation (another mailbox) proves nothing about Robin's.
    await sendInvite(ctxOf(await actorOf(b.user)), { advisor_id: b.advisor.hash, client_name: 'Eve Intruder', client_email: 'eve@proof.example' });
    const [eveMail] = await mailboxOf('eve@proof.example');
    await expect(signUp('robin@proof.example', { invite: tokenOf(eveMail.text) })).resolves.toBeDefined();
    const [waiting] = await db.select().from(t.clients).where(eq(t.clients.hash, created.clients[0].hash));
    expect(waiting.userId).toBeNull();
    // B's link was mailed to Robin's address: Robin takes the record A created (their own answers), still A's client.
    const clientsBefore = (await db.select({ n: count() }).from(t.clients))[0].n;
    await signUp('robin@proof.example', { advisor_hash: b.advisor.hash, invite: tokenOf(bMail.text) });
    const [taken] = await db.select().from(t.clients).where(eq(t.clients.hash, created.clients[0].hash));
    expect(taken.userId).not.toBeNull();
    expect(taken.advisorId).toBe(a.advisor.id);
    // The invitation that proved it shows Joined on B's list; the other mailbox's stays open.
    const bInvites = await db.select().from(t.invites).where(eq(t.invites.advisorId, b.advisor.id));
    expect(bInvites.find((i) => i.clientEmail === 'robin@proof.example')?.joinedUserId).toBe(taken.userId);
    expect(bInvites.find((i) => i.clientEmail === 'eve@proof.example')?.joinedUserId).toBeNull();
    expect((await db.select({ n: count() }).from(t.clients))[0].n).toBe(clientsBefore);
  });

  it('send and resend: 5 minutes between sends, joined invites are not resent, each send is audited', async () => {
    const a = await makeAdvisor();
    const ctx = ctxOf(await actorOf(a.user));
    const { invites: list } = await sendInvite(ctx, { advisor_id: a.advisor.hash, client_name: 'Jo Invitee', client_email: 'jo@invite.example' });
    expect(list[0]).toMatchObject({ name: 'Jo Invitee', email: 'jo@invite.example', is_created: false, can_resend: false });
    await expect(resendInvite(ctx, { id: list[0].id })).rejects.toMatchObject({
      code: 'RATE_LIMITED',
      message: 'Please wait 5 minutes before resending this invitation.',
    });
    await db.update(t.invites).set({ sentAt: sql`now() - interval '6 minutes'` });
    const again = await resendInvite(ctx, { id: list[0].id });
    expect(again.invites[0].can_resend).toBe(false);
    expect((await db.select().from(t.mailOutbox)).length).toBe(2);
    expect(
      (
        await db
          .select()
          .from(t.auditLog)
          .where(sql`${t.auditLog.action} like 'invite.%'`)
      )
        .map((r) => r.action)
        .sort(),
    ).toEqual(['invite.resend', 'invite.send']);
    // Joining (with the invited email, through the advisor's link) marks it Joined.
    await signUp('jo@invite.example', { advisor_hash: a.advisor.hash });
    await db.update(t.invites).set({ sentAt: sql`now() - interval '6 minutes'` });
    await expect(resendInvite(ctx, { id: list[0].id })).rejects.toMatchObject({ code: 'CONFLICT' });
    // The dashboard reads the invites with the billing, in one statement: the same list as the invites' own reader.
    await sendInvite(ctx, { advisor_id: a.advisor.hash, client_name: 'Second Invitee', client_email: 'second@invite.example' });
    const dashboardInvites = (await loadDashboard(ctx, state())).invites;
    expect(dashboardInvites?.invites).toHaveLength(2);
    expect(dashboardInvites).toEqual(await listInvites(ctx, { advisor_id: a.advisor.hash }));
    // Another advisor cannot see or resend it.
    const b = await makeAdvisor();
    await expect(resendInvite(ctxOf(await actorOf(b.user)), { id: list[0].id })).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });

  it('reads a page of invites in invites_advisor_idx order, no sort of the book (EXPLAIN, with and without its values)', async () => {
    const a = await makeAdvisor();
    await db.execute(sql`
      insert into invites (hash, advisor_id, client_name, client_email, sent_at, token_hash)
      select md5('explain-invite-' || ${a.advisor.id} || '-' || g), ${a.advisor.id}, 'Book ' || g, 'book' || g || '@explain.example', now() - g * interval '1 minute', 'explain-' || ${a.advisor.id} || '-' || g
        from generate_series(1, 2000) g`);
    await db.execute(sql`analyze invites`);
    const statement = sql`select ${invitePageSql(a.advisor.id, { page: 3, size: INVITE_PAGE_SIZE })}`;
    for (const plan of [await customPlan(statement), await genericPlan(statement)]) {
      expect(plan).toMatch(/Index Scan using invites_advisor_idx on invites inn/);
      expect(plan).not.toMatch(/Sort Key: inn\.sent_at/);
      expect(plan).not.toMatch(/Seq Scan on invites/);
    }
  });

  it('pages the invites in SQL: ten a page newest first, the count of all, a page past the end is the last; one statement each', async () => {
    const a = await makeAdvisor();
    const ctx = ctxOf(await actorOf(a.user));
    const base = Date.now() - 3_600_000;
    // 23 invites, one a minute (the oldest first), written as a set: the seed of a big book, not 23 sends.
    await db.insert(t.invites).values(
      Array.from({ length: 23 }, (_, i) => ({
        advisorId: a.advisor.id,
        clientName: `Invitee ${i}`,
        clientEmail: `invitee${i}@paging.example`,
        sentAt: new Date(base + i * 60_000),
        tokenHash: `paging-token-${a.advisor.id}-${i}`,
      })),
    );
    const other = await makeAdvisor();
    await db
      .insert(t.invites)
      .values({ advisorId: other.advisor.id, clientName: 'Elsewhere', clientEmail: 'elsewhere@paging.example', tokenHash: `paging-other-${other.advisor.id}` });

    const first = await countQueries(() => listInvites(ctx, { advisor_id: a.advisor.hash }));
    expect(first.result.page).toEqual({ page: 1, pageCount: 3, total: 23 });
    expect(first.result.invites.map((i) => i.name)).toEqual(Array.from({ length: INVITE_PAGE_SIZE }, (_, i) => `Invitee ${22 - i}`));
    const third = await countQueries(() => listInvites(ctx, { advisor_id: a.advisor.hash, page: 3 }));
    expect(third.result.page).toEqual({ page: 3, pageCount: 3, total: 23 });
    expect(third.result.invites.map((i) => i.name)).toEqual(['Invitee 2', 'Invitee 1', 'Invitee 0']);
    // The scope's load and the page with its count: the same statements for page 1 and page 3.
    expect(third.count).toBe(first.count);
    // Past the end: the last page, as the address's pages do.
    expect((await listInvites(ctx, { advisor_id: a.advisor.hash, page: 99 })).page).toEqual({ page: 3, pageCount: 3, total: 23 });
    // The dashboard renders the first page with the billing; the compatibility reader lists the newest API_INVITES.
    expect((await loadDashboard(ctx, state())).invites).toEqual(first.result);
    const all = await invitesOfAdvisor(a.advisor.id, ctx.now);
    expect(all).toHaveLength(23);
    expect(API_INVITES).toBeGreaterThan(23);
    // Resending from page 3 answers page 3 (the resent invite is now the newest, on page 1).
    await db
      .update(t.invites)
      .set({ sentAt: sql`now() - interval '2 hours'` })
      .where(eq(t.invites.clientName, 'Invitee 0'));
    const resent = await resendInvite(ctx, { id: third.result.invites[2].id, page: 3 });
    expect(resent.page.page).toBe(3);
    expect(resent.invites.map((i) => i.name)).toEqual(['Invitee 3', 'Invitee 2', 'Invitee 1']);
    expect((await listInvites(ctx, { advisor_id: a.advisor.hash })).invites[0].name).toBe('Invitee 0');
    // An advisor with none: page 1 of 1, empty.
    const none = await makeAdvisor();
    expect(await listInvites(ctxOf(await actorOf(none.user)), { advisor_id: none.advisor.hash, page: 4 })).toEqual({
      invites: [],
      page: { page: 1, pageCount: 1, total: 0 },
    });
  });
});

describe('the features lock', () => {
  async function invoices(advisorId: number, n: number) {
    for (let i = 0; i < n; i++) await db.insert(t.invoices).values({ advisorId, description: `Trust ${i}`, amount: '450.00' });
  }

  it('locks intake writes at max_invoices (403, the spec text, nothing written); admins are never locked', async () => {
    // Another advisor with invoices first, so ids differ and only this advisor's open invoices count.
    const other = await makeAdvisor();
    await invoices(other.advisor.id, 3);
    const a = await makeAdvisor({ maxInvoices: 2 });
    const household = await makeHousehold(a.advisor.id);
    const ctx = ctxOf(await actorOf(a.user));
    const input = {
      client_hash: household.client.hash,
      version: 1,
      first_name: 'Locked',
      middle_name: '',
      last_name: 'Out',
      suffix: '' as const,
      phone: '',
      dob: null,
      ssn: '',
      gender: '' as const,
      residence_state: '' as const,
      is_us_citizen: null,
      is_receiving_medicaid: null,
      has_mental_disorder: null,
      wants_life_support: null,
      wants_cremation: null,
      is_organ_donor: null,
    };
    await invoices(a.advisor.id, 1);
    const d = await loadDashboard(ctx, state());
    expect(d.billing).toMatchObject({ lock: 'warning', unpaidInvoices: 1, maxInvoices: 2, outstanding: '450.00' });
    await invoices(a.advisor.id, 1);
    const [before] = await db.select().from(t.persons).where(eq(t.persons.id, household.person.id));
    const [hBefore] = await db.select().from(t.households).where(eq(t.households.id, household.household.id));
    await expect(updatePersonalInfo(ctx, input as never)).rejects.toMatchObject({ code: 'FORBIDDEN', message: FEATURE_LOCKED_MESSAGE });
    await expect(updatePersonalInfo(ctxOf(await actorOf(household.user)), input as never)).rejects.toMatchObject({ message: FEATURE_LOCKED_MESSAGE });
    const [after] = await db.select().from(t.persons).where(eq(t.persons.id, household.person.id));
    expect(after).toEqual(before);
    const [hAfter] = await db.select().from(t.households).where(eq(t.households.id, household.household.id));
    expect(hAfter.lastChangeAt).toEqual(hBefore.lastChangeAt);
    const { makeUser } = await import('../helpers/factories');
    const admin = await makeUser({ isAdmin: true });
    await expect(updatePersonalInfo(ctxOf(await actorOf(admin.user)), input as never)).resolves.toBeTruthy();
  });

  it('refuses new work while locked (a new client, an invitation: 403, nothing written); resending an invite and admins are not stopped', async () => {
    const a = await makeAdvisor({ maxInvoices: 1 });
    const ctx = ctxOf(await actorOf(a.user));
    const { invites: sent } = await sendInvite(ctx, { advisor_id: a.advisor.hash, client_name: 'Early Invitee', client_email: 'early@lock.example' });
    await invoices(a.advisor.id, 1);
    const clientsBefore = await db.select({ n: count() }).from(t.clients);
    await expect(createClients(ctx, { advisor_id: a.advisor.hash, clients: [newClient('late@lock.example')] })).rejects.toMatchObject({
      code: 'FORBIDDEN',
      message: FEATURE_LOCKED_MESSAGE,
    });
    await expect(sendInvite(ctx, { advisor_id: a.advisor.hash, client_name: 'Late Invitee', client_email: 'late@lock.example' })).rejects.toMatchObject({
      code: 'FORBIDDEN',
      message: FEATURE_LOCKED_MESSAGE,
    });
    expect(await db.select({ n: count() }).from(t.clients)).toEqual(clientsBefore);
    expect((await invitesOfAdvisor(a.advisor.id, new Date())).map((i) => i.email)).toEqual(['early@lock.example']);
    // The dashboard names what the lock stops.
    expect((await loadDashboard(ctx, state())).billing).toMatchObject({ lock: 'locked' });
    const { makeUser } = await import('../helpers/factories');
    const admin = ctxOf(await actorOf((await makeUser({ isAdmin: true })).user));
    await expect(createClients(admin, { advisor_id: a.advisor.hash, clients: [newClient('byadmin@lock.example')] })).resolves.toBeTruthy();
    await db
      .update(t.invites)
      .set({ sentAt: new Date(Date.now() - 3_600_000) })
      .where(eq(t.invites.hash, sent[0].id));
    await expect(resendInvite(ctx, { id: sent[0].id })).resolves.toBeTruthy();
  });
});

describe('stalled reminders', () => {
  it('e-mails the household at most once a day, audited', async () => {
    const a = await makeAdvisor();
    const household = await makeHousehold(a.advisor.id, { spouse: true });
    const ctx = ctxOf(await actorOf(a.user));
    expect(await sendReminder(ctx, { client_hash: household.client.hash })).toEqual({ sentTo: 2 });
    await expect(sendReminder(ctx, { client_hash: household.client.hash })).rejects.toMatchObject({ code: 'RATE_LIMITED' });
    expect((await db.select().from(t.mailOutbox)).length).toBe(2);
    expect(
      (
        await db
          .select()
          .from(t.auditLog)
          .where(and(eq(t.auditLog.action, 'client.reminder')))
      ).length,
    ).toBe(1);
    const b = await makeAdvisor();
    await expect(sendReminder(ctxOf(await actorOf(b.user)), { client_hash: household.client.hash })).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });
});
