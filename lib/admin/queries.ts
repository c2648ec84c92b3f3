import 'server-only';
import { asc, count, eq, ilike, inArray, or, sql } from 'drizzle-orm';
import { db, type Queryable } from '@/db';
import { advisors, firms, persons, users } from '@/db/schema';
import type { Actor } from '@/lib/kernel/actor';
import { AppError } from '@/lib/kernel/errors';
import { assertCan, can } from '@/lib/kernel/policy';
import { mayDeleteClients } from '@/lib/config/client-delete';
import { personName } from '@/lib/people/person-name';
import { personNameColumns } from '@/lib/people/person-name-columns';
import type { ListUsersInput } from '@/lib/validation/admin';

/** Users per page of User Management. */
export const USERS_PAGE_SIZE = 20;

export type AdminUserRow = {
  hash: string;
  name: string;
  email: string;
  phone: string;
  roles: string[];
  isAdvisor: boolean;
  isStaff: boolean;
  isFirmSupervisor: boolean;
  isWaivingFee: boolean;
  /** The advisors a staff user works for (hashes). */
  staffAdvisors: string[];
  /** An advisor who is neither admin nor legal: the admin may act as them. */
  canActAs: boolean;
  /** An admin's or attorney's sign-in email: only its owner changes it, in Settings (lib/admin/update-user.ts). */
  emailOwnerOnly: boolean;
  /** The user's own client record (for the Delete Client tool), when the user is a client. */
  clientHash: string | null;
  /** An authenticator app is set up (an admin may reset it, issue 31). */
  hasSecondFactor: boolean;
};
export type AdminUserPage = { rows: AdminUserRow[]; total: number; page: number; pageSize: number; q: string };
export type AdminChoice = { hash: string; name: string };

/** The role labels User Management shows. */
function roleLabels(r: {
  isAdmin: boolean;
  isLegal: boolean;
  isAdvisory: boolean;
  isAdvisor: boolean;
  isClient: boolean;
  isFirmSupervisor: boolean;
}): string[] {
  const out: string[] = [];
  if (r.isAdmin) out.push('Admin');
  if (r.isLegal) out.push('Attorney');
  if (r.isAdvisor) out.push('Advisor');
  if (r.isAdvisory && !r.isAdvisor) out.push('Staff');
  if (r.isAdvisory && r.isFirmSupervisor) out.push('Firm supervisor');
  if (r.isClient) out.push('Client');
  return out;
}

