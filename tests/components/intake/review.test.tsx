import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { IntakeScreen } from '@/components/intake/intake-screen';
import { toJsonText } from '@/lib/json-text';
import { CallProvider } from '@/components/ui/call-provider';
import type { IntakeView } from '@/lib/intake/types';
import { axeViolations } from '../records/axe';
import { agent, ANSWERED, beneficiary, child, guardian, household, person, terms, trustee } from './fake-intake';

jest.mock('@/lib/actions/payments', () => jest.requireActual('../payments-actions-mock'));
jest.mock('@/lib/actions/intake', () => jest.requireActual('./actions-mock'));
jest.mock('@/lib/actions/plans', () => jest.requireActual('./plans-actions-mock'));
const refresh = jest.fn();
jest.mock('next/navigation', () => ({ useRouter: () => ({ refresh }) }));

const plans = () => jest.requireMock('@/lib/actions/plans') as Record<'submitTrustAction' | 'updatePlanStatusAction' | 'revealIdentifiersAction', jest.Mock>;

function renderScreen(view: IntakeView, startOnReview = false) {
  const user = userEvent.setup();
  const utils = render(
    <CallProvider>
      <IntakeScreen view={toJsonText(view)} startOnReview={startOnReview} />
    </CallProvider>,
  );
  return { user, ...utils };
}

const answered = (lists: Parameters<typeof household>[0] = {}) => household({ client: { ...ANSWERED }, spouse: { ...ANSWERED }, ...lists });

async function openReview(user: ReturnType<typeof userEvent.setup>) {
  await user.click(screen.getAllByRole('button', { name: 'Review & Submit Trust' })[0]);
  await screen.findByRole('heading', { level: 1, name: 'Review & Submit Trust' });
}

beforeEach(() => {
  for (const fn of Object.values(plans())) fn.mockReset();
  refresh.mockReset();
});

