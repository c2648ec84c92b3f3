import { sql } from 'drizzle-orm';
import { db } from '@/db';
import * as t from '@/db/schema';
import type { User } from '@/db/schema';
import { resetDatabase } from './db';
import { makeAdvisor, makeFirm, makeHousehold, makeStaff, makeUser } from './factories';
import { rowsOf } from '@/lib/kernel/rows';

/*
 * The people of the authorization matrix: two firms, their advisors, a staff member, two households of the
 * same advisor (one married), an attorney and an admin. Each role is a way of calling a door.
 */
export const ROLES = [
  'guest',
  'client',
  'spouse',
  'otherHouseholdClient',
  'advisor',
  'otherAdvisor',
  'staff',
  'firmSupervisor',
  'otherFirm',
  'legal',
  'admin',
  'adminImpersonating',
] as const;
export type RoleName = (typeof ROLES)[number];

export async function buildWorld() {
  await resetDatabase();
  const firm = await makeFirm('Matrix Firm');
  const otherFirm = await makeFirm('Other Matrix Firm');
  const supervisor = await makeAdvisor({ firmId: firm.id, supervisor: true });
  const advisor = await makeAdvisor({ firmId: firm.id });
  const otherAdvisor = await makeAdvisor({ firmId: firm.id });
  const outsider = await makeAdvisor({ firmId: otherFirm.id, supervisor: true });
  const staff = await makeStaff([advisor.advisor.id]);
  const legal = await makeUser({ isLegal: true });
  const admin = await makeUser({ isAdmin: true });
  // The household every record-addressing door is pointed at: the advisor's married couple.
  const household = await makeHousehold(advisor.advisor.id, { spouse: true });
  const otherHousehold = await makeHousehold(advisor.advisor.id);
  const otherAdvisorsHousehold = await makeHousehold(otherAdvisor.advisor.id);
  const outsidersHousehold = await makeHousehold(outsider.advisor.id);
  const [plan] = await db.insert(t.estatePlans).values({ clientId: household.client.id }).returning();

  const users: Record<Exclude<RoleName, 'guest' | 'adminImpersonating'>, User> = {
    client: household.user,
    spouse: household.spouse!.user,
    otherHouseholdClient: otherHousehold.user,
    advisor: advisor.user,
    otherAdvisor: otherAdvisor.user,
    staff: staff.user,
    firmSupervisor: supervisor.user,
    otherFirm: outsider.user,
    legal: legal.user,
    admin: admin.user,
  };
  return {
    firm,
    otherFirm,
    supervisor,
    advisor,
    otherAdvisor,
    outsider,
    staff,
    legal,
    admin,
    household,
    otherHousehold,
    otherAdvisorsHousehold,
    outsidersHousehold,
    plan,
    users,
  };
}
export type World = Awaited<ReturnType<typeof buildWorld>>;

/** The user a role signs in as, and the admin behind it when it is an impersonation (acting as the advisor). */
export function sessionOf(world: World, role: RoleName): { user: User; impersonator?: User } | null {
  if (role === 'guest') return null;
  if (role === 'adminImpersonating') return { user: world.advisor.user, impersonator: world.admin.user };
  return { user: world.users[role] };
}

/**
 * A fingerprint of every application table's contents. Equal fingerprints before and after a call prove
 * the call wrote nothing (no row added, changed or removed anywhere, audit log included).
 */
export async function databaseFingerprint(): Promise<Record<string, string>> {
  const result = await db.execute<{ tablename: string }>(
    sql`select tablename from pg_tables where schemaname = 'public' and tablename <> '__drizzle_migrations' order by tablename`,
  );
  const tables = rowsOf<{ tablename: string }>(result).map((r) => r.tablename);
  const parts = tables.map((name) => `select '${name}' as name, md5(coalesce(string_agg(x::text, '|' order by x::text), '')) as digest from "${name}" x`);
  const digests = rowsOf<{ name: string; digest: string }>(await db.execute(sql.raw(parts.join(' union all '))));
  return Object.fromEntries(digests.map((d) => [d.name, d.digest]));
}
