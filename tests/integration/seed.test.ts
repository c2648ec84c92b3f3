import { count, eq, like, or } from 'drizzle-orm';
import { db } from '@/db';
import * as t from '@/db/schema';
import { authenticate } from '@/lib/auth/authenticate';
import { loadActor } from '@/lib/auth/actor';
import { listHouseholds } from '@/lib/clients/queries';
import { decrypt } from '@/lib/crypto';
import { createClientAccount } from '@/lib/accounts/create-client-account';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, demoAdvisorLinks, seedDemoData } from '@/lib/seed/demo';

describe('demo data', () => {
  beforeAll(async () => {
    expect(await seedDemoData(db)).toBe(true);
  }, 60_000);

  it('is idempotent', async () => {
    const before = await db.select({ n: count() }).from(t.persons);
    expect(await seedDemoData(db)).toBe(false);
    const after = await db.select({ n: count() }).from(t.persons);
    expect(after).toEqual(before);
  });

  it.each(DEMO_ACCOUNTS.map((a) => [a.role, a.email]))('%s (%s) can sign in with the demo password', async (_role, email) => {
    const claims = await authenticate({ email, password: DEMO_PASSWORD, ip: '127.0.0.1' });
    expect(await loadActor(claims)).not.toBeNull();
  });

  it('lists the demo advisors’ sign-up links, which earn the discount', async () => {
    const links = await demoAdvisorLinks(db);
    expect(links.map((l) => l.email)).toEqual([DEMO_ACCOUNTS[2].email, DEMO_ACCOUNTS[3].email]);
    for (const link of links) expect(link.path).toMatch(/^\/join\/[A-Za-z0-9_-]{16,}$/);

    const advisorHash = links[0].path.split('/').pop()!;
    const input = { first_name: 'Rae', middle_name: '', last_name: 'Quinn', suffix: '' as const, email: 'rae.quinn@example.test', phone: '5551230000', password: 'Sturdy-Pass-42', advisor_hash: advisorHash };
    await expect(createClientAccount(null, input)).resolves.toEqual({ discounted: true });
  });

  it('stores SSNs only encrypted, with the last four for display', async () => {
    const plain = await db.select().from(t.persons).where(or(like(t.persons.ssnCipher, '%123456789%'), eq(t.persons.ssnLast4, '6789')));
    expect(plain).toHaveLength(1);
    expect(plain[0].ssnCipher).not.toContain('123456789');
    expect(decrypt(plain[0].ssnCipher!)).toBe('123456789');
  });

  it('has a married couple under attorney review with files, and a half-finished single client', async () => {
    const supervisor = await authenticate({ email: DEMO_ACCOUNTS[2].email, password: DEMO_PASSWORD, ip: '127.0.0.1' });
    const rows = await listHouseholds((await loadActor(supervisor))!);
    expect(rows.map((r) => [r.name, r.spouseName, r.statusLabel])).toEqual(
      expect.arrayContaining([
        ['Pat Rivera', 'Sam Rivera', 'Under Attorney Review'],
        ['Jordan Blake', null, 'In Progress'],
      ]),
    );
    const files = await db.select().from(t.files);
    expect(files).toHaveLength(2);
    expect(files.filter((f) => f.createdByUserId === null)).toHaveLength(1);
  });

  it('gives the firm a supervisor, a second advisor and a staff user who reach the same clients', async () => {
    const staff = (await loadActor(await authenticate({ email: DEMO_ACCOUNTS[4].email, password: DEMO_PASSWORD, ip: '127.0.0.1' })))!;
    expect(staff.roles).toEqual(['staff']);
    expect(staff.advisorIds).toHaveLength(2);
    const ben = (await loadActor(await authenticate({ email: DEMO_ACCOUNTS[3].email, password: DEMO_PASSWORD, ip: '127.0.0.1' })))!;
    // Ben is not a supervisor: Alice's clients are outside his scope.
    expect(await listHouseholds(ben)).toEqual([]);
  });
});
