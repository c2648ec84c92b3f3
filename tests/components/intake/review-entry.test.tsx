import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { IntakeScreen } from '@/components/intake/intake-screen';
import { CallProvider } from '@/components/ui/call-provider';
import type { IntakeAbilities, IntakeView } from '@/lib/intake/types';
import { toJsonText } from '@/lib/json-text';
import { ANSWERED, household } from './fake-intake';

jest.mock('@/lib/actions/payments', () => jest.requireActual('../payments-actions-mock'));
jest.mock('@/lib/actions/intake', () => jest.requireActual('./actions-mock'));
jest.mock('@/lib/actions/plans', () => jest.requireActual('./plans-actions-mock'));
jest.mock('next/navigation', () => ({ useRouter: () => ({ refresh: jest.fn() }) }));

/*
 * The review entry's label and the plan's status as each viewer sees them (issue 18, item 18): the label is
 * 'Review & Submit Trust' only for someone who may still submit ('plan.submit', which leaves attorneys
 * out), and the status shows once on the page and once on the review, the attorney's control included.
 */

const ATTORNEY: IntakeAbilities = { canEdit: true, canRevealIdentifiers: true, isLegal: true, isSubmitted: false, canSubmit: false };
const ADMIN: IntakeAbilities = { ...ATTORNEY, canSubmit: true };
const CLIENT: IntakeAbilities = { canEdit: true, canRevealIdentifiers: false, isLegal: false, isSubmitted: false, canSubmit: true };

function view(
  abilities: IntakeAbilities,
  plan: { status: string; statusLabel: string } | null = { status: 'incomplete', statusLabel: 'In Progress' },
): IntakeView {
  const submitted = abilities.isSubmitted === true;
  return household({
    client: { ...ANSWERED, isTrustSubmitted: submitted },
    spouse: { ...ANSWERED, isTrustSubmitted: submitted },
    latestPlan: plan ? { hash: 'plan-1', ...plan, history: [] } : null,
    abilities,
  });
}

function renderScreen(v: IntakeView, startOnReview = false) {
  const user = userEvent.setup();
  render(
    <CallProvider>
      <IntakeScreen view={toJsonText(v)} startOnReview={startOnReview} />
    </CallProvider>,
  );
  return { user };
}

const entries = (name: string) => screen.queryAllByRole('button', { name });

describe('the review entry', () => {
  it("reads 'Review Information' for an attorney on a trust not yet submitted, which they may not submit", async () => {
    const { user } = renderScreen(view(ATTORNEY));
    expect(entries('Review & Submit Trust')).toHaveLength(0);
    expect(entries('Review Information')).toHaveLength(2);
    await user.click(entries('Review Information')[0]);
    expect(await screen.findByRole('heading', { level: 1, name: 'Review Information' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Submit Trust for Attorney Review' })).not.toBeInTheDocument();
  });

  it("reads 'Review & Submit Trust' for whoever may still submit (the household, an admin), 'Review Information' after", () => {
    for (const abilities of [CLIENT, ADMIN]) {
      const { unmount } = render(
        <CallProvider>
          <IntakeScreen view={toJsonText(view(abilities))} />
        </CallProvider>,
      );
      expect(entries('Review & Submit Trust')).toHaveLength(2);
      unmount();
    }
    renderScreen(view({ ...CLIENT, isSubmitted: true, canSubmit: false, canEdit: false }, { status: 'sent', statusLabel: 'Sent for Review' }));
    expect(entries('Review Information')).toHaveLength(2);
  });
});

describe("the plan's status, once", () => {
  it('on the page of a trust in progress, to the attorney with the status control', () => {
    renderScreen(view(ATTORNEY));
    expect(screen.getAllByText(/In Progress/)).toHaveLength(1);
    expect(screen.getByText(/^Plan status:/)).toHaveTextContent('Plan status: In Progress');
    expect(within(screen.getByRole('group', { name: 'Estate plan status' })).getByRole('combobox', { name: 'New status' })).toBeInTheDocument();
  });

  it('on the page and on the review of a submitted trust: the banner, to the attorney and to the client', async () => {
    for (const abilities of [
      { ...ATTORNEY, isSubmitted: true },
      { ...CLIENT, isSubmitted: true, canSubmit: false, canEdit: false },
    ]) {
      const { unmount } = render(
        <CallProvider>
          <IntakeScreen view={toJsonText(view(abilities, { status: 'sent', statusLabel: 'Sent for Review' }))} />
        </CallProvider>,
      );
      expect(screen.getAllByText(/Sent for Review/).map((el) => el.textContent)).toEqual(['Trust Sent for Review']);
      await userEvent.setup().click(entries('Review Information')[0]);
      await screen.findByRole('heading', { level: 1, name: 'Review Information' });
      expect(screen.getAllByText(/Sent for Review/).map((el) => el.textContent)).toEqual(['Trust Sent for Review']);
      expect(screen.queryByText(/^Plan status:/)).not.toBeInTheDocument();
      unmount();
    }
  });

  it("says 'No estate plan found - Please contact support' once, to the attorney too, with no control to change", () => {
    renderScreen(view(ATTORNEY, null));
    expect(screen.getAllByText('No estate plan found - Please contact support')).toHaveLength(1);
    expect(screen.queryByRole('group', { name: 'Estate plan status' })).not.toBeInTheDocument();
  });
});
