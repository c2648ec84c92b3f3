import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useIntake } from '@/components/intake/intake-context';
import { IntakeScreen } from '@/components/intake/intake-screen';
import { WhatHappensNext, type NextStepsInfo } from '@/components/intake/page/what-happens-next';
import { CallProvider } from '@/components/ui/call-provider';
import type { IntakeAbilities, IntakeView } from '@/lib/intake/types';
import { toJsonText } from '@/lib/json-text';
import { ANSWERED, household, renderIntake } from './fake-intake';

jest.mock('@/lib/actions/payments', () => jest.requireActual('../payments-actions-mock'));
jest.mock('@/lib/actions/intake', () => jest.requireActual('./actions-mock'));
jest.mock('@/lib/actions/plans', () => jest.requireActual('./plans-actions-mock'));
jest.mock('next/navigation', () => ({ useRouter: () => ({ refresh: jest.fn() }) }));

/*
 * What happens next, for the household after its submission (issue 27): the steps with the current one
 * marked from the plan's status, the turnaround from configuration while the attorney's work lies ahead,
 * whom to contact, "Your documents are ready" only when the status says so; the banner 'Trust {status}'
 * stays as it was; nothing before the submission or for someone who is not the household.
 */

const INFO: NextStepsInfo = { turnaroundDays: 10, supportEmail: 'help@trustwell.example', latestPlanDocuments: 0 };
const SUBMITTED: IntakeAbilities = { canEdit: false, canRevealIdentifiers: false, isLegal: false, isSubmitted: true, canSubmit: false };
const ADVISOR = { name: 'Alice Morgan', email: 'alice.morgan@demo.trustwell.test', phone: '4155550102' };

function view(status: string | null, statusLabel = '', change: Partial<IntakeView> = {}): IntakeView {
  return household({
    client: { ...ANSWERED, isTrustSubmitted: true },
    spouse: { ...ANSWERED, isTrustSubmitted: true },
    latestPlan: status ? { hash: 'plan-1', status, statusLabel, history: [] } : null,
    abilities: SUBMITTED,
    advisor: ADVISOR,
    ...change,
  });
}

function renderPage(v: IntakeView, nextSteps: NextStepsInfo | null = INFO) {
  render(
    <CallProvider>
      <IntakeScreen view={toJsonText(v)} nextSteps={nextSteps ?? undefined} />
    </CallProvider>,
  );
}

/** The banner 'Trust {status_full}' (other live regions of the page say nothing here). */
const banner = () => screen.getAllByRole('status').find((el) => el.textContent?.startsWith('Trust '));
const panel = () => screen.getByRole('region', { name: 'What happens next' });
const steps = () =>
  within(panel())
    .getAllByRole('listitem')
    .map((li) => [li.textContent, li.getAttribute('aria-current')]);

