import { db } from '@/db';
import * as t from '@/db/schema';
import { hashPassword } from '@/lib/auth/password';

export const TEST_PASSWORD = 'Correct-Horse-9';
let passwordHash: Promise<string> | undefined;
let counter = 0;

type UserFlags = Partial<Pick<t.User, 'isAdmin' | 'isLegal' | 'isAdvisory' | 'isFirmSupervisor' | 'disabledAt'>>;

/** A user with a person row; all test users share TEST_PASSWORD. */
export async function makeUser(flags: UserFlags = {}, person: Partial<t.NewPerson> = {}) {
  passwordHash ??= hashPassword(TEST_PASSWORD);
  counter += 1;
  const email = person.email ?? `user${counter}-${Date.now()}@test.example`;
  const [p] = await db
    .insert(t.persons)
    .values({ firstName: person.firstName ?? `First${counter}`, lastName: person.lastName ?? `Last${counter}`, email, ...person })
    .returning();
  const [user] = await db
    .insert(t.users)
    .values({ personId: p.id, email: email.toLowerCase(), passwordHash: await passwordHash, ...flags })
    .returning();
  return { user, person: p };
}

/** An advisor (user + advisor row), optionally in a firm. */
export async function makeAdvisor(options: { firmId?: number; supervisor?: boolean; maxInvoices?: number } = {}) {
  const { user, person } = await makeUser({ isAdvisory: true, isFirmSupervisor: options.supervisor ?? false });
  const [advisor] = await db
    .insert(t.advisors)
    .values({ userId: user.id, maxInvoices: options.maxInvoices ?? 3 })
    .returning();
  if (options.firmId) await db.insert(t.advisorFirms).values({ advisorId: advisor.id, firmId: options.firmId });
  return { user, person, advisor };
}

export async function makeFirm(name = `Firm ${++counter}`) {
  const [firm] = await db.insert(t.firms).values({ name }).returning();
  return firm;
}

/** A staff user working for the given advisors. */
export async function makeStaff(advisorIds: number[]) {
  const { user, person } = await makeUser({ isAdvisory: true });
  if (advisorIds.length) await db.insert(t.staffAdvisors).values(advisorIds.map((advisorId) => ({ staffUserId: user.id, advisorId })));
  return { user, person };
}

/**
 * A client with a login, under an advisor, and its household; optionally married (the spouse, owner 2,
 * gets a login too).
 */
export async function makeHousehold(advisorId: number | null, options: { spouse?: boolean } = {}) {
  const primary = await makeUser();
  const [client] = await db.insert(t.clients).values({ personId: primary.person.id, userId: primary.user.id, advisorId }).returning();
  if (!options.spouse) {
    const [household] = await db.insert(t.households).values({ owner1ClientId: client.id }).returning();
    return { client, user: primary.user, person: primary.person, spouse: null, household };
  }
  const other = await makeUser();
  const [spouse] = await db.insert(t.clients).values({ personId: other.person.id, userId: other.user.id, advisorId }).returning();
  const [household] = await db.insert(t.households).values({ owner1ClientId: client.id, owner2ClientId: spouse.id }).returning();
  return { client, user: primary.user, person: primary.person, spouse: { client: spouse, user: other.user }, household };
}
