import 'server-only';
import { and, eq, isNull } from 'drizzle-orm';
import { db } from '@/db';
import { clients, invites, persons } from '@/db/schema';
import { hashInviteToken } from './invite-mail';
import { personNameColumns } from '@/lib/people/person-name-columns';

export type InvitePrefill = { first_name: string; middle_name: string; last_name: string; suffix: string; email: string; phone: string };

/**
 * What the join form shows for an invite link's token: the advisor-created client's name, email and phone
 * (the record the sign-up will take over), or the invited name and email. Null for an unknown, replaced or
 * used token, which then simply shows an empty form.
 */
export async function invitePrefill(token: string): Promise<InvitePrefill | null> {
  if (!token || token.length > 100) return null;
  const [row] = await db
    .select({
      name: invites.clientName,
      email: invites.clientEmail,
      ...personNameColumns,
      personEmail: persons.email,
      phone: persons.phone,
      clientUserId: clients.userId,
    })
    .from(invites)
    .leftJoin(clients, eq(clients.id, invites.clientId))
    .leftJoin(persons, eq(persons.id, clients.personId))
    .where(and(eq(invites.tokenHash, hashInviteToken(token)), isNull(invites.joinedUserId)))
    .limit(1);
  if (!row) return null;
  if (row.firstName !== null && row.clientUserId === null) {
    return {
      first_name: row.firstName,
      middle_name: row.middleName ?? '',
      last_name: row.lastName ?? '',
      suffix: row.suffix ?? '',
      email: row.personEmail ?? row.email,
      phone: row.phone ?? '',
    };
  }
  const [first, ...rest] = row.name.trim().split(/\s+/);
  return { first_name: first ?? '', middle_name: '', last_name: rest.join(' '), suffix: '', email: row.email, phone: '' };
}
