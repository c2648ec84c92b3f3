import 'server-only';
import { eq } from 'drizzle-orm';
import { db } from '@/db';
import { advisorFirms, advisors, firms, persons, staffAdvisors, users } from '@/db/schema';
import { emailInUse, isUniqueViolation } from '@/lib/account-settings/email-in-use';
import { newPasswordToken, PASSWORD_TOKEN_TTL_MS } from '@/lib/auth/password-rules';
import { hashPassword } from '@/lib/auth/password';
import { issuePasswordLink } from '@/lib/auth/password-tokens';
import { audit } from '@/lib/kernel/audit';
import type { RequestContext } from '@/lib/kernel/context';
import { AppError } from '@/lib/kernel/errors';
import { assertCan } from '@/lib/kernel/policy';
import { queueMail } from '@/lib/mail/send-mail';
import { accountCreatedMail } from '@/lib/mail/templates/password';
import { EMAIL_IN_USE } from '@/lib/validation/settings';
import { ADVISOR_CREATED, STAFF_CREATED, type CreateAdvisorInput } from '@/lib/validation/admin';
import { advisorIdsOf, listAdvisorChoices, listFirmChoices, listUsers } from './queries';

export const UNKNOWN_FIRM = 'The chosen firm no longer exists. Please reload the page.';

/**
 * Creates an advisor (in an existing firm or a new one by name) or a staff user of existing advisors
 * (admins). Nobody chooses or sees a password: the account gets an unusable one, and its address a
 * single-use link valid for 72 hours to choose one. Person, user, advisor, firm and links in one
 * transaction; the address must be free (a second identical create answers 409 and creates nothing).
 * Answers the spec's message with the refreshed advisors, firms and users.
 */
export async function createAdvisor(ctx: RequestContext, input: CreateAdvisorInput) {
  assertCan(ctx.actor, 'advisor.create');
  const unusable = await hashPassword(newPasswordToken());
  const staff = input.account_type === 'staff';
  try {
    await db.transaction(async (tx) => {
      if (await emailInUse(tx, input.email, 0)) throw new AppError('CONFLICT', EMAIL_IN_USE, { email: EMAIL_IN_USE });
      const staffOf = staff ? await advisorIdsOf(tx, input.staff_advisors) : [];
      let firmId: number | null = null;
      if (!staff) {
        if (input.firm_id) {
          const [firm] = await tx.select({ id: firms.id }).from(firms).where(eq(firms.hash, input.firm_id)).limit(1);
          if (!firm) throw new AppError('VALIDATION', UNKNOWN_FIRM, { firm_id: UNKNOWN_FIRM });
          firmId = firm.id;
        } else {
          const [firm] = await tx.insert(firms).values({ name: input.firm_name }).returning({ id: firms.id });
          firmId = firm.id;
          await audit(tx, ctx, 'firm.create', { type: 'firm', id: firm.id });
        }
      }
      const [person] = await tx
        .insert(persons)
        .values({
          firstName: input.first_name,
          middleName: input.middle_name || null,
          lastName: input.last_name,
          suffix: input.suffix || null,
          email: input.email,
          phone: input.phone || null,
        })
        .returning({ id: persons.id });
      const [user] = await tx
        .insert(users)
        .values({ personId: person.id, email: input.email, passwordHash: unusable, isAdvisory: true, isFirmSupervisor: input.is_firm_supervisor })
        .returning({ id: users.id });
      if (staff) {
        await tx.insert(staffAdvisors).values(staffOf.map((advisorId) => ({ staffUserId: user.id, advisorId })));
      } else {
        const [advisor] = await tx.insert(advisors).values({ userId: user.id, isWaivingFee: input.is_waiving_fee }).returning({ id: advisors.id });
        await tx.insert(advisorFirms).values({ advisorId: advisor.id, firmId: firmId!, position: 0 });
      }
      const link = await issuePasswordLink(tx, user.id, 'set', ctx.now);
      await queueMail(tx, accountCreatedMail({ to: input.email, name: input.first_name, link, hours: PASSWORD_TOKEN_TTL_MS.set / 3_600_000 }));
      await audit(tx, ctx, staff ? 'staff.create' : 'advisor.create', { type: 'user', id: user.id });
    });
  } catch (error) {
    // Another create took the address between the check and the insert.
    if (isUniqueViolation(error)) throw new AppError('CONFLICT', EMAIL_IN_USE, { email: EMAIL_IN_USE });
    throw error;
  }
  const [advisorList, firmList, userPage] = await Promise.all([
    listAdvisorChoices(ctx.actor),
    listFirmChoices(ctx.actor),
    listUsers(ctx.actor, { q: '', page: 1 }),
  ]);
  return { message: staff ? STAFF_CREATED : ADVISOR_CREATED, advisors: advisorList, firms: firmList, users: userPage };
}