/** Escapes LIKE's wildcards in a search term. */
const likeTerm = (q: string) => `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * One page of users for User Management (admins): searched by name or email, ordered by last then first
 * name, with roles and the fields the admin may edit. Paged in SQL.
 */
export async function listUsers(actor: Actor, input: ListUsersInput, q: Queryable = db): Promise<AdminUserPage> {
  assertCan(actor, 'user.update');
  const term = input.q.trim();
  const where = term
    ? or(
        ilike(users.email, likeTerm(term)),
        ilike(sql`concat_ws(' ', ${persons.firstName}, ${persons.middleName}, ${persons.lastName}, ${persons.suffix})`, likeTerm(term)),
        ilike(sql`concat_ws(' ', ${persons.firstName}, ${persons.lastName})`, likeTerm(term)),
      )
    : undefined;
  const [{ total }] = await q.select({ total: count() }).from(users).innerJoin(persons, eq(persons.id, users.personId)).where(where);
  const pages = Math.max(1, Math.ceil(total / USERS_PAGE_SIZE));
  const page = Math.min(input.page, pages);
  const rows = await q
    .select({
      hash: users.hash,
      email: users.email,
      phone: persons.phone,
      ...personNameColumns,
      isAdmin: users.isAdmin,
      isLegal: users.isLegal,
      isAdvisory: users.isAdvisory,
      isFirmSupervisor: users.isFirmSupervisor,
      isWaivingFee: sql<boolean | null>`(select a.is_waiving_fee from advisors a where a.user_id = ${users.id})`,
      isAdvisor: sql<boolean>`exists (select 1 from advisors a where a.user_id = ${users.id})`,
      isClient: sql<boolean>`exists (select 1 from clients c where c.user_id = ${users.id})`,
      clientHash: sql<string | null>`(select c.hash from clients c where c.user_id = ${users.id} order by c.id limit 1)`,
      hasSecondFactor: sql<boolean>`(exists (select 1 from totp_factors tf where tf.user_id = ${users.id} and tf.confirmed_at is not null)
        or exists (select 1 from passkeys pk where pk.user_id = ${users.id}))`,
      staffAdvisors: sql<
        string[]
      >`array(select a.hash from staff_advisors sa join advisors a on a.id = sa.advisor_id where sa.staff_user_id = ${users.id} order by a.id)`,
    })
    .from(users)
    .innerJoin(persons, eq(persons.id, users.personId))
    .where(where)
    .orderBy(asc(persons.lastName), asc(persons.firstName), asc(users.id))
    .limit(USERS_PAGE_SIZE)
    .offset((page - 1) * USERS_PAGE_SIZE);
  return {
    rows: rows.map((r) => ({
      hash: r.hash,
      name: personName(r),
      email: r.email,
      phone: r.phone ?? '',
      roles: roleLabels(r),
      isAdvisor: Boolean(r.isAdvisor),
      isStaff: r.isAdvisory && !r.isAdvisor,
      isFirmSupervisor: r.isFirmSupervisor,
      isWaivingFee: Boolean(r.isWaivingFee),
      staffAdvisors: r.staffAdvisors ?? [],
      canActAs: Boolean(r.isAdvisor) && !r.isAdmin && !r.isLegal,
      emailOwnerOnly: r.isAdmin || r.isLegal,
      clientHash: r.clientHash ?? null,
      hasSecondFactor: Boolean(r.hasSecondFactor),
    })),
    total,
    page,
    pageSize: USERS_PAGE_SIZE,
    q: term,
  };
}

/** Every advisor, for the staff assignment choices (admins). */
export async function listAdvisorChoices(actor: Actor, q: Queryable = db): Promise<AdminChoice[]> {
  assertCan(actor, 'advisor.create');
  const rows = await q
    .select({ hash: advisors.hash, ...personNameColumns })
    .from(advisors)
    .innerJoin(users, eq(users.id, advisors.userId))
    .innerJoin(persons, eq(persons.id, users.personId))
    .orderBy(asc(persons.lastName), asc(persons.firstName), asc(advisors.id));
  return rows.map((r) => ({ hash: r.hash, name: personName(r) }));
}

/** Every firm, for Create Advisor's firm choice (admins). */
export async function listFirmChoices(actor: Actor, q: Queryable = db): Promise<AdminChoice[]> {
  assertCan(actor, 'advisor.create');
  return q.select({ hash: firms.hash, name: firms.name }).from(firms).orderBy(asc(firms.name), asc(firms.id));
}

/** Whether the actor is offered the hidden Delete Client tool: an admin (not acting as anyone) on the configured list. */
export function canDeleteClients(actor: Actor): boolean {
  return actor.impersonator === null && can(actor, 'client.delete') && mayDeleteClients(actor.email);
}

/** Whether any advisor exists (Create Advisor's staff option needs one). */
async function anyAdvisor(q: Queryable): Promise<boolean> {
  const rows = await q.select({ hash: advisors.hash }).from(advisors).limit(1);
  return rows.length > 0;
}

/**
 * What the admin sections show: the firms to choose from, whether any advisor exists, the first page of users,
 * and whether Delete Client is offered. The advisors to choose from for a staff user are not on the page: a
 * firm of 500 advisors made them 28 KB of every admin dashboard render, for a list an admin opens now and
 * then; the staff checklist loads them when it opens (listAdvisorChoicesAction).
 */
export async function loadAdminSections(actor: Actor, input: ListUsersInput) {
  const [firmChoices, hasAdvisors, userPage] = await Promise.all([listFirmChoices(actor), anyAdvisor(db), listUsers(actor, input)]);
  return { firms: firmChoices, hasAdvisors, users: userPage, canDeleteClients: canDeleteClients(actor) };
}
export type AdminSectionsData = Awaited<ReturnType<typeof loadAdminSections>>;

export const UNKNOWN_ADVISOR = 'One of the chosen advisors no longer exists. Please reload the page.';

/** The internal ids of advisors named by hash; refuses (422) when any hash names no advisor. */
export async function advisorIdsOf(q: Queryable, hashes: string[]): Promise<number[]> {
  if (!hashes.length) return [];
  const unique = [...new Set(hashes)];
  const rows = await q.select({ id: advisors.id }).from(advisors).where(inArray(advisors.hash, unique));
  if (rows.length !== unique.length) throw new AppError('VALIDATION', UNKNOWN_ADVISOR, { staff_advisors: UNKNOWN_ADVISOR });
  return rows.map((r) => r.id);
}
