import 'server-only';
import { eq, sql } from 'drizzle-orm';
import { assertRecentSecondStep } from '@/lib/auth/second-factor/rules';
import { db, type Queryable } from '@/db';
import { clients, households } from '@/db/schema';
import { newPasswordToken } from '@/lib/auth/password-rules';
import { hashPassword } from '@/lib/auth/password';
import { revokeUserSessions } from '@/lib/auth/session-rows';
import { storeFor } from '@/lib/files/store';
import { audit } from '@/lib/kernel/audit';
import type { RequestContext } from '@/lib/kernel/context';
import { AppError } from '@/lib/kernel/errors';
import { assertNotImpersonating } from '@/lib/kernel/policy';
import { rowsOf } from '@/lib/kernel/rows';
import type { DeleteClientInput } from '@/lib/validation/admin';
import { canDeleteClients, listAdvisorChoices } from './queries';

export const CLIENT_DELETED = 'Client deleted successfully';
const NOT_FOUND = 'The client was not found.';

const ids = (list: number[]) => sql.join(list.length ? list.map((id) => sql`${id}`) : [sql`null`], sql`, `);

async function idList(q: Queryable, query: ReturnType<typeof sql>): Promise<number[]> {
  return rowsOf<{ id: number }>(await q.execute(query)).map((r) => Number(r.id));
}

/**
 * The hidden Delete Client tool (spec §6): deletes a client's whole household (both owners) with its intake
 * (every listed item and the people and addresses only they named), estate plans, files, notes, consents,
 * stored payment methods and invitations, in one transaction. Invoices and payments stay (money records),
 * unlinked. The owners' logins are disabled and stripped of personal data, since the audit log keeps
 * pointing at them. The stored documents are removed after the commit. The audit row says only which
 * household and how many records, no personal data. Anyone but a listed admin: 404 and nothing written.
 */
