import 'server-only';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { db } from '@/db';
import { clients, estatePlans, estatePlanStatusChanges, households, invites, persons, users } from '@/db/schema';
import { normaliseEmail } from '@/lib/auth/authenticate';
import { hashPassword } from '@/lib/auth/password';
import { audit } from '@/lib/audit';
import { AppError } from '@/lib/errors';
import type { PublicContext } from '@/lib/http/context';
import type { CreateClientAccountInput } from '@/lib/validation/accounts';
import { EMAIL_TAKEN } from './messages';
import { findReferringAdvisorId } from './queries';
import { assertSignupAllowed, holdSignupSlot } from './signup-brake';

export type CreateClientAccountResult = {
  /** True when the sign-up came through a known advisor's link, which earns the advisor discount. */
  discounted: boolean;
};

// Two sign-ups racing for one email both pass the lookup; the unique index refuses the second.
function isUniqueViolation(error: unknown): boolean {
  for (let e: unknown = error, depth = 0; e && depth < 4; e = (e as { cause?: unknown }).cause, depth++) {
    if ((e as { code?: unknown }).code === '23505') return true;
  }
  return false;
}

/**
 * Public sign-up (the join screen and POST /api/createClient/): creates the login, the client row (linked to
 * the referring advisor when the hash names one), its household (the client as owner 1), the household's
 * first estate plan, and marks that advisor's open invites for this email as joined, all in one transaction.
 */
export async function createClientAccount(ctx: PublicContext, input: CreateClientAccountInput): Promise<CreateClientAccountResult> {
  const email = normaliseEmail(input.email);
  // A cheap early refusal before the deliberately slow hashing, which stays outside the transaction.
  await assertSignupAllowed(db, ctx.ip);
  const passwordHash = await hashPassword(input.password);

  try {
    return await db.transaction(async (tx) => {
      await holdSignupSlot(tx, ctx.ip);
      const [existing] = await tx.select({ id: users.id }).from(users).where(eq(users.email, email)).limit(1);
      if (existing) throw new AppError('CONFLICT', EMAIL_TAKEN);

      const advisorId = await findReferringAdvisorId(input.advisor_hash, tx);
      const [person] = await tx
        .insert(persons)
        .values({
          firstName: input.first_name,
          middleName: input.middle_name || null,
          lastName: input.last_name,
          suffix: input.suffix || null,
          email,
          phone: input.phone,
        })
        .returning({ id: persons.id });
      const [user] = await tx.insert(users).values({ personId: person.id, email, passwordHash }).returning({ id: users.id });
      const [client] = await tx.insert(clients).values({ personId: person.id, userId: user.id, advisorId }).returning({ id: clients.id });
      await tx.insert(households).values({ owner1ClientId: client.id });
      const [plan] = await tx.insert(estatePlans).values({ clientId: client.id, status: 'incomplete' }).returning({ id: estatePlans.id });
      await tx.insert(estatePlanStatusChanges).values({ estatePlanId: plan.id, fromStatus: null, toStatus: 'incomplete', changedByUserId: user.id });

      let joinedInvites = 0;
      if (advisorId !== null) {
        const joined = await tx
          .update(invites)
          // The invite now points at the client record that answered it (as migration 0003 did for older joins).
          .set({ joinedUserId: user.id, clientId: client.id })
          .where(and(eq(invites.advisorId, advisorId), isNull(invites.joinedUserId), sql`lower(trim(${invites.clientEmail})) = ${email}`))
          .returning({ id: invites.id });
        joinedInvites = joined.length;
      }

      const discounted = advisorId !== null;
      await audit(tx, ctx, 'client.signup', { type: 'client', id: client.id }, { userId: user.id, advisorId, discounted, joinedInvites });
      return { discounted };
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError('CONFLICT', EMAIL_TAKEN);
    throw error;
  }
}
