import 'server-only';
import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import type { Tx } from '@/db';
import { beneficiaries, clientBeneficiaries } from '@/db/schema';
import { newHash } from '@/db/schema/columns';
import { audit } from '@/lib/kernel/audit';
import type { Household } from '@/lib/kernel/scope';
import { sealIdentifier } from '@/lib/crypto';
import { placeOf } from '@/lib/encrypted-columns';
import { AppError } from '@/lib/kernel/errors';
import type { RequestContext } from '@/lib/kernel/context';
import type { UpsertBeneficiaryInput } from '@/lib/validation/intake';
import { termsRow, type TermsRow } from './save-rules';
import type { IdentifierKind, IntakeView } from './types';
import {
  ALREADY_ON_LIST_MESSAGE,
  applyPivots,
  clientIdsOf,
  deleteOrphanPersons,
  householdOwned,
  createOnceKey,
  intakeWrite,
  pivotsFor,
  resolveRecordPerson,
  updateVersioned,
  type WriteOptions,
} from './write';

type StoredBeneficiary = {
  id: number;
  hash: string;
  version: number;
  type: 'person' | 'entity';
  personId: number | null;
  hasIdentifier: boolean;
  identifierKind: IdentifierKind | null;
};

/** A beneficiary of this household by public hash; NOT_FOUND for any other. */
export async function findBeneficiary(tx: Tx, household: Household, hash: string): Promise<StoredBeneficiary> {
  const [row] = await tx
    .select({
      id: beneficiaries.id,
      hash: beneficiaries.hash,
      version: beneficiaries.version,
      type: beneficiaries.type,
      personId: beneficiaries.personId,
      hasIdentifier: sql<boolean>`${beneficiaries.entityIdentifierCipher} is not null`,
      identifierKind: beneficiaries.entityIdentifierKind,
    })
    .from(beneficiaries)
    .where(and(eq(beneficiaries.hash, hash), inHousehold(household)))
    .limit(1);
  if (!row) throw new AppError('NOT_FOUND');
  return row;
}

function inHousehold(household: Household) {
  return sql`exists (select 1 from ${clientBeneficiaries} where ${clientBeneficiaries.beneficiaryId} = ${beneficiaries.id} and ${inArray(clientBeneficiaries.clientId, clientIdsOf(household))})`;
}

const KIND_REQUIRED = 'Please choose what kind of number the identifier is.';

/**
 * Creates or updates a beneficiary: a person (linked, own or new; SSN sealed to the person row) or an
 * entity (name, identifier sealed with its kind, date, trust flag), and each owning client's terms through
 * the owner engine: an omitted beneficiary gets share 0 and no per stirpes and keeps its reason; a trust
 * has the relationship 'Trust'. Answers the refreshed intake.
 */
export async function upsertBeneficiary(ctx: RequestContext, input: UpsertBeneficiaryInput, options: WriteOptions = {}): Promise<IntakeView> {
  return intakeWrite(
    ctx,
    input.client_hash,
    async (tx, household) => {
      const isTrust = input.type === 'entity' && input.is_trust;
      const owned = householdOwned(
        { owner: input.owner, sameValues: input.same_values, values1: termsRow(input.values1, isTrust), values2: termsRow(input.values2, isTrust) },
        household,
        options,
      );
      const desired = pivotsFor<TermsRow>(owned, household);
      const stored = input.hash ? await findBeneficiary(tx, household, input.hash) : null;
      const hash = stored?.hash ?? newHash();

      let values: Partial<typeof beneficiaries.$inferInsert>;
      if (input.type === 'person') {
        const personId = await resolveRecordPerson(tx, household, {
          currentPersonId: stored?.type === 'person' ? stored.personId : null,
          linkHash: input.existing_person_hash,
          personVersion: input.person_version,
          fields: {
            firstName: input.first_name,
            middleName: input.middle_name,
            lastName: input.last_name,
            suffix: input.suffix,
            dob: input.dob,
            ssn: input.ssn,
          },
        });
        const [duplicate] = await tx
          .select({ id: beneficiaries.id })
          .from(beneficiaries)
          .where(and(eq(beneficiaries.personId, personId), stored ? ne(beneficiaries.id, stored.id) : sql`true`, inHousehold(household)))
          .limit(1);
        if (duplicate) throw new AppError('VALIDATION', ALREADY_ON_LIST_MESSAGE, { existing_person_hash: ALREADY_ON_LIST_MESSAGE });
        values = {
          type: 'person',
          personId,
          entityName: null,
          entityIdentifierCipher: null,
          entityIdentifierLast4: null,
          entityIdentifierKind: null,
          entityDate: null,
          isTrust: false,
        };
      } else {
        // '' keeps the stored identifier (of an entity that stays an entity); 9 digits replace it.
        const keeps = stored?.type === 'entity' && stored.hasIdentifier && !input.identifier;
        const kind = (input.identifier_kind || (keeps ? stored!.identifierKind : null)) as IdentifierKind | null;
        if ((input.identifier || keeps) && !kind) throw new AppError('VALIDATION', KIND_REQUIRED, { identifier_kind: KIND_REQUIRED });
        values = { type: 'entity', personId: null, entityName: input.name, entityIdentifierKind: kind, entityDate: input.date, isTrust: input.is_trust };
        if (input.identifier) {
          const sealed = sealIdentifier(input.identifier, placeOf(beneficiaries.entityIdentifierCipher, hash));
          values.entityIdentifierCipher = sealed.cipher;
          values.entityIdentifierLast4 = sealed.last4;
        } else if (!keeps) {
          values.entityIdentifierCipher = null;
          values.entityIdentifierLast4 = null;
        }
      }

      let beneficiaryId: number;
      if (stored) {
        await updateVersioned(tx, beneficiaries, stored.id, input.version, values);
        beneficiaryId = stored.id;
      } else {
        const [row] = await tx
          .insert(beneficiaries)
          .values({ ...values, hash, type: input.type })
          .returning({ id: beneficiaries.id });
        beneficiaryId = row.id;
      }

      const pivots = await tx
        .select({
          clientId: clientBeneficiaries.clientId,
          tier: clientBeneficiaries.tier,
          sharePercent: clientBeneficiaries.sharePercent,
          relationship: clientBeneficiaries.relationship,
          isPerStirpes: clientBeneficiaries.isPerStirpes,
          omissionReason: clientBeneficiaries.omissionReason,
        })
        .from(clientBeneficiaries)
        .where(eq(clientBeneficiaries.beneficiaryId, beneficiaryId));
      const byClient = (clientId: number) => and(eq(clientBeneficiaries.beneficiaryId, beneficiaryId), eq(clientBeneficiaries.clientId, clientId));
      await applyPivots(
        pivots.map(({ clientId, ...terms }) => ({ clientId, values: terms })),
        desired,
        {
          insert: (p) => tx.insert(clientBeneficiaries).values({ ...p.values, clientId: p.clientId, beneficiaryId }),
          update: (p) => tx.update(clientBeneficiaries).set(p.values).where(byClient(p.clientId)),
          remove: (clientIds) =>
            tx.delete(clientBeneficiaries).where(and(eq(clientBeneficiaries.beneficiaryId, beneficiaryId), inArray(clientBeneficiaries.clientId, clientIds))),
        },
      );

      if (stored?.personId) await deleteOrphanPersons(tx, [stored.personId]);
      await audit(tx, ctx, stored ? 'intake.beneficiary.update' : 'intake.beneficiary.create', { type: 'beneficiary', id: beneficiaryId });
    },
    createOnceKey('beneficiary', input, options),
  );
}
