import 'server-only';
import { and, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import { db } from '@/db';
import { emailChanges, persons, users } from '@/db/schema';
import type { Actor } from '@/lib/kernel/actor';
import type { SettingsValues } from './types';
import { personNameColumns } from '@/lib/people/person-name-columns';

/**
 * The actor's own login and name/contact columns (never the SSN), or undefined when the account is gone.
 * There is deliberately no id parameter: settings can reach the session's user and nobody else.
 */
export async function findOwnAccount(actor: Actor) {
  const [row] = await db
    .select({
      user: {
        id: users.id,
        hash: users.hash,
        email: users.email,
        passwordHash: users.passwordHash,
        disabled: sql<boolean>`${users.disabledAt} is not null`,
      },
      person: {
        id: persons.id,
        nickname: persons.nickname,
        ...personNameColumns,
        phone: persons.phone,
      },
    })
    .from(users)
    .innerJoin(persons, eq(persons.id, users.personId))
    .where(eq(users.id, actor.userId))
    .limit(1);
  return row;
}

/** The new address of the user's latest email change still waiting for its link, or null. */
export async function pendingEmailOf(userId: number, currentEmail: string): Promise<string | null> {
  const [row] = await db
    .select({ newEmail: emailChanges.newEmail })
    .from(emailChanges)
    .where(
      and(eq(emailChanges.userId, userId), isNull(emailChanges.confirmedAt), gt(emailChanges.expiresAt, sql`now()`), eq(emailChanges.oldEmail, currentEmail)),
    )
    .orderBy(desc(emailChanges.id))
    .limit(1);
  return row?.newEmail ?? null;
}

/** The signed-in user's own settings values; null when the account is gone. */
export async function getOwnSettings(actor: Actor): Promise<SettingsValues | null> {
  const row = await findOwnAccount(actor);
  if (!row) return null;
  const { user, person } = row;
  const pendingEmail = await pendingEmailOf(user.id, user.email);
  return {
    name: {
      nickname: person.nickname ?? '',
      first_name: person.firstName,
      middle_name: person.middleName ?? '',
      last_name: person.lastName,
      suffix: person.suffix ?? '',
    },
    // The login email is the one that counts; persons.email is kept equal to it.
    email: user.email,
    phone: person.phone ?? '',
    pendingEmail,
  };
}
