import 'server-only';
import { and, count, eq, gt, isNull, sql } from 'drizzle-orm';
import { db, type Tx } from '@/db';
import { auditLog, clients, estatePlans, estatePlanStatusChanges, households, invites, persons, users } from '@/db/schema';
import { normaliseEmail } from '@/lib/auth/authenticate';
import { hashPassword } from '@/lib/auth/password';
import { audit } from '@/lib/kernel/audit';
import { householdAudience, notify } from '@/lib/notifications';
import { AppError } from '@/lib/kernel/errors';
import type { PublicContext } from '@/lib/kernel/context';
import type { CreateClientAccountInput } from '@/lib/validation/accounts';
import { hashInviteToken, inviteRef } from '@/lib/invites/invite-mail';
import { dropMailSecrets } from '@/lib/mail/mail-secrets';
import { queueMail, type MailMessage } from '@/lib/mail/send-mail';
import { existingAccountMail, invitationWaitingMail } from '@/lib/mail/templates/sign-up';
import { EMAIL_TAKEN } from './messages';
import { findReferringAdvisorId } from './queries';
import { assertSignupAllowed, holdSignupSlot, SIGNUP_EXISTING_ACTION } from './signup-brake';

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

/** The record to take over, and the invite whose token proved it (it turns Joined with the record's). */
type Takeover = { kind: 'takeover'; clientId: number; personId: number; advisorId: number | null; inviteId: number | null };
/** A record waiting for this email's owner, which the sign-up did not prove to be theirs. */
type Waiting = { kind: 'waiting'; clientId: number };

/**
 * The advisor-created client record a sign-up takes over, if any. Such a record holds what the advisor
 * entered (names, dates of birth, family, assets), so only someone who proves they read the invitation
 * sent to it may take it: the invite link's token names the record (whatever email is typed), or, for an
 * invite that names no record (a plain invite, perhaps from another advisor), its token proves the mailbox
 * of the invited email, and the newest record without a login with that email is theirs. A typed email
 * alone proves nothing (sign-up sends no confirmation), so a record waiting for it is not handed over
 * (Waiting: its address is told to use the invitation). Advisor-created clients' emails are unique among
 * records without a login (createClients), so the email finds at most one. Locked FOR UPDATE so two
 * sign-ups cannot take the same record.
 */
async function findTakeover(tx: Tx, email: string, inviteToken: string): Promise<Takeover | Waiting | null> {
  // The invite whose token proves the mailbox of the typed email, if any.
  let provenBy: number | null = null;
  if (inviteToken) {
    const [invite] = await tx
      .select({ id: invites.id, clientId: invites.clientId, invitedEmail: invites.clientEmail })
      .from(invites)
      .where(and(eq(invites.tokenHash, hashInviteToken(inviteToken)), isNull(invites.joinedUserId)))
      .limit(1);
    if (invite?.clientId != null) {
      const [byToken] = await tx
        .select({ clientId: clients.id, personId: clients.personId, advisorId: clients.advisorId })
        .from(clients)
        .where(and(eq(clients.id, invite.clientId), isNull(clients.userId)))
        .limit(1)
        .for('update');
      if (byToken) return { kind: 'takeover', ...byToken, inviteId: invite.id };
    }
    if (invite && normaliseEmail(invite.invitedEmail) === email) provenBy = invite.id;
  }
  const [byEmail] = await tx
    .select({ clientId: clients.id, personId: clients.personId, advisorId: clients.advisorId })
    .from(clients)
    .innerJoin(persons, eq(persons.id, clients.personId))
    .where(and(isNull(clients.userId), sql`lower(trim(${persons.email})) = ${email}`))
    .orderBy(sql`${clients.id} desc`)
    .limit(1)
    .for('update', { of: clients });
  if (!byEmail) return null;
  if (provenBy === null) return { kind: 'waiting', clientId: byEmail.clientId };
  return { kind: 'takeover', ...byEmail, inviteId: provenBy };
}

