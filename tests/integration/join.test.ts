import { and, count, desc, eq, isNotNull } from 'drizzle-orm';
import { db } from '@/db';
import * as t from '@/db/schema';
import { POST } from '@/app/api/createClient/route';
import { createClientAccountAction } from '@/lib/actions/accounts';
import { createClientAccount } from '@/lib/accounts/create-client-account';
import { ACCOUNT_CREATED, DISCOUNT_APPLIED, SIGNUPS_THROTTLED } from '@/lib/accounts/messages';
import { assertSignupAllowed, SIGNUP_ADDRESS_LIMIT, SIGNUP_WINDOW_MS } from '@/lib/accounts/signup-brake';
import { authenticate } from '@/lib/auth/authenticate';
import type { CreateClientAccountInput } from '@/lib/validation/accounts';
import { makeAdvisor, makeUser } from '../helpers/factories';
import { PEER_HEADER } from '@/lib/http/request';
import { guestCtx } from '../helpers/context';
import { setRequestHeaders } from '../helpers/fake-headers';
import { signInAs, signOut } from '../helpers/session';

const ctx = { params: Promise.resolve({}) };
let counter = 0;

/** A fresh, valid legacy payload; every call gets its own email. */
function payload(overrides: Record<string, unknown> = {}) {
  counter += 1;
  return {
    first_name: 'Jamie',
    middle_name: 'Lee',
    last_name: "O'Neil-Smith",
    suffix: 'Jr.',
    email: `jamie${counter}@join.example`,
    phone: '(555) 123-4567',
    password: 'Sturdy-Pass-42',
    advisor_hash: '',
    ...overrides,
  };
}

/** The normalised input the domain function takes (what the schemas hand it). */
function domainInput(overrides: Partial<CreateClientAccountInput> = {}): CreateClientAccountInput {
  const { email, first_name, middle_name, last_name, password } = payload();
  return { first_name, middle_name, last_name, suffix: 'Jr.', email, phone: '5551234567', password, advisor_hash: '', ...overrides };
}

function postJson(body: unknown) {
  return POST(
    new Request('http://localhost/api/createClient/', {
      method: 'POST',
      body: typeof body === 'string' ? body : JSON.stringify(body),
      headers: { 'content-type': 'application/json', [PEER_HEADER]: currentIp },
    }),
    ctx,
  );
}

function postForm(fields: Record<string, string>) {
  return POST(
    new Request('http://localhost/api/createClient/', { method: 'POST', body: new URLSearchParams(fields), headers: { [PEER_HEADER]: currentIp } }),
    ctx,
  );
}

const SOMEONE_TRIED = 'Someone tried to create a Trustwell account with your email';
const INVITATION_WAITING_SUBJECT = 'Your invitation to Trustwell is waiting for you';

/** The mails to an address, newest first. */
async function mailsTo(to: string) {
  return db.select().from(t.mailOutbox).where(eq(t.mailOutbox.to, to.trim().toLowerCase())).orderBy(desc(t.mailOutbox.id));
}

/** Row counts of every table a sign-up writes, to prove a refusal wrote nothing. */
async function counts() {
  const tables = {
    persons: t.persons,
    users: t.users,
    clients: t.clients,
    estatePlans: t.estatePlans,
    statusChanges: t.estatePlanStatusChanges,
    audit: t.auditLog,
  };
  const out: Record<string, number> = {};
  for (const [name, table] of Object.entries(tables)) {
    const [row] = await db.select({ n: count() }).from(table);
    out[name] = row.n;
  }
  const [joined] = await db.select({ n: count() }).from(t.invites).where(isNotNull(t.invites.joinedUserId));
  out.joinedInvites = joined.n;
  return out;
}

/** The user, person, client and plans created for an email. */
async function accountOf(email: string) {
  const [user] = await db.select().from(t.users).where(eq(t.users.email, email));
  if (!user) return null;
  const [person] = await db.select().from(t.persons).where(eq(t.persons.id, user.personId));
  const [client] = await db.select().from(t.clients).where(eq(t.clients.userId, user.id));
  const plans = await db.select().from(t.estatePlans).where(eq(t.estatePlans.clientId, client.id));
  return { user, person, client, plans };
}

