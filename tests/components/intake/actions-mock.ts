/*
 * Stand-ins for lib/actions/intake.ts (a 'use server' module that reaches the database): each action is a
 * jest.fn that fake-intake.tsx's fakeServer fills in. In a test file:
 *
 *     jest.mock('@/lib/actions/intake', () => jest.requireActual('./actions-mock'));
 */
export const updatePersonalInfoAction = jest.fn();
export const updateEstatePlanInfoAction = jest.fn();
export const setSpouseChoiceAction = jest.fn();
export const setHasChildrenAction = jest.fn();
export const upsertChildAction = jest.fn();
export const deleteChildAction = jest.fn();
export const upsertBeneficiaryAction = jest.fn();
export const deleteBeneficiaryAction = jest.fn();
export const upsertTrusteeAction = jest.fn();
export const deleteTrusteeAction = jest.fn();
export const upsertAgentAction = jest.fn();
export const deleteAgentAction = jest.fn();
export const upsertPropertyAction = jest.fn();
export const deletePropertyAction = jest.fn();
export const upsertCompanyAction = jest.fn();
export const deleteCompanyAction = jest.fn();
export const upsertGiftAction = jest.fn();
export const deleteGiftAction = jest.fn();
export const upsertAccountAction = jest.fn();
export const deleteAccountAction = jest.fn();
export const saveNoteAction = jest.fn();