/** The advisor of the newest open invite for this email (a sign-up without a referral link still joins it). */
async function invitingAdvisorId(tx: Tx, email: string): Promise<number | null> {
  const [row] = await tx
    .select({ advisorId: invites.advisorId })
    .from(invites)
    .where(and(isNull(invites.joinedUserId), sql`lower(trim(${invites.clientEmail})) = ${email}`))
    .orderBy(sql`${invites.sentAt} desc`)
    .limit(1);
  return row?.advisorId ?? null;
}

/** The advisor a new account for this email would join: the referral's, else an open invite's. */
async function joiningAdvisorId(tx: Tx, input: CreateClientAccountInput, email: string): Promise<number | null> {
  return (await findReferringAdvisorId(input.advisor_hash, tx)) ?? (await invitingAdvisorId(tx, email));
}

/**
 * Public sign-up (the join screen and POST /api/createClient/), in one transaction. When an advisor already
 * created this client and the sign-up came through its invitation (findTakeover), the login takes over that
 * record, with its household, plan and everything filled in: no second client record. Otherwise it creates
 * the client row (linked to the referring advisor when the hash names one, else to the advisor of an open
 * invite for this email), its household (the client as owner 1) and the household's first estate plan.
 * Either way the advisor's open invites for this email (and the record's own) show Joined. An email that is
 * not free (an account has it, or a record waits for its owner's invitation) is answered exactly as a new
 * account would be, and its address is mailed instead (answerTaken): the answer never tells a stranger
 * whether an address is known.
 */
export async function createClientAccount(ctx: PublicContext, input: CreateClientAccountInput): Promise<CreateClientAccountResult> {
  const email = normaliseEmail(input.email);
  // A cheap early refusal before the deliberately slow hashing, which stays outside the transaction.
  await assertSignupAllowed(db, ctx.ip, ctx.now);
  const passwordHash = await hashPassword(input.password);

  const attempt = () =>
    db.transaction(async (tx): Promise<CreateClientAccountResult> => {
      await holdSignupSlot(tx, ctx.ip, ctx.now);
      const [existing] = await tx.select({ id: users.id }).from(users).where(eq(users.email, email)).limit(1);
      if (existing) return answerTaken(tx, ctx, input, email, { type: 'user', id: existing.id }, existingAccountMail({ to: email }));

      const found = await findTakeover(tx, email, input.invite ?? '');
      if (found?.kind === 'waiting') return answerTaken(tx, ctx, input, email, { type: 'client', id: found.clientId }, invitationWaitingMail({ to: email }));
      if (found) return takeOver(tx, ctx, found, input, email, passwordHash);

      const advisorId = await joiningAdvisorId(tx, input, email);
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
        await dropMailSecrets(
          tx,
          joined.map((invite) => inviteRef(invite.id)),
          'used',
        );
      }

      const discounted = advisorId !== null;
      await audit(tx, ctx, 'client.signup', { type: 'client', id: client.id }, { userId: user.id, advisorId, discounted, joinedInvites });
      if (advisorId !== null) await tellAdvisorOfJoin(tx, client.id);
      return { discounted };
    });

  try {
    return await attempt();
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    // Another sign-up for this email committed in between: once more, which now finds its account.
    try {
      return await attempt();
    } catch (again) {
      if (isUniqueViolation(again)) throw new AppError('CONFLICT', EMAIL_TAKEN);
      throw again;
    }
  }
}

/** How often one account (or waiting record) is mailed about sign-ups with its address, at most. */
const TAKEN_MAIL_INTERVAL_MS = 60 * 60 * 1000;

/**
 * A sign-up for an email that is not free, answered as a new account would be (the discount the referral
 * or an open invite would give included) while nothing is created: the address is mailed what happened,
 * at most once an hour, and the try is audited as 'client.signup.existing', which the sign-up brake counts
 * like a sign-up (so nobody can use it to mail an address without end).
 */
