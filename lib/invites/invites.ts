import 'server-only';
import { and, desc, eq, isNull, sql, type SQL } from 'drizzle-orm';
import { db, type Queryable, type Tx } from '@/db';
import { clampedOffset } from '@/db/paging';
import { advisors, clients, invites, persons, users } from '@/db/schema';
import { audit } from '@/lib/kernel/audit';
import { canResendInvite, INVITE_RESEND_WAIT_MS } from './rules';
import { assertAdvisorUnlocked } from '@/lib/billing/feature-lock';
import { loadAdvisor } from '@/lib/kernel/scope';
import { AppError } from '@/lib/kernel/errors';
import type { RequestContext } from '@/lib/kernel/context';
import { claimOnce, identicalCallKey } from '@/lib/idempotency';
import { dropMailSecrets } from '@/lib/mail/mail-secrets';
import { queueMail } from '@/lib/mail/send-mail';
import { personName } from '@/lib/people/person-name';
import { personNameColumns } from '@/lib/people/person-name-columns';
import type { InviteListInput, ResendInviteInput, SendInviteInput } from '@/lib/validation/advisors';
import { pageOf, type ListPageInfo } from '@/lib/validation/list-page';
import { inviteMail } from '@/lib/mail/templates/invite';
import { inviteLinkSecret, inviteRef, newInviteToken } from './invite-mail';
import { formatAppDateTime } from '@/lib/format/app-time';

/** An invite as the dashboard and the legacy calls show it (platform spec §3 "Invite"). */
export type InviteView = {
  id: string;
  name: string;
  email: string;
  sent_at: string;
  sent_at_formatted: string;
  /** Joined: the client has an account. */
  is_created: boolean;
  can_resend: boolean;
};

export const INVITE_SENT = 'Client invitation sent successfully';
export const INVITE_RESENT = 'Client invitation resent successfully';
export const INVITE_WAIT = 'Please wait 5 minutes before resending this invitation.';
export const INVITE_JOINED = 'This client has already joined.';
export const EMAIL_HAS_ACCOUNT = 'An account with this email already exists.';

/** The list's date: 11/23/2026, 9:31 AM (the app's time zone, APP_TIME_ZONE). */
export function formatSentAt(date: Date): string {
  return formatAppDateTime(date);
}

export function toInviteView(row: { hash: string; clientName: string; clientEmail: string; sentAt: Date; joinedUserId: number | null }, now: Date): InviteView {
  const joined = row.joinedUserId !== null;
  return {
    id: row.hash,
    name: row.clientName,
    email: row.clientEmail,
    sent_at: row.sentAt.toISOString(),
    sent_at_formatted: formatSentAt(row.sentAt),
    is_created: joined,
    can_resend: canResendInvite({ sentAt: row.sentAt, joined }, now),
  };
}

/** Invites on a page of the dashboard's card: a half-width card, ten rows (issue 32: a big book's invites are paged in SQL). */
export const INVITE_PAGE_SIZE = 10;

/** How many invites the compatibility calls list, newest first (their earlier bound; the card pages instead). */
export const API_INVITES = 500;

/** One page of an advisor's invites, newest first, and where it stands among all of them. */
export type InvitePage = { invites: InviteView[]; page: ListPageInfo };

/** Which invites an answer lists: page `page` (1 = newest) of `size` rows. */
export type InviteListing = { page: number; size: number };

type InviteRow = { hash: string; client_name: string; client_email: string; sent_at: string; joined_user_id: number | null };

/**
 * One page of an advisor's invites and their count as one json value, `{ total, rows }`: a statement of its
 * own (invitePageOf) or a column of another (the dashboard reads it with the billing, one statement). The page
 * and the count are read from invites_advisor_idx; a page past the end is the last.
 */
