import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { FundingPanel, type FundingTaskItem } from '@/components/funding/funding-panel';
import { CallProvider } from '@/components/ui/call-provider';
import { markFundingTaskAction } from '@/lib/actions/funding';
import { FUNDING_DISCLAIMER } from '@/lib/funding/steps';
import { fundingProgress } from '@/lib/funding/tasks';

jest.mock('@/lib/actions/funding', () => ({ markFundingTaskAction: jest.fn() }));
const refresh = jest.fn();
jest.mock('next/navigation', () => ({ useRouter: () => ({ refresh }) }));
const markAction = jest.mocked(markFundingTaskAction);

const task = (over: Partial<FundingTaskItem> = {}): FundingTaskItem => ({
  key: 'bank:chk',
  kind: 'bank',
  owner: 'both',
  title: 'First Bank Checking ••••1234',
  value: '12000.50',
  detail: null,
  status: 'not-started',
  reason: null,
  changedBy: null,
  changedOn: null,
  version: null,
  removed: false,
  ...over,
});

const tasks = [
  task(),
  task({
    key: 'retirement:ira',
    kind: 'retirement',
    owner: '2',
    title: 'Fidelity Roth IRA',
    value: null,
    status: 'done',
    changedBy: 'Sam Rivera',
    changedOn: '11/20/2026',
    version: 2,
  }),
  task({
    key: 'real-estate:old',
    kind: 'real-estate',
    owner: '1',
    title: '9 Old Rd, Salem',
    value: null,
    status: 'not-needed',
    reason: 'No longer in the intake',
    removed: true,
    version: 1,
  }),
];

function renderPanel(canEdit = true, forClient = true) {
  return render(
    <CallProvider>
      <FundingPanel
        clientHash="client-pat"
        tasks={tasks}
        progress={fundingProgress(tasks)}
        probate="$1,450,000 would go through probate today."
        owners={{ '1': 'Pat', '2': 'Sam' }}
        canEdit={canEdit}
        forClient={forClient}
      />
    </CallProvider>,
  );
}

beforeEach(() => jest.resetAllMocks());

describe('the funding panel', () => {
  it('lists each asset with its owner, step, value, status and progress, and says it is general information', () => {
    renderPanel();
    const region = screen.getByRole('region', { name: 'Fund your trust' });
    expect(region).toHaveTextContent('2 of 3 steps finished (66%)');
    const [bank, ira, house] = within(region)
      .getAllByRole('listitem')
      .filter((li) => li.hasAttribute('data-status'));
    expect(bank).toHaveTextContent('First Bank Checking ••••1234 · $12,000.50');
    expect(bank).toHaveTextContent('Pat and Sam · Retitle the account in the name of the trust');
    expect(ira).toHaveTextContent('Sam · Name the beneficiaries your plan says; do not retitle the account');
    expect(ira).toHaveTextContent('Marked done by Sam Rivera on 11/20/2026');
    expect(house).toHaveTextContent('No longer in the intake');
    expect(within(house).queryByRole('combobox')).toBeNull();
    expect(region).toHaveTextContent('$1,450,000 would go through probate today.');
    expect(region).toHaveTextContent(FUNDING_DISCLAIMER);
  });

  it('saves a status at once and reads the page again', async () => {
    const user = userEvent.setup();
    markAction.mockResolvedValue({ ok: true, data: { ...task(), status: 'done', changedAt: new Date(), version: 1 } });
    renderPanel();
    await user.selectOptions(screen.getByRole('combobox', { name: 'Status of First Bank Checking ••••1234' }), 'done');
    expect(markAction).toHaveBeenCalledWith({ client_hash: 'client-pat', task_key: 'bank:chk', status: 'done', reason: '', version: undefined });
    expect(await screen.findByRole('status')).toHaveTextContent('First Bank Checking ••••1234: Done.');
    expect(refresh).toHaveBeenCalled();
  });

  it('asks why a step is not needed before saving it, with the version read', async () => {
    const user = userEvent.setup();
    markAction.mockResolvedValue({ ok: true, data: { ...task(), status: 'not-needed', changedAt: new Date(), version: 3 } });
    renderPanel();
    await user.selectOptions(screen.getByRole('combobox', { name: 'Status of Fidelity Roth IRA' }), 'not-needed');
    expect(markAction).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.getByText('Please say why this step is not needed.')).toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: 'Why is it not needed?' }), 'Rolled into the 401(k)');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(markAction).toHaveBeenCalledWith({
      client_hash: 'client-pat',
      task_key: 'retirement:ira',
      status: 'not-needed',
      reason: 'Rolled into the 401(k)',
      version: 2,
    });
  });

  it('puts the status back and shows the refusal when someone changed the step meanwhile', async () => {
    const user = userEvent.setup();
    markAction.mockResolvedValue({ ok: false, status: 409, message: 'Someone changed this step meanwhile. Reload to see it.' });
    renderPanel();
    const select = screen.getByRole('combobox', { name: 'Status of First Bank Checking ••••1234' });
    await user.selectOptions(select, 'in-progress');
    expect(await screen.findByRole('alertdialog')).toHaveTextContent('Someone changed this step meanwhile.');
    expect(select).toHaveValue('not-started');
  });

  it('shows attorneys and admins the statuses without controls', () => {
    renderPanel(false, false);
    const region = screen.getByRole('region', { name: 'Funding the trust' });
    expect(within(region).queryAllByRole('combobox')).toEqual([]);
    expect(region).toHaveTextContent('Not started');
  });
});
