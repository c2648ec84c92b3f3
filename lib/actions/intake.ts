'use server';

import { action } from '@/lib/http/action';
import { deleteAccount, upsertAccount } from '@/lib/intake/records';
import { deleteAgent, upsertAgent } from '@/lib/intake/records';
import { deleteBeneficiary, upsertBeneficiary } from '@/lib/intake/records';
import { deleteChild, upsertChild } from '@/lib/intake/records';
import { deleteCompany, upsertCompany } from '@/lib/intake/records';
import { deleteGift, upsertGift } from '@/lib/intake/records';
import { deleteProperty, upsertProperty } from '@/lib/intake/records';
import { deleteTrustee, upsertTrustee } from '@/lib/intake/records';
import { saveNote } from '@/lib/intake/save-note';
import { setHasChildren } from '@/lib/intake/set-has-children';
import { setSpouseChoice } from '@/lib/intake/set-spouse-choice';
import { updateEstatePlanInfo } from '@/lib/intake/update-estate-plan-info';
import { updatePersonalInfo } from '@/lib/intake/update-personal-info';
import {
  deleteAgentSchema,
  deleteBeneficiarySchema,
  deleteChildSchema,
  deleteTrusteeSchema,
  ESTATE_PLAN_UPDATED,
  setHasChildrenSchema,
  setSpouseChoiceSchema,
  updateEstatePlanInfoSchema,
  updatePersonalInfoSchema,
  upsertAgentSchema,
  upsertBeneficiarySchema,
  upsertChildSchema,
  upsertTrusteeSchema,
} from '@/lib/validation/intake';
import {
  deleteAccountSchema,
  deleteCompanySchema,
  deleteGiftSchema,
  deletePropertySchema,
  saveNoteSchema,
  upsertAccountSchema,
  upsertCompanySchema,
  upsertGiftSchema,
  upsertPropertySchema,
} from '@/lib/validation/intake-assets';

// Every export of a 'use server' file is a public endpoint: only wrapped actions live here. Each one is
// a door to one intake domain function (lib/intake/*), answers the refreshed IntakeView, and declares
// 'intake.write'; the household it addresses is loaded through the scope (404 outside it).
export const updatePersonalInfoAction = action('intake.write', updatePersonalInfoSchema, updatePersonalInfo);
export const updateEstatePlanInfoAction = action('intake.write', updateEstatePlanInfoSchema, updateEstatePlanInfo, { message: ESTATE_PLAN_UPDATED });
export const setSpouseChoiceAction = action('intake.write', setSpouseChoiceSchema, setSpouseChoice);

export const setHasChildrenAction = action('intake.write', setHasChildrenSchema, setHasChildren);
export const upsertChildAction = action('intake.write', upsertChildSchema, upsertChild);
export const deleteChildAction = action('intake.write', deleteChildSchema, deleteChild);

export const upsertBeneficiaryAction = action('intake.write', upsertBeneficiarySchema, upsertBeneficiary);
export const deleteBeneficiaryAction = action('intake.write', deleteBeneficiarySchema, deleteBeneficiary);

export const upsertTrusteeAction = action('intake.write', upsertTrusteeSchema, upsertTrustee);
export const deleteTrusteeAction = action('intake.write', deleteTrusteeSchema, deleteTrustee);

export const upsertAgentAction = action('intake.write', upsertAgentSchema, upsertAgent);
export const deleteAgentAction = action('intake.write', deleteAgentSchema, deleteAgent);

// Sections 7-14: assets (lib/intake/records/*.ts) and the note (save-note.ts).
export const upsertPropertyAction = action('intake.write', upsertPropertySchema, upsertProperty);
export const deletePropertyAction = action('intake.write', deletePropertySchema, deleteProperty);

export const upsertCompanyAction = action('intake.write', upsertCompanySchema, upsertCompany);
export const deleteCompanyAction = action('intake.write', deleteCompanySchema, deleteCompany);

export const upsertGiftAction = action('intake.write', upsertGiftSchema, upsertGift);
export const deleteGiftAction = action('intake.write', deleteGiftSchema, deleteGift);

export const upsertAccountAction = action('intake.write', upsertAccountSchema, upsertAccount);
export const deleteAccountAction = action('intake.write', deleteAccountSchema, deleteAccount);

export const saveNoteAction = action('intake.write', saveNoteSchema, saveNote);
