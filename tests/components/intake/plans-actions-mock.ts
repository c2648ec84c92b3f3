/*
 * Stand-ins for lib/actions/plans.ts (a 'use server' module that reaches the database): the review page's
 * submission, status change and identifier reveal. In a test file:
 *
 *     jest.mock('@/lib/actions/plans', () => jest.requireActual('./plans-actions-mock'));
 */
export const submitTrustAction = jest.fn();
export const updatePlanStatusAction = jest.fn();
export const revealIdentifiersAction = jest.fn();
