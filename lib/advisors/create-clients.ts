import 'server-only';
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { db } from '@/db';
import { clients, estatePlans, estatePlanStatusChanges, households, persons, users } from '@/db/schema';
import { newHash } from '@/db/schema/columns';
import { audit } from '@/lib/kernel/audit';
import { assertAdvisorUnlocked } from '@/lib/billing/feature-lock';
import { loadAdvisor } from '@/lib/kernel/scope';
import { sealIdentifier } from '@/lib/crypto';
import { placeOf } from '@/lib/encrypted-columns';
import { AppError } from '@/lib/kernel/errors';
import type { RequestContext } from '@/lib/kernel/context';
import { writeInvite } from '@/lib/invites/invites';
import { personName } from '@/lib/people/person-name';
import type { CreateClientsInput } from '@/lib/validation/advisors';
import { CLIENT_EMAILS_SAME } from '@/lib/validation/advisors';

export const CLIENTS_CREATED = 'Client(s) created successfully';
export const CLIENT_EMAIL_TAKEN = 'An account with this email already exists.';
export const CLIENT_EMAIL_PENDING = 'A client with this email has already been created and invited.';

export type CreateClientsResult = { clients: { hash: string; name: string }[]; household: string };

/**
 * The New Client screen and `POST /api/advisorCreateClient/`: creates one client, or a couple as one
 * household (the first as owner 1, the second as owner 2), with the household's first estate plan (In
 * Progress), for an advisor in the actor's scope; each client gets an invite linked to their record and an
 * invitation e-mail. All in one transaction. An email that already has an account, or belongs to a client
 * created earlier who has not joined yet, is refused (409): joining must find exactly one record to take over.
 */
export async function createClients(ctx: RequestContext, input: CreateClientsInput): Promise<CreateClientsResult> {
  const emails = input.clients.map((c) => c.email.trim().toLowerCase());
  if (emails.length === 2 && emails[0] === emails[1]) throw new AppError('VALIDATION', CLIENT_EMAILS_SAME, { 'clients.1.email': CLIENT_EMAILS_SAME });

  const result = await db.transaction(async (tx) => {
    const advisor = await loadAdvisor(ctx, input.advisor_id, 'client.create', tx);
    await assertAdvisorUnlocked(tx, ctx, advisor.id);
    // Serialise creations for these emails, so two screens creating the same client cannot both pass.
    for (const email of [...emails].sort()) await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`client-email:${email}`}, 0))`);
    const [account] = await tx.select({ email: users.email }).from(users).where(inArray(users.email, emails)).limit(1);
    if (account) throw new AppError('CONFLICT', CLIENT_EMAIL_TAKEN, { [`clients.${emails.indexOf(account.email)}.email`]: CLIENT_EMAIL_TAKEN });
    const [pending] = await tx
      .select({ email: sql<string>`lower(trim(${persons.email}))` })
      .from(clients)
      .innerJoin(persons, eq(persons.id, clients.personId))
      .where(and(isNull(clients.userId), inArray(sql`lower(trim(${persons.email}))`, emails)))
      .limit(1);
    if (pending) throw new AppError('CONFLICT', CLIENT_EMAIL_PENDING, { [`clients.${emails.indexOf(pending.email)}.email`]: CLIENT_EMAIL_PENDING });

    const created: { id: number; hash: string; name: string; email: string }[] = [];
    for (const [i, c] of input.clients.entries()) {
      const personHash = newHash();
      const sealed = sealIdentifier(c.social_security_number, placeOf(persons.ssnCipher, personHash));
      const [person] = await tx
        .insert(persons)
        .values({
          hash: personHash,
          firstName: c.first_name,
          middleName: c.middle_name || null,
          lastName: c.last_name,
          suffix: c.suffix || null,
          email: emails[i],
          phone: c.mobile_phone || null,
          dob: c.date_of_birth,
          ssnCipher: sealed.cipher,
          ssnLast4: sealed.last4,
        })
        .returning({ id: persons.id });
      const [client] = await tx
        .insert(clients)
        .values({ personId: person.id, advisorId: advisor.id, gender: c.gender || null })
        .returning({ id: clients.id, hash: clients.hash });
      created.push({
        ...client,
        name: personName({ firstName: c.first_name, middleName: c.middle_name, lastName: c.last_name, suffix: c.suffix }),
        email: emails[i],
      });
    }
    const [household] = await tx
      .insert(households)
      .values({ owner1ClientId: created[0].id, owner2ClientId: created[1]?.id ?? null })
      .returning({ id: households.id, hash: households.hash });
    const [plan] = await tx.insert(estatePlans).values({ clientId: created[0].id, status: 'incomplete' }).returning({ id: estatePlans.id });
    await tx.insert(estatePlanStatusChanges).values({ estatePlanId: plan.id, fromStatus: null, toStatus: 'incomplete', changedByUserId: ctx.actor.userId });
    for (const c of created) await writeInvite(tx, advisor, { name: c.name, email: c.email, clientId: c.id });
    await audit(tx, ctx, 'client.create', { type: 'household', id: household.id }, { advisorId: advisor.id, clients: created.map((c) => c.id) });
    return { clients: created.map((c) => ({ hash: c.hash, name: c.name })), household: household.hash };
  });
  return result;
}
