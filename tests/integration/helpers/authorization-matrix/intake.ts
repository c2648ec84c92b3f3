import type { RoleName, World } from '../../../helpers/world';
import { intakeWrite, owner1, owner2, records, withRecords, type Entry, type Prepared } from '.';

// ---- Intake (client-info sections 1-6): every door writes to the matrix household ------------------------

const intakeName = { first_name: 'Matrix', middle_name: '', last_name: 'Person', suffix: '' };
const personalInfo = (w: World) => ({
  client_hash: owner2(w),
  version: 1,
  ...intakeName,
  phone: '5551234567',
  dob: '01/02/1970',
  ssn: '123-45-6789',
  gender: 'female',
  residence_state: 'CA',
  is_us_citizen: true,
  is_receiving_medicaid: false,
  has_mental_disorder: false,
  wants_life_support: true,
  wants_cremation: false,
  is_organ_donor: true,
});
const estatePlanAnswers = {
  version: 1,
  has_estate_plan: 'yes',
  estate_plan_type: 'Trust',
  trust_name: 'Matrix Trust',
  trust_date: '01/01/2010',
  trust_times_amended: 1,
  trust_replacement_reason: 'Restate.',
  is_assets_trust_owned: 'no',
  trust_governing_state: 'CA',
  has_trust_intent_1: true,
};
const childInput = (w: World) => ({
  client_hash: owner1(w),
  owner: 'both',
  ...intakeName,
  dob: '01/02/2015',
  gender: 'male',
  guardian1: { ...intakeName, first_name: 'Guardian' },
});
const beneficiaryInput = (w: World) => ({
  client_hash: owner1(w),
  type: 'person',
  owner: 'both',
  same_values: false,
  values1: { tier: 'primary', share_percent: '50', relationship: 'Child' },
  values2: { tier: 'contingent', share_percent: '25', relationship: 'Friend' },
  ...intakeName,
});
const trusteeInput = (w: World) => ({
  client_hash: owner1(w),
  owner: '1',
  values1: { order: 1 },
  ...intakeName,
  phone: '5551234567',
  email: 'trustee@test.example',
});
const agentInput = (w: World) => ({ client_hash: owner1(w), type: 'medical', owner: '2', values2: { order: 1 }, ...intakeName });
const deleteOf = (key: 'child' | 'beneficiary' | 'trustee') => (w: World, _role: RoleName, p: Prepared) => ({
  input: { client_hash: owner1(w), hash: records(p)[key], version: 1 },
});

