import type { WriteOptions } from '@/lib/intake/write-steps';
import { legacyShapes } from '@/lib/validation/intake';
import {
  deleteRef,
  hashOf,
  legacyBoolean,
  legacyOwner,
  legacyPayload,
  nameFields,
  presentBoolean,
  recordRef,
  sameValues,
  text,
  type Body,
} from './payload-values';

/*
 * The earlier front end's family and personal info calls (intake spec §7): its flat payloads (hash_id,
 * hash_id_child, tier1 / tier2, order1 / order2 ...) mapped onto the intake schemas' shape. Owners are
 * numbered from the client the call names (hash_id): 1 is that client, 2 the other spouse, whether the named
 * client is the household's owner 1 or owner 2. The legacy front end sends no record version: its saves
 * apply to the current version.
 */

/** How the compatibility routes write: owners numbered from hash_id's client, identical creates made once. */
export const LEGACY_WRITE: WriteOptions = { ownersFromAddressedClient: true, identicalCreatesOnce: true };

/** A family record's reference: recordRef, and an existing person chosen instead of new name fields. */
const record = (body: Body, itemKey: string) => ({ ...recordRef(body, itemKey), existing_person_hash: hashOf(body.hash_id_existing_person) });

function childFromLegacy(body: Body) {
  const guardian = (n: 1 | 2) => {
    const prefix = `guardian_${n}_`;
    const flag = legacyBoolean(body[`has_guardian_${n}`]);
    const named = [`${prefix}first_name`, `${prefix}last_name`].some((key) => body[key]);
    if (flag === false || (flag === null && !named)) return null;
    return { ...nameFields(body, prefix), phone: text(body[`${prefix}phone`]), email: text(body[`${prefix}email`]) };
  };
  return {
    ...record(body, 'hash_id_child'),
    owner: legacyOwner(body.owner),
    ...nameFields(body),
    dob: text(body.dob),
    gender: text(body.gender),
    guardian1: guardian(1),
    guardian2: guardian(2),
    multi_guardian_specifics: text(body.multi_guardian_specifics),
  };
}

function beneficiaryFromLegacy(body: Body) {
  const owner = legacyOwner(body.owner);
  const terms = (n: 1 | 2) => ({
    tier: typeof body[`tier${n}`] === 'string' ? (body[`tier${n}`] as string).toLowerCase() : text(body[`tier${n}`]),
    share_percent: text(body[`share_percent${n}`]),
    relationship: text(body[`relationship${n}`]),
    is_per_stirpes: legacyBoolean(body[`is_per_stirpes${n}`]),
    omission_reason: text(body[`omission_reason${n}`]),
  });
  const type = typeof body.type === 'string' ? body.type.toLowerCase() : body.type;
  const identifier = text(body.identifier);
  return {
    ...record(body, 'hash_id_beneficiary'),
    type,
    owner,
    same_values: sameValues(owner, body, ['tier2', 'share_percent2', 'relationship2', 'omission_reason2']),
    values1: terms(1),
    values2: terms(2),
    ...nameFields(body),
    dob: text(body.dob),
    ssn: text(body.ssn),
    name: text(body.name),
    identifier,
    // The earlier front end sends no kind: an identifier without one is a TIN, the term covering SSNs and
    // EINs (as migration 0003 decided for stored ones).
    identifier_kind: text(body.identifier_kind) ?? (identifier ? 'tin' : undefined),
    date: text(body.date),
    is_trust: legacyBoolean(body.is_trust),
  };
}

function trusteeFromLegacy(body: Body) {
  const owner = legacyOwner(body.owner);
  return {
    ...record(body, 'hash_id_fiduciary'),
    owner,
    same_values: sameValues(owner, body, ['order2']),
    values1: { order: text(body.order1) },
    values2: { order: text(body.order2) },
    ...nameFields(body),
    phone: text(body.phone),
    email: text(body.email),
  };
}

function agentFromLegacy(body: Body) {
  const owner = legacyOwner(body.owner);
  const types = [body.type, body.type1, body.type2].map((t) => (typeof t === 'string' && t.trim() ? t.trim().toLowerCase() : undefined)).filter(Boolean);
  return {
    ...record(body, 'hash_id_poa'),
    // One type per save: type1 and type2 (and type) must agree, else the type is refused as missing.
    type: new Set(types).size > 1 ? undefined : types[0],
    owner,
    same_values: sameValues(owner, body, ['order2', 'is_collective2', 'is_independent2']),
    // How the client's agents of this type serve (optional; absent keeps the list's choice).
    values1: { order: text(body.order1), is_collective: presentBoolean(body, 'is_collective1'), is_independent: presentBoolean(body, 'is_independent1') },
    values2: { order: text(body.order2), is_collective: presentBoolean(body, 'is_collective2'), is_independent: presentBoolean(body, 'is_independent2') },
    ...nameFields(body),
    phone: text(body.phone),
    email: text(body.email),
  };
}

function personalInfoFromLegacy(body: Body) {
  return {
    client_hash: body.hash_id ?? body.hash,
    version: body.version ?? undefined,
    ...nameFields(body),
    phone: text(body.phone),
    dob: text(body.dob),
    ssn: text(body.ssn),
    gender: text(body.gender),
    residence_state: text(body.residence_state),
    is_us_citizen: legacyBoolean(body.is_us_citizen),
    is_receiving_medicaid: legacyBoolean(body.is_receiving_medicaid),
    has_mental_disorder: legacyBoolean(body.has_mental_disorder),
    wants_life_support: legacyBoolean(body.wants_life_support),
    wants_cremation: legacyBoolean(body.wants_cremation),
    is_organ_donor: legacyBoolean(body.is_organ_donor),
  };
}

export const legacyUpsertChildSchema = legacyPayload(childFromLegacy, legacyShapes.child);
export const legacyUpsertBeneficiarySchema = legacyPayload(beneficiaryFromLegacy, legacyShapes.beneficiary);
export const legacyUpsertTrusteeSchema = legacyPayload(trusteeFromLegacy, legacyShapes.trustee);
export const legacyUpsertAgentSchema = legacyPayload(agentFromLegacy, legacyShapes.agent);
export const legacyDeleteChildSchema = legacyPayload(deleteRef('hash_id_child'), legacyShapes.delete);
export const legacyDeleteBeneficiarySchema = legacyPayload(deleteRef('hash_id_beneficiary'), legacyShapes.delete);
export const legacyDeleteTrusteeSchema = legacyPayload(deleteRef('hash_id_fiduciary'), legacyShapes.delete);
export const legacyDeleteAgentSchema = legacyPayload(
  (body) => ({ ...deleteRef('hash_id_poa')(body), type: typeof body.type === 'string' ? body.type.toLowerCase() : body.type }),
  legacyShapes.deleteAgent,
);
export const legacyPersonalInfoSchema = legacyPayload(personalInfoFromLegacy, legacyShapes.personalInfo);