let address = 0;
let currentIp = '';
/** Makes the following calls (routes, actions and direct domain calls) come from this address. */
function comeFrom(ip: string) {
  currentIp = ip;
  setRequestHeaders({ [PEER_HEADER]: ip });
}
beforeEach(() => {
  signOut();
  // Each test signs up from its own address, so the per-address sign-up brake never trips by accident.
  address += 1;
  comeFrom(`203.0.113.${address}`);
});

describe('createClientAccount', () => {
  it('creates person, login, client and a first incomplete plan, and audits the sign-up', async () => {
    const input = domainInput({ email: '  New.Client@Join.Example ' });
    await expect(createClientAccount(guestCtx(currentIp), input)).resolves.toEqual({ discounted: false });

    const account = await accountOf('new.client@join.example');
    expect(account).not.toBeNull();
    const { user, person, client, plans } = account!;
    expect(person).toMatchObject({
      firstName: 'Jamie',
      middleName: 'Lee',
      lastName: "O'Neil-Smith",
      suffix: 'Jr.',
      email: 'new.client@join.example',
      phone: '5551234567',
    });
    expect(user).toMatchObject({ isAdmin: false, isLegal: false, isAdvisory: false, isFirmSupervisor: false, disabledAt: null });
    expect(client).toMatchObject({ personId: person.id, advisorId: null });
    // A household of one, the new client as owner 1.
    const [household] = await db.select().from(t.households).where(eq(t.households.owner1ClientId, client.id));
    expect(household).toMatchObject({ owner1ClientId: client.id, owner2ClientId: null });
    expect(plans).toHaveLength(1);
    expect(plans[0]).toMatchObject({ status: 'incomplete', type: 'trust' });
    const [change] = await db.select().from(t.estatePlanStatusChanges).where(eq(t.estatePlanStatusChanges.estatePlanId, plans[0].id));
    expect(change).toMatchObject({ fromStatus: null, toStatus: 'incomplete', changedByUserId: user.id });
    const [entry] = await db.select().from(t.auditLog).where(eq(t.auditLog.targetId, client.id));
    expect(entry).toMatchObject({ action: 'client.signup', actorUserId: null, targetType: 'client' });
    expect(entry.meta).toMatchObject({ userId: user.id, advisorId: null, discounted: false });
  });

  it('stores the password as an argon2id hash that signs in', async () => {
    const input = payload();
    const res = await postJson(input);
    expect(res.status).toBe(200);
    const { user } = (await accountOf(input.email))!;
    expect(user.passwordHash).not.toContain(input.password);
    expect(user.passwordHash).toMatch(/^\$argon2id\$/);
    await expect(authenticate({ email: input.email.toUpperCase(), password: input.password, ip: '203.0.113.77' })).resolves.toMatchObject({
      claims: { uid: user.hash },
    });
  });

  it('links the client to the advisor of the hash and marks that advisor’s open invites joined', async () => {
    const { advisor } = await makeAdvisor();
    const { advisor: other } = await makeAdvisor();
    const input = payload({ advisor_hash: advisor.hash });
    const { user: earlier } = await makeUser();
    const [open, alreadyJoined, otherAdvisors, otherEmail] = await db
      .insert(t.invites)
      .values([
        { advisorId: advisor.id, clientName: 'Jamie', clientEmail: ` ${input.email.toUpperCase()}` },
        { advisorId: advisor.id, clientName: 'Jamie', clientEmail: input.email, joinedUserId: earlier.id },
        { advisorId: other.id, clientName: 'Jamie', clientEmail: input.email },
        { advisorId: advisor.id, clientName: 'Someone', clientEmail: 'someone@join.example' },
      ])
      .returning();

    const res = await postJson(input);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ message: `${ACCOUNT_CREATED} ${DISCOUNT_APPLIED}` });

    const { user, client } = (await accountOf(input.email))!;
    expect(client.advisorId).toBe(advisor.id);
    const byId = new Map((await db.select().from(t.invites)).map((invite) => [invite.id, invite.joinedUserId]));
    expect(byId.get(open.id)).toBe(user.id);
    expect(byId.get(alreadyJoined.id)).toBe(earlier.id);
    expect(byId.get(otherAdvisors.id)).toBeNull();
    expect(byId.get(otherEmail.id)).toBeNull();
    // The joined invite points at the client record that answered it.
    const [joinedInvite] = await db.select().from(t.invites).where(eq(t.invites.id, open.id));
    expect(joinedInvite.clientId).toBe(client.id);
  });

  it.each([
    ['an unknown hash', 'AAAAAAAAAAAAAAAAAAAAAA'],
    ['a malformed hash', "x'; drop table users; --"],
  ])('creates the account without an advisor for %s, without the discount', async (_case, hash) => {
    const input = payload({ advisor_hash: hash });
    const res = await postJson(input);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ message: ACCOUNT_CREATED });
    expect((await accountOf(input.email))!.client.advisorId).toBeNull();
  });

  it('answers discounted: true from the domain function for a known advisor', async () => {
    const { advisor } = await makeAdvisor();
    await expect(createClientAccount(guestCtx(currentIp), domainInput({ advisor_hash: advisor.hash }))).resolves.toEqual({ discounted: true });
  });

  it('makes one account of two simultaneous sign-ups for one email, answers both as new, and mails the owner', async () => {
    const input = domainInput();
    const results = await Promise.allSettled([
      createClientAccount(guestCtx(currentIp), input),
      createClientAccount(guestCtx(currentIp), { ...input, email: input.email.toUpperCase() }),
    ]);
    expect(results).toEqual([
      { status: 'fulfilled', value: { discounted: false } },
      { status: 'fulfilled', value: { discounted: false } },
    ]);
    expect(await db.select().from(t.users).where(eq(t.users.email, input.email))).toHaveLength(1);
    expect((await mailsTo(input.email)).map((m) => m.subject)).toEqual([SOMEONE_TRIED]);
  });

  it('lets a signed-in user create another account, audited under that user', async () => {
    const { user: someone } = await makeUser();
    await signInAs(someone);
    const input = payload();
    const res = await postJson(input);
    expect(res.status).toBe(200);
    const { client } = (await accountOf(input.email))!;
    const [entry] = await db.select().from(t.auditLog).where(eq(t.auditLog.targetId, client.id));
    expect(entry.actorUserId).toBe(someone.id);
  });
});

