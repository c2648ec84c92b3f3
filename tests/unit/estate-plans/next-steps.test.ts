import type { EstatePlanStatus } from '@/db/schema';
import { currentStepOf, documentsReady, DOCUMENTS_READY_TEXT, NEXT_STEPS, standingText, stepStates, turnaroundText } from '@/lib/estate-plans/next-steps';
import { attorneyTurnaroundBusinessDays, DEFAULT_ATTORNEY_TURNAROUND_BUSINESS_DAYS } from '@/lib/config/turnaround';
import { ESTATE_PLAN_STATUSES } from '@/lib/estate-plans/statuses';

describe('the step a submitted trust stands at', () => {
  it('has the four steps in order', () => {
    expect(NEXT_STEPS.map((s) => s.title)).toEqual(['Attorney review', 'Documents prepared', 'Signing and notarizing', 'Funding the trust']);
  });

  it.each<[EstatePlanStatus | null, string | null]>([
    ['sent', 'review'],
    ['preparing', 'review'],
    ['hold', 'review'],
    ['awaiting', 'review'],
    ['finalizing', 'documents'],
    ['complete', 'signing'],
    ['canceled', null],
    // Submitted with a client-stage plan (older data) or without a plan: waiting for the review.
    ['signed', 'review'],
    ['incomplete', 'review'],
    [null, 'review'],
  ])('%s → %s', (status, step) => {
    expect(currentStepOf(status)).toBe(step);
  });

  it('marks the steps before the current one done and the rest upcoming', () => {
    const states = (status: EstatePlanStatus | null) => stepStates(status).map((s) => s.state);
    expect(states('sent')).toEqual(['current', 'upcoming', 'upcoming', 'upcoming']);
    expect(states('finalizing')).toEqual(['done', 'current', 'upcoming', 'upcoming']);
    expect(states('complete')).toEqual(['done', 'done', 'current', 'upcoming']);
    expect(states('canceled')).toEqual(['upcoming', 'upcoming', 'upcoming', 'upcoming']);
  });

  it('never marks funding current: no status records signing or funding', () => {
    for (const { code } of ESTATE_PLAN_STATUSES) expect(currentStepOf(code)).not.toBe('funding');
  });
});

describe('"Your documents are ready"', () => {
  it('only with Complete and a document on the latest plan', () => {
    expect(documentsReady('complete', 1)).toBe(true);
    expect(documentsReady('complete', 0)).toBe(false);
    for (const status of ['sent', 'preparing', 'hold', 'awaiting', 'finalizing', 'canceled', 'paid', null] as const) {
      expect(documentsReady(status, 3)).toBe(false);
    }
  });

  it('is said by the standing text only then', () => {
    expect(standingText('complete', 2)).toContain(DOCUMENTS_READY_TEXT);
    expect(standingText('complete', 0)).not.toContain('ready');
    for (const { code } of ESTATE_PLAN_STATUSES) {
      if (code !== 'complete') expect(standingText(code, 5)).not.toContain('ready');
    }
    expect(standingText(null, 0)).toBe('Your trust is waiting for an attorney to review it.');
    expect(standingText('awaiting', 0)).toBe('Your attorney needs to talk with you: watch for their call or e-mail.');
  });
});

describe('the expected turnaround', () => {
  it('is said while the attorney’s work lies ahead, in business days', () => {
    expect(turnaroundText('sent', 10)).toBe('Expect your documents about 10 business days after you submitted.');
    expect(turnaroundText('finalizing', 1)).toBe('Expect your documents about 1 business day after you submitted.');
    expect(turnaroundText(null, 7)).toBe('Expect your documents about 7 business days after you submitted.');
    expect(turnaroundText('complete', 10)).toBeNull();
    expect(turnaroundText('canceled', 10)).toBeNull();
  });

  it.each([
    [undefined, DEFAULT_ATTORNEY_TURNAROUND_BUSINESS_DAYS],
    ['', DEFAULT_ATTORNEY_TURNAROUND_BUSINESS_DAYS],
    [' 15 ', 15],
    ['1', 1],
    ['90', 90],
    ['0', DEFAULT_ATTORNEY_TURNAROUND_BUSINESS_DAYS],
    ['91', DEFAULT_ATTORNEY_TURNAROUND_BUSINESS_DAYS],
    ['7.5', DEFAULT_ATTORNEY_TURNAROUND_BUSINESS_DAYS],
    ['ten', DEFAULT_ATTORNEY_TURNAROUND_BUSINESS_DAYS],
    ['-3', DEFAULT_ATTORNEY_TURNAROUND_BUSINESS_DAYS],
  ])('ATTORNEY_TURNAROUND_BUSINESS_DAYS=%j reads as %d', (value, days) => {
    expect(attorneyTurnaroundBusinessDays({ ATTORNEY_TURNAROUND_BUSINESS_DAYS: value })).toBe(days);
  });

  it('defaults to 10 business days', () => {
    expect(DEFAULT_ATTORNEY_TURNAROUND_BUSINESS_DAYS).toBe(10);
  });
});
