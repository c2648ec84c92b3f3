import { ATTORNEY_TRANSITIONS, attorneyChoices, canTransition, refusalOf, statusAfterSubmission } from '@/lib/estate-plans/status-machine';
import { ESTATE_PLAN_STATUSES } from '@/lib/estate-plans/statuses';

describe('the estate plan status machine', () => {
  it('has a row for every status, and attorneys only ever move a plan into an attorney-stage status', () => {
    expect(Object.keys(ATTORNEY_TRANSITIONS).sort()).toEqual(ESTATE_PLAN_STATUSES.map((s) => s.code).sort());
    const attorney = new Set(ESTATE_PLAN_STATUSES.filter((s) => s.stage === 'attorney').map((s) => s.code));
    for (const targets of Object.values(ATTORNEY_TRANSITIONS)) for (const to of targets) expect(attorney.has(to)).toBe(true);
  });

  it.each([
    ['sent', 'preparing', true],
    ['sent', 'complete', false],
    ['preparing', 'finalizing', true],
    ['preparing', 'hold', true],
    ['hold', 'preparing', true],
    ['awaiting', 'finalizing', true],
    ['finalizing', 'complete', true],
    ['complete', 'finalizing', true],
    ['complete', 'sent', false],
    ['canceled', 'preparing', true],
    ['canceled', 'complete', false],
    ['incomplete', 'canceled', true],
    ['incomplete', 'preparing', false],
    ['paid', 'sent', false],
    ['preparing', 'paid', false],
    ['preparing', 'incomplete', false],
    ['preparing', 'preparing', false],
  ] as const)('%s → %s: %s', (from, to, allowed) => {
    expect(canTransition(from, to)).toBe(allowed);
    expect(refusalOf(from, to) === null).toBe(allowed);
  });

  it('explains a refusal in words', () => {
    expect(refusalOf('sent', 'complete')).toBe('An estate plan cannot go from Sent for Review to Complete.');
    expect(refusalOf('preparing', 'paid')).toBe("Paid in Full is set by the client's own steps, not by the attorney.");
    expect(refusalOf('hold', 'hold')).toBe('The estate plan is already On Hold.');
  });

  it('offers the attorney-stage choices in the list order', () => {
    expect(attorneyChoices('sent')).toEqual(['preparing', 'hold', 'awaiting', 'canceled']);
    expect(attorneyChoices('finalizing')).toEqual(['preparing', 'hold', 'awaiting', 'canceled', 'complete']);
    expect(attorneyChoices('incomplete')).toEqual(['canceled']);
  });

  it.each([
    ['incomplete', 'sent'],
    ['unpaid', 'sent'],
    ['paid', 'sent'],
    ['signed', 'sent'],
    ['preparing', 'preparing'],
    ['canceled', 'canceled'],
  ] as const)('submission recalculates %s to %s', (from, to) => {
    expect(statusAfterSubmission(from)).toBe(to);
  });
});