describe('sign-up brake per address', () => {
  it(`lets at most ${SIGNUP_ADDRESS_LIMIT} of 20 parallel sign-ups from one address through`, async () => {
    const ip = '198.51.100.60';
    const before = (await db.select({ n: count() }).from(t.users))[0].n;
    const results = await Promise.allSettled(Array.from({ length: 20 }, () => createClientAccount(guestCtx(ip), domainInput())));
    const created = results.filter((r) => r.status === 'fulfilled').length;
    expect(created).toBe(SIGNUP_ADDRESS_LIMIT);
    for (const r of results.filter((r): r is PromiseRejectedResult => r.status === 'rejected')) {
      expect(r.reason).toMatchObject({ code: 'RATE_LIMITED', message: SIGNUPS_THROTTLED });
    }
    const after = (await db.select({ n: count() }).from(t.users))[0].n;
    expect(after - before).toBe(SIGNUP_ADDRESS_LIMIT);
  }, 120_000);

  it('counts the connection address: a forged X-Forwarded-For does not open a new allowance', async () => {
    comeFrom('198.51.100.61');
    const forged = (i: number) =>
      POST(
        new Request('http://localhost/api/createClient/', {
          method: 'POST',
          body: JSON.stringify(payload()),
          headers: { 'content-type': 'application/json', [PEER_HEADER]: '198.51.100.61', 'x-forwarded-for': `10.9.8.${i}`, 'x-real-ip': `10.9.9.${i}` },
        }),
        ctx,
      );
    for (let i = 0; i < SIGNUP_ADDRESS_LIMIT; i++) expect((await forged(i)).status).toBe(200);
    const entries = await db
      .select({ ip: t.auditLog.ip })
      .from(t.auditLog)
      .where(eq(t.auditLog.action, 'client.signup'))
      .orderBy(desc(t.auditLog.id))
      .limit(SIGNUP_ADDRESS_LIMIT);
    expect(new Set(entries.map((e) => e.ip))).toEqual(new Set(['198.51.100.61']));
    expect((await forged(99)).status).toBe(429);
  }, 60_000);

  it(`refuses the ${SIGNUP_ADDRESS_LIMIT + 1}th sign-up from one address within the hour, writing nothing`, async () => {
    comeFrom('198.51.100.7');
    for (let i = 0; i < SIGNUP_ADDRESS_LIMIT; i++) await createClientAccount(guestCtx(currentIp), domainInput());
    const [entry] = await db.select().from(t.auditLog).where(eq(t.auditLog.action, 'client.signup')).orderBy(desc(t.auditLog.id)).limit(1);
    expect(entry.ip).toBe('198.51.100.7');

    const before = await counts();
    const res = await postJson(payload());
    expect(res.status).toBe(429);
    await expect(res.json()).resolves.toEqual({ message: SIGNUPS_THROTTLED });
    const form = domainInput();
    await expect(createClientAccountAction({ ...form, password_confirmation: form.password })).resolves.toEqual({
      ok: false,
      status: 429,
      message: SIGNUPS_THROTTLED,
    });
    await expect(counts()).resolves.toEqual(before);

    // Another address is not affected, and the first one may sign up again once the hour has passed.
    comeFrom('198.51.100.8');
    expect((await postJson(payload())).status).toBe(200);
    const later = new Date(Date.now() + SIGNUP_WINDOW_MS + 1000);
    await expect(assertSignupAllowed(db, '198.51.100.7', later)).resolves.toBeUndefined();
    await expect(assertSignupAllowed(db, '198.51.100.7', new Date())).rejects.toThrow(SIGNUPS_THROTTLED);
  }, 60_000);
});