describe('WhatHappensNext', () => {
  it('under the banner of a trust Sent for Review: attorney review now, the turnaround, the advisor to contact', () => {
    renderPage(view('sent', 'Sent for Review'));
    // The banner keeps the spec's text.
    expect(banner()).toHaveTextContent(/^Trust Sent for Review$/);
    expect(within(panel()).getByText('Your trust is waiting for an attorney to review it.')).toBeInTheDocument();
    expect(steps()).toEqual([
      [expect.stringMatching(/^1Attorney reviewNow/), 'step'],
      [expect.stringMatching(/^2Documents prepared/), null],
      [expect.stringMatching(/^3Signing and notarizing/), null],
      [expect.stringMatching(/^4Funding the trust/), null],
    ]);
    expect(within(panel()).getByText('Expect your documents about 10 business days after you submitted.')).toBeInTheDocument();
    expect(within(panel()).getByRole('link', { name: 'alice.morgan@demo.trustwell.test' })).toHaveAttribute('href', 'mailto:alice.morgan@demo.trustwell.test');
    expect(within(panel()).getByRole('link', { name: '(415) 555-0102' })).toHaveAttribute('href', 'tel:+14155550102');
    expect(panel()).toHaveTextContent('Questions? Contact your advisor, Alice Morgan: alice.morgan@demo.trustwell.test or (415) 555-0102.');
    expect(panel()).not.toHaveTextContent(/ready/);
  });

  it('marks the finished steps done and the current one from the status; the turnaround while documents are ahead', () => {
    renderPage(view('finalizing', 'Being Finalized', { advisor: { ...ADVISOR, phone: '' } }));
    expect(steps().map(([, current]) => current)).toEqual([null, 'step', null, null]);
    expect(steps()[0][0]).toContain('Attorney review (done)');
    expect(within(panel()).getByText('Your attorney is finishing your documents.')).toBeInTheDocument();
    expect(within(panel()).getByText(/Expect your documents about 10 business days/)).toBeInTheDocument();
    // No phone on record: the e-mail alone.
    expect(panel()).toHaveTextContent('Questions? Contact your advisor, Alice Morgan: alice.morgan@demo.trustwell.test.');
  });

  it('says "Your documents are ready" only when Complete with a document on the latest plan', () => {
    renderPage(view('complete', 'Complete'), { ...INFO, latestPlanDocuments: 2 });
    expect(banner()).toHaveTextContent(/^Trust Complete$/);
    expect(steps().map(([, current]) => current)).toEqual([null, null, 'step', null]);
    expect(within(panel()).getByText(/^Your documents are ready\. Open them under Your documents/)).toBeInTheDocument();
    // The attorney's work is done: no promise about it any more.
    expect(panel()).not.toHaveTextContent(/business day/);
  });

  it('does not call anything ready when Complete without a shared document, nor while Being Finalized with documents', () => {
    renderPage(view('complete', 'Complete'), { ...INFO, latestPlanDocuments: 0 });
    expect(panel()).not.toHaveTextContent(/ready/);
    expect(within(panel()).getByText(/Your documents will appear on this page/)).toBeInTheDocument();
  });

  it('points a household without an advisor to the support address, and a canceled plan to it too', () => {
    renderPage(view('canceled', 'Canceled', { advisor: null }));
    expect(steps().every(([, current]) => current === null)).toBe(true);
    expect(within(panel()).getByText(/This estate plan was canceled/)).toBeInTheDocument();
    expect(within(panel()).getByRole('link', { name: 'help@trustwell.example' })).toHaveAttribute('href', 'mailto:help@trustwell.example');
    expect(panel()).not.toHaveTextContent(/business day/);
  });

  it('is absent before the submission, and for viewers who are not the household (no nextSteps)', () => {
    const { unmount } = render(
      <CallProvider>
        <IntakeScreen
          view={toJsonText(view('incomplete', 'In Progress', { abilities: { ...SUBMITTED, isSubmitted: false, canEdit: true, canSubmit: true } }))}
          nextSteps={INFO}
        />
      </CallProvider>,
    );
    expect(screen.queryByRole('region', { name: 'What happens next' })).not.toBeInTheDocument();
    unmount();
    renderPage(view('preparing', 'Under Attorney Review'), null);
    expect(banner()).toHaveTextContent(/^Trust Under Attorney Review$/);
    expect(screen.queryByRole('region', { name: 'What happens next' })).not.toBeInTheDocument();
  });

  it("appears as soon as the submission's answer replaces the view (no reload)", async () => {
    const before = view('incomplete', 'In Progress', { abilities: { ...SUBMITTED, isSubmitted: false, canEdit: true, canSubmit: true } });
    const after = view('sent', 'Sent for Review');
    function Submit() {
      const { run } = useIntake();
      return (
        <button
          type="button"
          onClick={() => void run(async () => ({ ok: true, data: after, message: 'the estate plan information has been sent for attorney review.' }))}
        >
          Submit
        </button>
      );
    }
    renderIntake(
      before,
      <>
        <WhatHappensNext info={INFO} />
        <Submit />
      </>,
    );
    expect(screen.queryByRole('region', { name: 'What happens next' })).not.toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByRole('region', { name: 'What happens next' })).toBeInTheDocument();
    expect(steps()[0][1]).toBe('step');
  });
});