async function answerTaken(
  tx: Tx,
  ctx: PublicContext,
  input: CreateClientAccountInput,
  email: string,
  target: { type: 'user' | 'client'; id: number },
  mail: MailMessage,
): Promise<CreateClientAccountResult> {
  const discounted = (await joiningAdvisorId(tx, input, email)) !== null;
  const [recent] = await tx
    .select({ n: count() })
    .from(auditLog)
    .where(
      and(
        eq(auditLog.action, SIGNUP_EXISTING_ACTION),
        eq(auditLog.targetType, target.type),
        eq(auditLog.targetId, target.id),
        gt(auditLog.createdAt, new Date(ctx.now.getTime() - TAKEN_MAIL_INTERVAL_MS)),
      ),
    );
  const mailed = recent.n === 0;
  if (mailed) await queueMail(tx, mail);
  await audit(tx, ctx, SIGNUP_EXISTING_ACTION, target, { mailed });
  return { discounted };
}

/** The sign-up's login joins the advisor-created record: the person keeps what the advisor filled in. */
async function takeOver(
  tx: Tx,
  ctx: PublicContext,
  takeover: Takeover,
  input: CreateClientAccountInput,
  email: string,
  passwordHash: string,
): Promise<CreateClientAccountResult> {
  const [stored] = await tx
    .select({ middleName: persons.middleName, suffix: persons.suffix, phone: persons.phone })
    .from(persons)
    .where(eq(persons.id, takeover.personId))
    .limit(1);
  // Names stay as the advisor entered them; blanks are filled from the form, and the login email becomes
  // the person's contact email (the address the client really uses).
  await tx
    .update(persons)
    .set({
      email,
      middleName: stored?.middleName || input.middle_name || null,
      suffix: stored?.suffix || input.suffix || null,
      phone: stored?.phone || input.phone,
    })
    .where(eq(persons.id, takeover.personId));
  const [user] = await tx.insert(users).values({ personId: takeover.personId, email, passwordHash }).returning({ id: users.id });
  const claimed = await tx
    .update(clients)
    .set({ userId: user.id })
    .where(and(eq(clients.id, takeover.clientId), isNull(clients.userId)))
    .returning({ id: clients.id });
  if (!claimed.length) throw new AppError('CONFLICT', EMAIL_TAKEN);
  const joined = await tx
    .update(invites)
    .set({ joinedUserId: user.id, clientId: takeover.clientId })
    .where(
      and(
        isNull(invites.joinedUserId),
        sql`(${invites.clientId} = ${takeover.clientId} or ${invites.id} = ${takeover.inviteId ?? -1} or (${invites.advisorId} = ${takeover.advisorId ?? -1} and lower(trim(${invites.clientEmail})) = ${email}))`,
      ),
    )
    .returning({ id: invites.id });
  // The invitations' links have done their work: their mails keep them no longer.
  await dropMailSecrets(
    tx,
    joined.map((invite) => inviteRef(invite.id)),
    'used',
  );
  const discounted = takeover.advisorId !== null;
  await audit(
    tx,
    ctx,
    'client.signup',
    { type: 'client', id: takeover.clientId },
    { userId: user.id, advisorId: takeover.advisorId, discounted, joinedInvites: joined.length, takeover: true },
  );
  await tellAdvisorOfJoin(tx, takeover.clientId);
  return { discounted };
}

/** The advisor of record hears that a client joined through them (once per client record). */
async function tellAdvisorOfJoin(tx: Tx, clientId: number): Promise<void> {
  const audience = await householdAudience(tx, clientId);
  if (!audience) return;
  await notify(
    tx,
    {
      key: `client-joined:${clientId}`,
      kind: 'client-joined',
      title: `${audience.householdName} joined Trustwell`,
      body: `${audience.householdName} created their account and can now start their trust questionnaire.`,
      link: `/client-info/${audience.owner1Hash}`,
      action: 'Open the client',
    },
    [audience.advisorUserId],
  );
}