describe('POST /api/createClient/', () => {
  it('accepts url-encoded form fields', async () => {
    const { advisor } = await makeAdvisor();
    const input = payload({ advisor_hash: advisor.hash, middle_name: '', suffix: '' });
    const res = await postForm(input as Record<string, string>);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ message: `${ACCOUNT_CREATED} ${DISCOUNT_APPLIED}` });
    const { person, client } = (await accountOf(input.email))!;
    expect(person).toMatchObject({ middleName: null, suffix: null, phone: '5551234567' });
    expect(client.advisorId).toBe(advisor.id);
  });

  it('accepts null blanks and an omitted advisor hash in JSON', async () => {
    const input: Record<string, unknown> = payload({ middle_name: null, suffix: null });
    delete input.advisor_hash;
    const res = await postJson(input);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ message: ACCOUNT_CREATED });
  });

  it('answers a taken email (in any case) as a new account, creates nothing, and mails the owner a sign-in link instead', async () => {
    const input = payload();
    expect((await postJson(input)).status).toBe(200);
    const before = await counts();
    const res = await postJson({ ...input, email: `  ${input.email.toUpperCase()}  `, first_name: 'Other' });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ message: ACCOUNT_CREATED });
    // No account, person, client or plan; one audit entry (which the sign-up brake counts).
    expect(await counts()).toEqual({ ...before, audit: before.audit + 1 });
    const [mail] = await mailsTo(input.email);
    expect(mail.subject).toBe(SOMEONE_TRIED);
    expect(mail.text).toContain('/login');
    expect(mail.text).not.toContain(input.password);
  });

  it('answers an email another user (not a client) has as a new account, with the same discount text a new one would get', async () => {
    const { user } = await makeUser();
    const { advisor } = await makeAdvisor();
    const before = await counts();
    const res = await postJson(payload({ email: user.email, advisor_hash: advisor.hash }));
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ message: `${ACCOUNT_CREATED} ${DISCOUNT_APPLIED}` });
    expect(await counts()).toEqual({ ...before, audit: before.audit + 1 });
    expect((await mailsTo(user.email)).map((m) => m.subject)).toEqual([SOMEONE_TRIED]);
  });

  it("answers an email an advisor's client record is waiting for as a new account, takes nothing over, and mails that address about its invitation", async () => {
    const { advisor } = await makeAdvisor();
    const [person] = await db.insert(t.persons).values({ firstName: 'Wai', lastName: 'Ting', email: 'waiting@join.example' }).returning();
    const [record] = await db.insert(t.clients).values({ personId: person.id, advisorId: advisor.id }).returning();
    const before = await counts();
    const res = await postJson(payload({ email: 'Waiting@Join.example', advisor_hash: advisor.hash }));
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ message: `${ACCOUNT_CREATED} ${DISCOUNT_APPLIED}` });
    expect(await counts()).toEqual({ ...before, audit: before.audit + 1 });
    expect((await db.select().from(t.clients).where(eq(t.clients.id, record.id)))[0].userId).toBeNull();
    const [mail] = await mailsTo('waiting@join.example');
    expect(mail.subject).toBe(INVITATION_WAITING_SUBJECT);
    expect(mail.text).toContain('link in the invitation');
  });

  it('mails an address at most once an hour however often it is tried, and every try counts toward the sign-up brake', async () => {
    const input = payload();
    expect((await postJson(input)).status).toBe(200);
    for (const name of ['Ann', 'Bea', 'Cat']) expect((await postJson({ ...input, first_name: name })).status).toBe(200);
    expect(await mailsTo(input.email)).toHaveLength(1);
    const [tries] = await db
      .select({ n: count() })
      .from(t.auditLog)
      .where(and(eq(t.auditLog.action, 'client.signup.existing'), eq(t.auditLog.ip, currentIp)));
    expect(tries.n).toBe(3);
    for (let i = 4; i < SIGNUP_ADDRESS_LIMIT; i++) expect((await postJson(input)).status).toBe(200);
    expect((await postJson(input)).status).toBe(429);
  }, 60_000);

  it.each([
    ['a missing first name', { first_name: undefined }, 'First name is required.'],
    ['a blank last name', { last_name: '   ' }, 'Last name is required.'],
    ['digits in a name', { first_name: 'J4mie' }, 'First name may contain only letters, apostrophes, periods, hyphens and spaces.'],
    ['an unknown suffix', { suffix: 'Esq.' }, 'Please choose a suffix from the list.'],
    ['an invalid email', { email: 'not-an-email' }, 'Please enter a valid email address.'],
    ['a missing email', { email: undefined }, 'Email is required.'],
    ['a short phone', { phone: '555-1234' }, 'Please enter a 10-digit phone number.'],
    ['a missing phone', { phone: '' }, 'Phone is required.'],
    ['a short password', { password: 'short' }, 'Password must be at least 8 characters.'],
    ['a missing password', { password: undefined }, 'Password is required.'],
    ['an overlong password', { password: 'x'.repeat(201) }, 'Password must be at most 200 characters.'],
  ])('answers %s with 422 { message } and writes nothing', async (_case, overrides, message) => {
    const before = await counts();
    const res = await postJson(payload(overrides));
    expect(res.status).toBe(422);
    const body = await res.json();
    expect(body.message).toBe(message);
    expect(await counts()).toEqual(before);
  });

  it('answers malformed JSON with 400 and writes nothing', async () => {
    const before = await counts();
    const res = await postJson('{"first_name": "Jamie",');
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ message: 'The request body must be a JSON object.' });
    expect(await counts()).toEqual(before);
  });
});

describe('createClientAccountAction', () => {
  const form = (overrides: Partial<CreateClientAccountInput & { password_confirmation: string }> = {}) => {
    const input = domainInput();
    return { ...input, password_confirmation: input.password, ...overrides };
  };

  it('creates the account and answers the discount flag', async () => {
    const { advisor } = await makeAdvisor();
    const input = form({ advisor_hash: advisor.hash });
    await expect(createClientAccountAction(input)).resolves.toEqual({ ok: true, data: { discounted: true } });
    expect(await accountOf(input.email)).not.toBeNull();
  });

  it('answers a password mismatch as a field error and writes nothing', async () => {
    const before = await counts();
    const result = await createClientAccountAction(form({ password_confirmation: 'Different-Pass-42' }));
    expect(result).toEqual({ ok: false, status: 422, message: 'Passwords do not match', fieldErrors: { password_confirmation: 'Passwords do not match' } });
    expect(await counts()).toEqual(before);
  });

  it('answers a taken email as a new account (the owner is mailed instead)', async () => {
    const input = form();
    await createClientAccountAction(input);
    await expect(createClientAccountAction({ ...input, email: input.email.toUpperCase() })).resolves.toEqual({ ok: true, data: { discounted: false } });
  });
});