describe('the review page', () => {
  it('offers the plan summary PDF on the page and on the review, as a download of the household’s summary', async () => {
    const view = answered();
    const { user } = renderScreen(view);
    const href = `/api/plan-summary/${view.client.hash}`;
    const onPage = screen.getByRole('link', { name: 'Download summary (PDF)' });
    expect(onPage).toHaveAttribute('href', href);
    expect(onPage).toHaveAttribute('download');
    await openReview(user);
    const onReview = screen.getAllByRole('link', { name: 'Download summary (PDF)' });
    expect(onReview.length).toBeGreaterThan(0);
    for (const link of onReview) expect(link).toHaveAttribute('href', href);
  });

  it('shows the 16 sections in order, the empty ones with "No records to display", and Back returns to the intake', async () => {
    const { user } = renderScreen(answered());
    await openReview(user);
    // The button that opened it is gone: the focus is on the review's heading.
    expect(screen.getByRole('heading', { level: 1, name: 'Review & Submit Trust' })).toHaveFocus();
    expect(screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent)).toEqual([
      'Personal Info',
      'Current & New Estate Plan Info',
      'Children',
      'Beneficiaries',
      'Successor Trustees',
      'General Durable Power of Attorneys',
      'Medical Durable Power of Attorneys',
      'Financial Durable Power of Attorneys',
      'Properties',
      'Companies',
      'Specific Gifts',
      'Retirement Accounts',
      'Brokerage Accounts',
      'Bank Accounts',
      'Annuities',
      'Additional Comments',
    ]);
    expect(screen.getAllByText('No records to display')).toHaveLength(14);
    expect(screen.getByRole('img', { name: 'Estate summary' })).toBeInTheDocument();
    // The print title: the trust, the people and the browser's today.
    const today = new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'long', day: 'numeric' }).format(new Date());
    expect(screen.getByText(/Family Trust — /)).toHaveTextContent(new RegExp(`Family Trust — .+ — ${today}$`));
    await user.click(screen.getAllByRole('button', { name: 'Back' })[0]);
    expect(screen.getByRole('heading', { level: 1, name: 'Client Information' })).toBeInTheDocument();
  });

  it("hides the financial PoA for the firms that hide it, and shows the spec's display texts and the guardians of minors", async () => {
    const minor = child({
      person: person({ firstName: 'Riley', lastName: 'Rivera', dob: '2016-04-01' }),
      guardian1: guardian({ firstName: 'Quinn', lastName: 'Blake', phone: '5035550111' }),
    });
    const adult = child({
      person: person({ firstName: 'Avery', lastName: 'Rivera', dob: '1999-04-01' }),
      guardian1: guardian({ firstName: 'Hidden', lastName: 'Guardian' }),
    });
    const view = answered({
      showsFinancialPoa: false,
      client: { ...ANSWERED, wantsLifeSupport: true, hasEstatePlan: 'yes', estatePlanType: 'Will' },
      spouse: { ...ANSWERED, wantsLifeSupport: false, hasEstatePlan: 'no' },
      children: [minor, adult],
      agents: [
        agent('general', { service1: { isCollective: true, isIndependent: true } }),
        agent('medical', { service1: { isCollective: false, isIndependent: false } }),
      ],
    });
    const { user } = renderScreen(view);
    await openReview(user);
    expect(screen.queryByRole('heading', { name: 'Financial Durable Power of Attorneys' })).not.toBeInTheDocument();
    const personal = screen.getByRole('region', { name: 'Personal Info' });
    expect(personal).toHaveTextContent('Used to maintain life');
    expect(personal).toHaveTextContent('Terminated');
    const plan = screen.getByRole('region', { name: 'Current & New Estate Plan Info' });
    expect(plan).toHaveTextContent('Will Only');
    expect(plan).toHaveTextContent('None');
    const children = screen.getByRole('region', { name: 'Children' });
    expect(children).toHaveTextContent('Quinn Blake');
    expect(children).not.toHaveTextContent('Hidden Guardian');
    expect(screen.getByRole('region', { name: 'General Durable Power of Attorneys' })).toHaveTextContent('Together as co-agents, served independently');
    expect(screen.getByRole('region', { name: 'Medical Durable Power of Attorneys' })).toHaveTextContent('In the order listed');
  });

  it("says how each client's agents serve: one text when they agree, a line per client when not", async () => {
    const together = { isCollective: true, isIndependent: false };
    const view = answered({
      agents: [
        agent('financial', { owner: 'both', order2: 1, service1: together, service2: { isCollective: true, isIndependent: true } }),
        agent('general', { owner: 'both', order2: 1, service1: together, service2: together, person: person({ firstName: 'Ivy', lastName: 'Lane' }) }),
      ],
    });
    const { user } = renderScreen(view);
    await openReview(user);
    expect(screen.getByRole('region', { name: 'Financial Durable Power of Attorneys' })).toHaveTextContent(
      'Agents ServePat: Together as co-agents · Sam: Together as co-agents, served independently',
    );
    expect(screen.getByRole('region', { name: 'General Durable Power of Attorneys' })).toHaveTextContent(/Agents ServeTogether as co-agents(?!,)/);
  });

  it('shows SSNs masked with no eye to a client; the page never holds more than the last four', async () => {
    const { user } = renderScreen(answered());
    await openReview(user);
    expect(screen.getByRole('region', { name: 'Personal Info' })).toHaveTextContent('XXX-XX-7890');
    expect(screen.queryByRole('button', { name: /^Show SSN/ })).not.toBeInTheDocument();
  });

  it('lets attorneys reveal an SSN from the server, and hides it again on blur', async () => {
    plans().revealIdentifiersAction.mockImplementation(async (input: { items: { hash: string }[] }) => ({
      ok: true,
      data: { values: { [input.items[0].hash]: '123-45-7890' } },
    }));
    const view = answered({ abilities: { canEdit: true, canRevealIdentifiers: true, isLegal: true, canSubmit: false } });
    const { user } = renderScreen(view);
    // An attorney only reviews: the entry reads 'Review Information'.
    await user.click(screen.getAllByRole('button', { name: 'Review Information' })[0]);
    await screen.findByRole('heading', { level: 1, name: 'Review Information' });
    const eye = screen.getByRole('button', { name: 'Show SSN of Pat Rivera' });
    await user.click(eye);
    expect(plans().revealIdentifiersAction).toHaveBeenCalledWith({ client_hash: 'client-pat', items: [{ kind: 'person', hash: view.client.person.hash }] });
    expect(await screen.findByText('123-45-7890')).toBeInTheDocument();
    await user.tab();
    await waitFor(() => expect(screen.queryByText('123-45-7890')).not.toBeInTheDocument());
    expect(screen.getByRole('region', { name: 'Personal Info' })).toHaveTextContent('XXX-XX-7890');
  });

  it('warns what is missing, asks the Agreement and Receipt (Missing Consent until every box is ticked), then submits', async () => {
    const base = answered({ beneficiaries: [beneficiary({ terms1: terms('primary', '100'), terms2: terms('primary', '100') })], trustees: [trustee()] });
    const submitted: IntakeView = {
      ...base,
      client: { ...base.client, isTrustSubmitted: true },
      spouse: { ...base.spouse!, isTrustSubmitted: true },
      latestPlan: { hash: 'plan-1', status: 'sent', statusLabel: 'Sent for Review', history: [] },
      abilities: { ...base.abilities, isSubmitted: true, canEdit: false, canSubmit: false },
    };
    plans().submitTrustAction.mockResolvedValue({ ok: true, data: submitted, message: 'the estate plan information has been sent for attorney review.' });
    const { user } = renderScreen({ ...base, abilities: { ...base.abilities, canSubmit: true } });
    await openReview(user);
    await user.click(screen.getByRole('button', { name: 'Submit Trust for Attorney Review' }));

    const warning = await screen.findByRole('alertdialog', { name: 'Missing Information' });
    expect(
      within(warning)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Properties', 'Bank accounts', 'Retirement or brokerage accounts']);
    expect(within(warning).getByRole('button', { name: 'Go Back' })).toHaveFocus();
    await user.click(within(warning).getByRole('button', { name: 'Continue' }));

    const agreement = await screen.findByRole('dialog', { name: 'Agreement and Receipt' });
    const pat = within(agreement).getByRole('group', { name: 'Acknowledgements of Pat Rivera' });
    const sam = within(agreement).getByRole('group', { name: 'Acknowledgements of Sam Rivera' });
    expect(within(pat).getAllByRole('checkbox')).toHaveLength(3);
    for (const box of within(pat).getAllByRole('checkbox')) await user.click(box);
    await user.click(within(agreement).getByRole('button', { name: 'Submit' }));
    const missing = await screen.findByRole('alertdialog', { name: 'Missing Consent' });
    expect(missing).toHaveTextContent('Please read and acknowledge the entire Agreement');
    expect(plans().submitTrustAction).not.toHaveBeenCalled();
    await user.click(within(missing).getByRole('button', { name: 'OK' }));

    for (const box of within(sam).getAllByRole('checkbox')) await user.click(box);
    await user.click(within(agreement).getByRole('button', { name: 'Submit' }));
    const done = await screen.findByRole('alertdialog', { name: 'Trust Submitted' });
    expect(done).toHaveTextContent('the estate plan information has been sent for attorney review.');
    expect(plans().submitTrustAction).toHaveBeenCalledTimes(1);
    expect(plans().submitTrustAction).toHaveBeenCalledWith({
      client_hash: 'client-pat',
      acknowledgements: [
        { client_hash: 'client-pat', statements: [1, 2, 3] },
        { client_hash: 'client-sam', statements: [1, 2, 3] },
      ],
    });
    await user.click(within(done).getByRole('button', { name: 'OK' }));
    // Back on the page: the banner, and 'Review Information' instead of the submit entry.
    expect(screen.getByText('Trust Sent for Review')).toHaveAttribute('role', 'status');
    expect(screen.getAllByRole('button', { name: 'Review Information' })).toHaveLength(2);
    await user.click(screen.getAllByRole('button', { name: 'Review Information' })[0]);
    expect(screen.queryByRole('button', { name: 'Submit Trust for Attorney Review' })).not.toBeInTheDocument();
  });

  it('opens a submitted trust on the review for attorneys, with Edit and the status control', async () => {
    plans().updatePlanStatusAction.mockResolvedValue({
      ok: true,
      data: { hash: 'plan-1', status: 'preparing' },
      message: 'Success! Estate plan status has been updated.',
    });
    const view = answered({
      client: { ...ANSWERED, isTrustSubmitted: true },
      latestPlan: { hash: 'plan-1', status: 'sent', statusLabel: 'Sent for Review', history: [] },
      abilities: { canEdit: true, canRevealIdentifiers: true, isLegal: true, isSubmitted: true, canSubmit: false },
    });
    const { user } = renderScreen(view, true);
    expect(screen.getByRole('heading', { level: 1, name: 'Review Information' })).toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: 'Edit' })).toHaveLength(2);
    expect(screen.getByText('Trust Sent for Review')).toHaveAttribute('role', 'status');

    const bar = screen.getByRole('group', { name: 'Estate plan status' });
    const select = within(bar).getByRole('combobox', { name: 'New status' });
    expect(
      within(select)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Change status to…', 'Under Attorney Review', 'On Hold', 'In Client Contact', 'Canceled']);
    await user.selectOptions(select, 'preparing');
    await user.click(within(bar).getByRole('button', { name: 'Save' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Confirm Status Update' });
    expect(confirm).toHaveTextContent('from Sent for Review to Under Attorney Review');
    expect(within(confirm).getByRole('button', { name: 'Cancel' })).toHaveFocus();
    await user.click(within(confirm).getByRole('button', { name: 'Update Status' }));
    expect(await screen.findByRole('alertdialog', { name: 'Success! Estate plan status has been updated.' })).toBeInTheDocument();
    expect(plans().updatePlanStatusAction).toHaveBeenCalledWith({ plan_hash: 'plan-1', status: 'preparing', from_status: 'sent' });
    expect(refresh).toHaveBeenCalled();
  });

  it('shows a refused status change in the Error dialog', async () => {
    plans().updatePlanStatusAction.mockResolvedValue({ ok: false, status: 422, message: 'An estate plan cannot go from Sent for Review to Complete.' });
    const view = answered({
      latestPlan: { hash: 'plan-1', status: 'sent', statusLabel: 'Sent for Review', history: [] },
      abilities: { canEdit: true, canRevealIdentifiers: true, isLegal: true, isSubmitted: true },
    });
    const { user } = renderScreen(view);
    const bar = screen.getByRole('group', { name: 'Estate plan status' });
    await user.selectOptions(within(bar).getByRole('combobox', { name: 'New status' }), 'hold');
    await user.click(within(bar).getByRole('button', { name: 'Save' }));
    await user.click(within(await screen.findByRole('alertdialog', { name: 'Confirm Status Update' })).getByRole('button', { name: 'Update Status' }));
    expect(await screen.findByRole('alertdialog', { name: 'Error' })).toHaveTextContent('An estate plan cannot go from Sent for Review to Complete.');
  });

  it("says 'No estate plan found - Please contact support' to attorneys when there is no plan", () => {
    renderScreen(answered({ latestPlan: null, abilities: { canEdit: true, canRevealIdentifiers: true, isLegal: true } }));
    expect(screen.getAllByText('No estate plan found - Please contact support').length).toBeGreaterThan(0);
  });

  it('has no axe violations', async () => {
    const { user } = renderScreen(
      answered({
        beneficiaries: [beneficiary({ terms1: terms('primary', '100') })],
        trustees: [trustee()],
        abilities: { canEdit: true, canRevealIdentifiers: true, isLegal: true, canSubmit: true },
      }),
    );
    await openReview(user);
    expect(await axeViolations()).toEqual([]);
  });
});