export async function deleteClient(ctx: RequestContext, input: DeleteClientInput) {
  assertNotImpersonating(ctx.actor);
  if (!canDeleteClients(ctx.actor)) throw new AppError('NOT_FOUND', NOT_FOUND);
  assertRecentSecondStep(ctx.actor, ctx.now);
  const unusable = await hashPassword(newPasswordToken());
  const storedFiles = await db.transaction(async (tx) => {
    const [client] = await tx.select({ id: clients.id }).from(clients).where(eq(clients.hash, input.hash)).limit(1);
    if (!client) throw new AppError('NOT_FOUND', NOT_FOUND);
    const [household] = await tx
      .select({ id: households.id, owner1: households.owner1ClientId, owner2: households.owner2ClientId })
      .from(households)
      .where(sql`${client.id} in (${households.owner1ClientId}, ${households.owner2ClientId})`)
      .for('update')
      .limit(1);
    const owners = household ? [household.owner1, household.owner2].filter((id): id is number => id !== null) : [client.id];
    const o = ids(owners);

    const files = rowsOf<{ storage: string; storage_key: string }>(
      await tx.execute(sql`select f.storage, f.storage_key from files f join estate_plans p on p.id = f.estate_plan_id where p.client_id in (${o})`),
    );
    const children = await idList(tx, sql`select child_id as id from client_children where client_id in (${o})`);
    const beneficiaries = await idList(tx, sql`select beneficiary_id as id from client_beneficiaries where client_id in (${o})`);
    const fiduciaries = await idList(tx, sql`select fiduciary_id as id from client_fiduciaries where client_id in (${o})`);
    const agents = await idList(tx, sql`select agent_id as id from client_poa_agents where client_id in (${o})`);
    const properties = await idList(tx, sql`select property_id as id from client_properties where client_id in (${o})`);
    const companies = await idList(tx, sql`select company_id as id from client_companies where client_id in (${o})`);
    const gifts = await idList(tx, sql`select gift_id as id from client_gifts where client_id in (${o})`);
    const accounts = await idList(tx, sql`select account_id as id from client_accounts where client_id in (${o})`);
    const people = await idList(
      tx,
      sql`select person_id as id from clients where id in (${o})
          union select person_id from children where id in (${ids(children)})
          union select guardian1_person_id from children where id in (${ids(children)}) and guardian1_person_id is not null
          union select guardian2_person_id from children where id in (${ids(children)}) and guardian2_person_id is not null
          union select person_id from beneficiaries where id in (${ids(beneficiaries)}) and person_id is not null
          union select person_id from fiduciaries where id in (${ids(fiduciaries)})
          union select person_id from poa_agents where id in (${ids(agents)})`,
    );
    const places = await idList(
      tx,
      sql`select address_id as id from properties where id in (${ids(properties)})
          union select address_id from companies where id in (${ids(companies)}) and address_id is not null
          union select address_id from gifts where id in (${ids(gifts)}) and address_id is not null`,
    );
    const logins = await idList(tx, sql`select user_id as id from clients where id in (${o}) and user_id is not null`);

    // Items first (their pivots go with them), then the clients (plans, files, consents, notes, payment
    // methods and pivots cascade; households with owner 1), then the people and places only they named.
    await tx.execute(sql`delete from gifts where id in (${ids(gifts)})`);
    await tx.execute(sql`delete from accounts where id in (${ids(accounts)})`);
    await tx.execute(sql`delete from companies where id in (${ids(companies)})`);
    await tx.execute(sql`delete from properties where id in (${ids(properties)})`);
    await tx.execute(sql`delete from children where id in (${ids(children)})`);
    await tx.execute(sql`delete from beneficiaries where id in (${ids(beneficiaries)})`);
    await tx.execute(sql`delete from fiduciaries where id in (${ids(fiduciaries)})`);
    await tx.execute(sql`delete from poa_agents where id in (${ids(agents)})`);
    await tx.execute(sql`delete from invites where client_id in (${o})`);
    await tx.execute(sql`delete from households where owner1_client_id in (${o}) or owner2_client_id in (${o})`);
    await tx.execute(sql`delete from clients where id in (${o})`);
    // The owners' logins: no role left, so disabled, signed out and emptied of personal data. Logins that
    // also work on the staff side keep their account and person.
    const kept = await idList(
      tx,
      sql`select id from users where id in (${ids(logins)}) and (is_admin or is_legal or is_advisory or exists (select 1 from clients c where c.user_id = users.id))`,
    );
    const emptied = logins.filter((id) => !kept.includes(id));
    for (const userId of emptied) {
      await tx.execute(
        sql`update users set email = 'deleted-' || hash || '@deleted.invalid', password_hash = ${unusable}, disabled_at = now(),
                             must_change_password = false, session_version = session_version + 1 where id = ${userId}`,
      );
      await revokeUserSessions(userId, tx);
    }
    await tx.execute(sql`delete from email_changes where user_id in (${ids(emptied)})`);
    await tx.execute(sql`delete from password_tokens where user_id in (${ids(emptied)})`);
    await tx.execute(
      sql`update persons set first_name = '', middle_name = null, last_name = '', suffix = null, nickname = null, email = null, phone = null,
                             dob = null, ssn_cipher = null, ssn_last4 = null
           where id in (select person_id from users where id in (${ids(emptied)}))`,
    );
    await tx.execute(sql`delete from persons where id in (${ids(people)}) and id not in (select person_id from users)`);
    await tx.execute(sql`delete from addresses where id in (${ids(places)})`);

    await audit(
      tx,
      ctx,
      'client.delete',
      // The household is gone by now: named here, not found from the target.
      { type: 'household', id: household?.id ?? client.id, householdId: household?.id ?? null },
      { clients: owners.length, files: files.length, logins: emptied.length },
    );
    return files;
  });

  // After the commit: the rows are gone, so a failed removal leaves only unreachable bytes (logged).
  for (const file of storedFiles) {
    try {
      await storeFor(file.storage).delete(file.storage_key);
    } catch (error) {
      console.error('[delete-client] a stored document could not be removed', { storage: file.storage, error: String(error) });
    }
  }
  return { message: CLIENT_DELETED, advisors: await listAdvisorChoices(ctx.actor) };
}
