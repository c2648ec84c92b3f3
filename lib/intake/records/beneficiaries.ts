import 'server-only';
import { eq, sql } from 'drizzle-orm';
import { beneficiaries, clientBeneficiaries, gifts, persons } from '@/db/schema';
import { sealIdentifier } from '@/lib/crypto';
import { placeOf } from '@/lib/encrypted-columns';
import { AppError } from '@/lib/kernel/errors';
import type { DeleteBeneficiaryInput, UpsertBeneficiaryInput } from '@/lib/validation/intake';
import { asText } from '../load/json-shape';
import { personShape, personView } from '../load/person-shape';
import { recordList } from '../load/record-list';
import { aliased, as, columnsOf, recordColumns } from '../load/subqueries';
import { termsRow } from '../save-rules';
import type { BeneficiaryTerms, BeneficiaryView, IdentifierKind } from '../types';
import { defineRecord, type SaveStep } from './define';

type StoredBeneficiary = {
  id: number;
  hash: string;
  version: number;
  type: 'person' | 'entity';
  personId: number | null;
  hasIdentifier: boolean;
  identifierKind: IdentifierKind | null;
};

const KIND_REQUIRED = 'Please choose what kind of number the identifier is.';
export const BENEFICIARY_HAS_GIFTS = 'This beneficiary receives a specific gift. Remove the gift first.';

/**
 * Beneficiaries (intake §4): a person (linked, own or new; SSN sealed to the person row) or an entity
 * (name, identifier sealed with its kind, date, trust flag), with each owning client's terms: an omitted
 * beneficiary gets share 0 and no per stirpes and keeps its reason; a trust has the relationship 'Trust'.
 * A beneficiary who receives a specific gift is kept on delete (409): removing it would silently remove the gift.
 */
export const beneficiaryRecord = defineRecord<UpsertBeneficiaryInput, StoredBeneficiary, DeleteBeneficiaryInput>({
  table: beneficiaries,
  columns: {
    id: beneficiaries.id,
    hash: beneficiaries.hash,
    version: beneficiaries.version,
    type: beneficiaries.type,
    personId: beneficiaries.personId,
    hasIdentifier: sql<boolean>`${beneficiaries.entityIdentifierCipher} is not null`,
    identifierKind: beneficiaries.entityIdentifierKind,
  },
  pivot: {
    table: clientBeneficiaries,
    record: clientBeneficiaries.beneficiaryId,
    terms: {
      tier: clientBeneficiaries.tier,
      sharePercent: clientBeneficiaries.sharePercent,
      relationship: clientBeneficiaries.relationship,
      isPerStirpes: clientBeneficiaries.isPerStirpes,
      omissionReason: clientBeneficiaries.omissionReason,
    },
  },
  owned: (input) => {
    const isTrust = input.type === 'entity' && input.is_trust;
    return { owner: input.owner, sameValues: input.same_values, values1: termsRow(input.values1, isTrust), values2: termsRow(input.values2, isTrust) };
  },
  person: { column: beneficiaries.personId, contact: ['dob', 'ssn'], when: (input) => input.type === 'person', unique: true },
  audit: { noun: 'beneficiary', type: 'beneficiary', once: 'beneficiary' },
  values: beneficiaryValues,
  insertValues: ({ hash, input }) => ({ hash, type: input.type }),
  beforeDelete: async (tx, beneficiary) => {
    const [gift] = await tx.select({ id: gifts.id }).from(gifts).where(eq(gifts.beneficiaryId, beneficiary.id)).limit(1);
    if (gift) throw new AppError('CONFLICT', BENEFICIARY_HAS_GIFTS);
  },
});

/** A person's row holds only the person; an entity's its name, identifier ('' keeps the stored one), date and trust flag. */
function beneficiaryValues({ input, stored, hash, personId }: SaveStep<UpsertBeneficiaryInput, StoredBeneficiary>) {
  if (input.type === 'person') {
    return {
      type: 'person',
      personId,
      entityName: null,
      entityIdentifierCipher: null,
      entityIdentifierLast4: null,
      entityIdentifierKind: null,
      entityDate: null,
      isTrust: false,
    };
  }
  // '' keeps the stored identifier (of an entity that stays an entity); 9 digits replace it.
  const keeps = stored?.type === 'entity' && stored.hasIdentifier && !input.identifier;
  const kind = (input.identifier_kind || (keeps ? stored!.identifierKind : null)) as IdentifierKind | null;
  if ((input.identifier || keeps) && !kind) throw new AppError('VALIDATION', KIND_REQUIRED, { identifier_kind: KIND_REQUIRED });
  const values: Partial<typeof beneficiaries.$inferInsert> = {
    type: 'entity',
    personId: null,
    entityName: input.name,
    entityIdentifierKind: kind,
    entityDate: input.date,
    isTrust: input.is_trust,
  };
  if (input.identifier) {
    const sealed = sealIdentifier(input.identifier, placeOf(beneficiaries.entityIdentifierCipher, hash));
    values.entityIdentifierCipher = sealed.cipher;
    values.entityIdentifierLast4 = sealed.last4;
  } else if (!keeps) {
    values.entityIdentifierCipher = null;
    values.entityIdentifierLast4 = null;
  }
  return values;
}

// How the list is read (the intake's load) -------------------------------------------------------------------
const b = aliased(beneficiaries, 'b');
const cb = aliased(clientBeneficiaries, 'cb');
const p = aliased(persons, 'p');
const beneficiaryShape = {
  ...recordColumns(b),
  ...columnsOf(b, 'type', 'entityName', 'entityIdentifierKind', 'entityIdentifierLast4', 'entityDate', 'isTrust'),
  ...columnsOf(cb, 'clientId', 'tier'),
  sharePercent: asText(cb.sharePercent),
  ...columnsOf(cb, 'relationship', 'isPerStirpes', 'omissionReason'),
  person: personShape(p, true),
};

/** Beneficiaries, a person or an entity (its identifier only by its last four), with each owner's terms. */
export const beneficiaryList = recordList({
  shape: beneficiaryShape,
  from: sql`${as(cb)} join ${as(b)} on ${eq(b.id, cb.beneficiaryId)} left join ${as(p)} on ${eq(p.id, b.personId)}`,
  orderBy: [b.id, cb.clientId],
  terms: (r): BeneficiaryTerms => ({
    tier: r.tier,
    sharePercent: r.sharePercent,
    relationship: r.relationship,
    isPerStirpes: r.isPerStirpes,
    omissionReason: r.omissionReason,
  }),
  view: ({ row, owner, values1, values2 }): BeneficiaryView => ({
    hash: row.hash,
    version: row.version,
    owner,
    type: row.type,
    person: row.type === 'person' && row.person ? personView(row.person) : null,
    entity:
      row.type === 'entity'
        ? {
            name: row.entityName ?? '',
            identifierKind: row.entityIdentifierKind,
            identifierLast4: row.entityIdentifierLast4,
            date: row.entityDate,
            isTrust: row.isTrust,
          }
        : null,
    terms1: values1,
    terms2: values2,
  }),
});
