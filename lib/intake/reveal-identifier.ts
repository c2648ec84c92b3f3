import 'server-only';
import { and, eq, inArray, or, sql } from 'drizzle-orm';
import { assertRecentSecondStep } from '@/lib/auth/second-factor/rules';
import { db, type Tx } from '@/db';
import { beneficiaries, clientBeneficiaries, clients, persons } from '@/db/schema';
import { audit } from '@/lib/kernel/audit';
import { loadHousehold, type Household } from '@/lib/kernel/scope';
import { openIdentifier } from '@/lib/crypto';
import { placeOf } from '@/lib/encrypted-columns';
import { AppError } from '@/lib/kernel/errors';
import { formatSsn } from '@/lib/format/ssn';
import type { RequestContext } from '@/lib/kernel/context';
import type { IdentifierRef, RevealIdentifierInput } from '@/lib/validation/plans';
import { householdPersonScope } from './records/persons';
import { clientIdsOf } from './write-steps';

/**
 * The review page's eye icon (one identifier) and its print (all shown ones): full SSNs of the household's
 * people (the clients, anyone on its lists) and identifiers of its entity beneficiaries, for attorneys and
 * admins only ('identifiers.reveal'; everyone else is refused at the door and never receives a full value).
 * A record out of the household, unknown or without a stored number: 404 for the whole call. Every value
 * revealed leaves an audit row naming the record (never the value). Answers `{ values: { [hash]: '123-45-6789' } }`.
 */
export async function revealIdentifiers(ctx: RequestContext, input: RevealIdentifierInput): Promise<{ values: Record<string, string> }> {
  // A full SSN asks for a recent second step once the user has one (issue 31).
  assertRecentSecondStep(ctx.actor, ctx.now);
  return db.transaction(async (tx) => {
    const household = await loadHousehold(ctx, input.client_hash, 'identifiers.reveal', tx);
    const values: Record<string, string> = {};
    for (const item of input.items) {
      const { value, target } = await openOne(tx, household, item);
      values[item.hash] = value;
      await audit(tx, ctx, 'identifier.reveal', { ...target, householdId: household.householdId }, { kind: item.kind });
    }
    return { values };
  });
}

async function openOne(tx: Tx, household: Household, item: IdentifierRef): Promise<{ value: string; target: { type: string; id: number } }> {
  const ids = clientIdsOf(household);
  let value: string | null;
  let target: { type: string; id: number };
  if (item.kind === 'person') {
    const [row] = await tx
      .select({ id: persons.id, hash: persons.hash, cipher: persons.ssnCipher })
      .from(persons)
      .where(
        and(
          eq(persons.hash, item.hash),
          or(
            sql`exists (select 1 from ${clients} c where c.person_id = ${persons.id} and ${inArray(sql`c.id`, ids)})`,
            householdPersonScope(household, persons.id),
          ),
        ),
      )
      .limit(1);
    if (!row?.cipher) throw new AppError('NOT_FOUND');
    value = openIdentifier(row.cipher, placeOf(persons.ssnCipher, row.hash));
    target = { type: 'person', id: row.id };
  } else {
    const [row] = await tx
      .select({ id: beneficiaries.id, hash: beneficiaries.hash, cipher: beneficiaries.entityIdentifierCipher })
      .from(beneficiaries)
      .innerJoin(clientBeneficiaries, eq(clientBeneficiaries.beneficiaryId, beneficiaries.id))
      .where(and(eq(beneficiaries.hash, item.hash), inArray(clientBeneficiaries.clientId, ids)))
      .limit(1);
    if (!row?.cipher) throw new AppError('NOT_FOUND');
    value = openIdentifier(row.cipher, placeOf(beneficiaries.entityIdentifierCipher, row.hash));
    target = { type: 'beneficiary', id: row.id };
  }
  if (!value) throw new AppError('NOT_FOUND');
  return { value: formatSsn(value), target };
}