export function invitePageSql(advisorId: number, listing: InviteListing): SQL<unknown> {
  const count = sql`(select count(*)::int from invites c where c.advisor_id = ${advisorId})`;
  return sql`(
    select json_build_object('total', ${count}, 'rows', coalesce(json_agg(json_build_object('hash', iv.hash, 'client_name', iv.client_name, 'client_email', iv.client_email, 'sent_at', iv.sent_at, 'joined_user_id', iv.joined_user_id) order by iv.sent_at desc, iv.id desc), '[]'::json))
      from (select * from invites inn where inn.advisor_id = ${advisorId} order by inn.sent_at desc, inn.id desc
             limit ${listing.size}::int offset ${clampedOffset(count, listing.page, listing.size)}) iv)`;
}

/** The page invitePageSql read (json text on one driver, an object on the other), as seen at `now`. */
export function toInvitePage(value: unknown, listing: InviteListing, now: Date): InvitePage {
  const { total, rows } = (typeof value === 'string' ? JSON.parse(value) : value) as { total: number; rows: InviteRow[] };
  const { page, pageCount } = pageOf(total, listing.page, listing.size);
  return {
    invites: rows.map((r) =>
      toInviteView({ hash: r.hash, clientName: r.client_name, clientEmail: r.client_email, sentAt: new Date(r.sent_at), joinedUserId: r.joined_user_id }, now),
    ),
    page: { page, pageCount, total },
  };
}

/** A page of the invites of one advisor (already loaded through the scope). */
export async function invitePageOf(advisorId: number, now: Date, listing: InviteListing, q: Queryable = db): Promise<InvitePage> {
  const [row] = await q
    .select({ page: invitePageSql(advisorId, listing) })
    .from(advisors)
    .where(eq(advisors.id, advisorId))
    .limit(1);
  return toInvitePage(row?.page ?? { total: 0, rows: [] }, listing, now);
}

/** The newest invites of one advisor, as the compatibility calls list them. */
export async function invitesOfAdvisor(advisorId: number, now: Date, q: Queryable = db): Promise<InviteView[]> {
  return (await invitePageOf(advisorId, now, { page: 1, size: API_INVITES }, q)).invites;
}

/**
 * A page of an advisor's invites by hash, within the actor's scope (the card, its pages and its 30-second
 * re-poll; the compatibility call asks for API_INVITES on one page).
 */
export async function listInvites(ctx: RequestContext, input: InviteListInput, size = INVITE_PAGE_SIZE): Promise<InvitePage> {
  const advisor = await loadAdvisor(ctx, input.advisor_id, 'invite.send');
  return invitePageOf(advisor.id, ctx.now, { page: input.page ?? 1, size });
}

async function advisorName(tx: Queryable, advisorId: number): Promise<string> {
  const [row] = await tx
    .select(personNameColumns)
    .from(advisors)
    .innerJoin(users, eq(users.id, advisors.userId))
    .innerJoin(persons, eq(persons.id, users.personId))
    .where(eq(advisors.id, advisorId))
    .limit(1);
  return row ? personName(row) : 'Your financial advisor';
}

/**
 * Writes an invite for a client (the New Client screen links it to the record it created) and queues its
 * e-mail, inside the caller's transaction. Returns the outbox id.
 */
export async function writeInvite(
  tx: Tx,
  advisor: { id: number; hash: string },
  invite: { name: string; email: string; clientId: number | null },
): Promise<number> {
  const { token, tokenHash } = newInviteToken();
  const [row] = await tx
    .insert(invites)
    .values({ advisorId: advisor.id, clientName: invite.name, clientEmail: invite.email, clientId: invite.clientId, tokenHash })
    .returning({ id: invites.id });
  return queueMail(
    tx,
    inviteMail({
      to: invite.email,
      clientName: invite.name,
      advisorName: await advisorName(tx, advisor.id),
      link: inviteLinkSecret(row.id, advisor.hash, token),
    }),
  );
}

/**
 * Sends an invitation (name, email) for an advisor in the actor's scope. An email that already has an
 * account is refused (409: that person signs in instead). When the advisor already created a client with
 * this email who has not joined, the invite points at that record, so joining takes it over. The same
 * invitation sent again by the same user within seconds (a double click, a retried request) is sent once:
 * the second answers the list (lib/idempotency.ts).
 */