export const INTAKE: Record<string, Entry> = {
  'action lib/actions/intake.ts#updatePersonalInfoAction': { permission: 'intake.write', args: (w) => ({ input: personalInfo(w) }), expect: intakeWrite },
  'action lib/actions/intake.ts#updateEstatePlanInfoAction': {
    permission: 'intake.write',
    args: (w) => ({ input: { client_hash: owner1(w), client1: estatePlanAnswers, client2: { ...estatePlanAnswers, has_estate_plan: 'no' } } }),
    expect: intakeWrite,
  },
  'action lib/actions/intake.ts#setSpouseChoiceAction': {
    permission: 'intake.write',
    args: (w) => ({ input: { client_hash: owner2(w), version: 1, is_spouse_beneficiary: true, is_spouse_poa_financial: false } }),
    expect: intakeWrite,
  },
  'action lib/actions/intake.ts#setHasChildrenAction': {
    permission: 'intake.write',
    args: (w) => ({ input: { client_hash: owner2(w), has_children: true } }),
    expect: intakeWrite,
  },
  'action lib/actions/intake.ts#upsertChildAction': { permission: 'intake.write', args: (w) => ({ input: childInput(w) }), expect: intakeWrite },
  'action lib/actions/intake.ts#deleteChildAction': { permission: 'intake.write', prepare: withRecords, args: deleteOf('child'), expect: intakeWrite },
  'action lib/actions/intake.ts#upsertBeneficiaryAction': { permission: 'intake.write', args: (w) => ({ input: beneficiaryInput(w) }), expect: intakeWrite },
  'action lib/actions/intake.ts#deleteBeneficiaryAction': {
    permission: 'intake.write',
    prepare: withRecords,
    args: deleteOf('beneficiary'),
    expect: intakeWrite,
  },
  'action lib/actions/intake.ts#upsertTrusteeAction': { permission: 'intake.write', args: (w) => ({ input: trusteeInput(w) }), expect: intakeWrite },
  'action lib/actions/intake.ts#deleteTrusteeAction': { permission: 'intake.write', prepare: withRecords, args: deleteOf('trustee'), expect: intakeWrite },
  'action lib/actions/intake.ts#upsertAgentAction': { permission: 'intake.write', args: (w) => ({ input: agentInput(w) }), expect: intakeWrite },
  'action lib/actions/intake.ts#deleteAgentAction': {
    permission: 'intake.write',
    prepare: withRecords,
    args: (w, _role, p) => ({ input: { client_hash: owner1(w), hash: records(p).agent, version: 1, type: 'general' } }),
    expect: intakeWrite,
  },
  // The compatibility routes, with the earlier front end's payloads (intake §7).
  'POST /api/updatePersonalInfo': {
    permission: 'intake.write',
    args: (w) => ({ body: { ...personalInfo(w), client_hash: undefined, version: undefined, hash_id: owner2(w), is_us_citizen: 1, wants_cremation: 0 } }),
    expect: intakeWrite,
  },
  'POST /api/clientInfo/updateClientInfo': {
    permission: 'intake.write',
    args: (w) => ({ body: { hash: owner2(w), is_spouse_beneficiary: 1, has_estate_plan: 'no' } }),
    expect: intakeWrite,
  },
  'POST /api/clientInfo/updateOrCreate/child': {
    permission: 'intake.write',
    args: (w) => ({
      body: {
        hash_id: owner1(w),
        hash_id_spouse: owner2(w),
        hash_id_child: '',
        hash_id_existing_person: null,
        owner: 'both',
        gender: 'female',
        dob: '01/02/2015',
        ...intakeName,
        has_guardian_1: true,
        guardian_1_first_name: 'Guardian',
        guardian_1_last_name: 'Person',
      },
    }),
    expect: intakeWrite,
  },
  'POST /api/clientInfo/delete/child': {
    permission: 'intake.write',
    prepare: withRecords,
    args: (w, _r, p) => ({ body: { hash_id: owner1(w), hash_id_spouse: owner2(w), hash_id_child: records(p).child } }),
    expect: intakeWrite,
  },
  'POST /api/clientInfo/updateOrCreate/beneficiary': {
    permission: 'intake.write',
    args: (w) => ({
      body: {
        hash_id: owner1(w),
        hash_id_spouse: owner2(w),
        owner: 'both',
        type: 'entity',
        name: 'Matrix Charity',
        identifier: '12-3456789',
        is_trust: false,
        tier1: 'primary',
        share_percent1: 50,
        relationship1: 'Charity',
        is_per_stirpes1: 0,
        tier2: 'primary',
        share_percent2: '40',
        relationship2: 'Charity',
      },
    }),
    expect: intakeWrite,
  },
  'POST /api/clientInfo/delete/beneficiary': {
    permission: 'intake.write',
    prepare: withRecords,
    args: (w, _r, p) => ({ body: { hash_id: owner1(w), hash_id_spouse: owner2(w), hash_id_beneficiary: records(p).beneficiary } }),
    expect: intakeWrite,
  },
  'POST /api/clientInfo/updateOrCreate/fiduciary': {
    permission: 'intake.write',
    args: (w) => ({
      body: {
        hash_id: owner1(w),
        hash_id_spouse: owner2(w),
        owner: 'both',
        ...intakeName,
        phone: '(555) 123-4567',
        email: 'f@test.example',
        order1: 1,
        order2: 2,
      },
    }),
    expect: intakeWrite,
  },
  'POST /api/clientInfo/delete/fiduciary': {
    permission: 'intake.write',
    prepare: withRecords,
    args: (w, _r, p) => ({ body: { hash_id: owner1(w), hash_id_spouse: owner2(w), hash_id_fiduciary: records(p).trustee } }),
    expect: intakeWrite,
  },
  'POST /api/clientInfo/updateOrCreate/poa': {
    permission: 'intake.write',
    args: (w) => ({
      body: {
        hash_id: owner1(w),
        hash_id_spouse: owner2(w),
        owner: '1',
        ...intakeName,
        phone: '5551234567',
        email: 'a@test.example',
        type1: 'financial',
        order1: 1,
      },
    }),
    expect: intakeWrite,
  },
  'POST /api/clientInfo/delete/poa': {
    permission: 'intake.write',
    prepare: withRecords,
    args: (w, _r, p) => ({ body: { hash_id: owner1(w), hash_id_spouse: owner2(w), hash_id_poa: records(p).agent, type: 'general' } }),
    expect: intakeWrite,
  },
};
