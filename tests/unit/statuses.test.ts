import { ATTORNEY_STATUSES, ESTATE_PLAN_STATUSES, isAttorneyStatus, isUnderAttorneyControl, statusLabel } from '@/lib/estate-plans/statuses';
import { estatePlanStatusEnum } from '@/db/schema/plans';

describe('estate plan statuses', () => {
  it('lists the 12 codes of the database enum in order', () => {
    expect(ESTATE_PLAN_STATUSES.map((s) => s.code)).toEqual(estatePlanStatusEnum.enumValues);
  });

  it.each([
    ['incomplete', 'In Progress'],
    ['unpaid', 'Ready for Payment'],
    ['paid partial', 'Partially Paid'],
    ['paid', 'Paid in Full'],
    ['signed', 'E-Signed'],
    ['sent', 'Sent for Review'],
    ['preparing', 'Under Attorney Review'],
    ['hold', 'On Hold'],
    ['awaiting', 'In Client Contact'],
    ['finalizing', 'Being Finalized'],
    ['canceled', 'Canceled'],
    ['complete', 'Complete'],
  ] as const)('%s is labelled %s', (code, label) => {
    expect(statusLabel(code)).toBe(label);
  });

  it('offers attorneys the seven attorney-stage statuses', () => {
    expect(ATTORNEY_STATUSES).toEqual(['sent', 'preparing', 'hold', 'awaiting', 'finalizing', 'canceled', 'complete']);
    expect(isAttorneyStatus('paid')).toBe(false);
  });

  it('counts attorney control without canceled and complete', () => {
    expect(isUnderAttorneyControl('hold')).toBe(true);
    expect(isUnderAttorneyControl('complete')).toBe(false);
    expect(isUnderAttorneyControl('canceled')).toBe(false);
    expect(isUnderAttorneyControl('unpaid')).toBe(false);
  });
});