export async function sendInvite(ctx: RequestContext, input: SendInviteInput, size = INVITE_PAGE_SIZE): Promise<InvitePage> {
  const list = await db.transaction(async (tx) => {
    const advisor = await loadAdvisor(ctx, input.advisor_id, 'invite.send', tx);
    await assertAdvisorUnlocked(tx, ctx, advisor.id);
    const email = input.client_email;
    const [account] = await tx.select({ id: users.id }).from(users).where(eq(users.email, email)).limit(1);
    if (account) throw new AppError('CONFLICT', EMAIL_HAS_ACCOUNT);
    if (!(await claimOnce(tx, ctx.actor.userId, identicalCallKey('invite.send', { advisor: advisor.hash, name: input.client_name, email })))) {
      return invitePageOf(advisor.id, ctx.now, { page: 1, size }, tx);
    }
    const [pending] = await tx
      .select({ id: clients.id })
      .from(clients)
      .innerJoin(persons, eq(persons.id, clients.personId))
      .where(and(eq(clients.advisorId, advisor.id), isNull(clients.userId), sql`lower(trim(${persons.email})) = ${email}`))
      .orderBy(desc(clients.id))
      .limit(1);
    await writeInvite(tx, advisor, { name: input.client_name, email, clientId: pending?.id ?? null });
    await audit(tx, ctx, 'invite.send', { type: 'advisor', id: advisor.id }, { email, clientId: pending?.id ?? null });
    // The first page: the new invite is the newest.
    return invitePageOf(advisor.id, ctx.now, { page: 1, size }, tx);
  });
  return list;
}

/**
 * Resends an invitation (by its public id) of an advisor in the actor's scope: a new link token, the send
 * time reset, a new e-mail. Refused while joined (409) or within 5 minutes of the last send (429); the
 * 5-minute condition is part of the UPDATE, so two resends at once send one e-mail.
 */
export async function resendInvite(ctx: RequestContext, input: ResendInviteInput, size = INVITE_PAGE_SIZE): Promise<InvitePage> {
  const list = await db.transaction(async (tx) => {
    const [invite] = await tx
      .select({
        id: invites.id,
        advisorId: invites.advisorId,
        advisorHash: advisors.hash,
        name: invites.clientName,
        email: invites.clientEmail,
        sentAt: invites.sentAt,
        joinedUserId: invites.joinedUserId,
      })
      .from(invites)
      .innerJoin(advisors, eq(advisors.id, invites.advisorId))
      .where(eq(invites.hash, input.id))
      .limit(1);
    if (!invite) throw new AppError('NOT_FOUND');
    // Within the scope, for the permission (NOT_FOUND otherwise, the same answer as an unknown id).
    const advisor = await loadAdvisor(ctx, invite.advisorHash, 'invite.send', tx);
    if (invite.joinedUserId !== null) throw new AppError('CONFLICT', INVITE_JOINED);
    const { token, tokenHash } = newInviteToken();
    const updated = await tx
      .update(invites)
      .set({ sentAt: sql`now()`, tokenHash })
      .where(
        and(eq(invites.id, invite.id), isNull(invites.joinedUserId), sql`${invites.sentAt} <= now() - make_interval(secs => ${INVITE_RESEND_WAIT_MS / 1000})`),
      )
      .returning({ id: invites.id });
    if (!updated.length) throw new AppError('RATE_LIMITED', INVITE_WAIT);
    // The earlier e-mails' links name the invite no more.
    await dropMailSecrets(tx, [inviteRef(invite.id)], 'replaced');
    await queueMail(
      tx,
      inviteMail({
        to: invite.email,
        clientName: invite.name,
        advisorName: await advisorName(tx, advisor.id),
        link: inviteLinkSecret(invite.id, advisor.hash, token),
      }),
    );
    await audit(tx, ctx, 'invite.resend', { type: 'advisor', id: advisor.id }, { invite: input.id });
    // The page the caller shows (the resent invite moves to the first page; the page still lists where it stood).
    return invitePageOf(advisor.id, ctx.now, { page: input.page ?? 1, size }, tx);
  });
  return list;
}
