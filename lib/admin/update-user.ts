import 'server-only';
import { and, eq, sql } from 'drizzle-orm';
import { db, type Queryable } from '@/db';
import { advisors, persons, staffAdvisors, users } from '@/db/schema';
import { emailInUse, isUniqueViolation } from '@/lib/account-settings/email-in-use';
import { tellEmailChanged } from '@/lib/auth/security-notices';
import { revokeUserSessions } from '@/lib/auth/session-rows';
import { audit } from '@/lib/kernel/audit';
import type { RequestContext } from '@/lib/kernel/context';
import { AppError } from '@/lib/kernel/errors';
import { assertCan } from '@/lib/kernel/policy';
import { queueMail } from '@/lib/mail/send-mail';
import { emailChangedByAdminMail } from '@/lib/mail/templates/email-change';
import { EMAIL_IN_USE } from '@/lib/validation/settings';
import { ACCOUNT_UPDATED, NOTHING_CHANGED, type UpdateUserInput } from '@/lib/validation/admin';
import { advisorIdsOf, listUsers } from './queries';
import { personNameColumns } from '@/lib/people/person-name-columns';

export const OWN_EMAIL_IN_SETTINGS = 'Change your own sign-in email in Settings.';
export const STAFF_EMAIL_BY_OWNER = 'An administrator’s or attorney’s sign-in email can be changed only by its owner, in Settings.';
export const ONLY_ADVISORY = 'Only advisors and staff can be firm supervisors.';
export const ONLY_ADVISORS = 'Only advisors can waive fees.';
export const ONLY_STAFF = 'Only staff users work for other advisors.';

/** The user User Management addresses, with what it may edit; 404 when the hash names nobody. */
export async function loadManagedUser(q: Queryable, hash: string) {
  const [row] = await q
    .select({
      id: users.id,
      hash: users.hash,
      email: users.email,
      personId: users.personId,
      phone: persons.phone,
      ...personNameColumns,
      isAdmin: users.isAdmin,
      isLegal: users.isLegal,
      isAdvisory: users.isAdvisory,
      isFirmSupervisor: users.isFirmSupervisor,
      advisorId: sql<number | null>`(select a.id from advisors a where a.user_id = ${users.id})`,
      isWaivingFee: sql<boolean | null>`(select a.is_waiving_fee from advisors a where a.user_id = ${users.id})`,
      staffAdvisorIds: sql<number[]>`array(select sa.advisor_id from staff_advisors sa where sa.staff_user_id = ${users.id} order by sa.advisor_id)`,
    })
    .from(users)
    .innerJoin(persons, eq(persons.id, users.personId))
    .where(eq(users.hash, hash))
    .limit(1);
  if (!row) throw new AppError('NOT_FOUND', 'The user was not found.');
  return { ...row, staffAdvisorIds: (row.staffAdvisorIds ?? []).map(Number) };
}

const sameSet = (a: number[], b: number[]) => a.length === b.length && [...a].sort().every((v, i) => v === [...b].sort()[i]);

/**
 * Saves User Management's edit of one user (admins): email, phone, firm supervisor flag, fee waiving
 * (advisors) and staff assignment (staff). Refused when nothing changed (spec §5). A new sign-in email must
 * be free; it ends every session of the user and the former address is told. Another admin's or an
 * attorney's sign-in email is theirs to change (403): with it an admin could take their account over. One transaction, audited with
 * the names of the changed fields (not their values). Answers the spec's message and the refreshed users.
 */
export async function updateUser(ctx: RequestContext, input: UpdateUserInput) {
  assertCan(ctx.actor, 'user.update');
  try {
    await db.transaction(async (tx) => {
      const user = await loadManagedUser(tx, input.user_id);
      const isAdvisor = user.advisorId !== null;
      const isStaff = user.isAdvisory && !isAdvisor;
      const staffOf = await advisorIdsOf(tx, input.staff_advisors);
      const changed: string[] = [];
      if (input.email !== user.email) changed.push('email');
      if ((input.phone || null) !== (user.phone || null)) changed.push('phone');
      if (input.is_firm_supervisor !== user.isFirmSupervisor) {
        if (!user.isAdvisory) throw new AppError('VALIDATION', ONLY_ADVISORY, { is_firm_supervisor: ONLY_ADVISORY });
        changed.push('is_firm_supervisor');
      }
      if (input.is_waiving_fee !== Boolean(user.isWaivingFee)) {
        if (!isAdvisor) throw new AppError('VALIDATION', ONLY_ADVISORS, { is_waiving_fee: ONLY_ADVISORS });
        changed.push('is_waiving_fee');
      }
      if (!sameSet(staffOf, user.staffAdvisorIds)) {
        if (!isStaff) throw new AppError('VALIDATION', ONLY_STAFF, { staff_advisors: ONLY_STAFF });
        changed.push('staff_advisors');
      }
      if (!changed.length) throw new AppError('VALIDATION', NOTHING_CHANGED);

      if (changed.includes('email')) {
        if (user.id === ctx.actor.userId) throw new AppError('VALIDATION', OWN_EMAIL_IN_SETTINGS, { email: OWN_EMAIL_IN_SETTINGS });
        // Moving another admin's or attorney's sign-in to an address of one's own, then asking for a reset
        // there, would take over that account (and every household it reaches): their owner alone changes it.
        if (user.isAdmin || user.isLegal) throw new AppError('FORBIDDEN', STAFF_EMAIL_BY_OWNER, { email: STAFF_EMAIL_BY_OWNER });
        if (await emailInUse(tx, input.email, user.id)) throw new AppError('CONFLICT', EMAIL_IN_USE, { email: EMAIL_IN_USE });
        const [changedRow] = await tx
          .update(users)
          .set({ email: input.email, sessionVersion: sql`${users.sessionVersion} + 1` })
          .where(eq(users.id, user.id))
          .returning({ sessionVersion: users.sessionVersion });
        await revokeUserSessions(user.id, tx);
        await queueMail(tx, emailChangedByAdminMail({ to: user.email, name: user.firstName, newEmail: input.email }));
        await tellEmailChanged(tx, {
          userId: user.id,
          key: `${user.id}:${changedRow.sessionVersion}`,
          at: ctx.now,
          from: user.email,
          to: input.email,
          byAdmin: true,
        });
      }
      if (changed.includes('email') || changed.includes('phone')) {
        await tx
          .update(persons)
          .set({ email: input.email, phone: input.phone || null })
          .where(eq(persons.id, user.personId));
      }
      if (changed.includes('is_firm_supervisor')) await tx.update(users).set({ isFirmSupervisor: input.is_firm_supervisor }).where(eq(users.id, user.id));
      if (changed.includes('is_waiving_fee')) await tx.update(advisors).set({ isWaivingFee: input.is_waiving_fee }).where(eq(advisors.id, user.advisorId!));
      if (changed.includes('staff_advisors')) {
        await tx.delete(staffAdvisors).where(and(eq(staffAdvisors.staffUserId, user.id)));
        if (staffOf.length) await tx.insert(staffAdvisors).values(staffOf.map((advisorId) => ({ staffUserId: user.id, advisorId })));
      }
      await audit(tx, ctx, 'user.update', { type: 'user', id: user.id }, { fields: changed });
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError('CONFLICT', EMAIL_IN_USE, { email: EMAIL_IN_USE });
    throw error;
  }
  return { message: ACCOUNT_UPDATED, users: await listUsers(ctx.actor, { q: '', page: 1 }) };
}
