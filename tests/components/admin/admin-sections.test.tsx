import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AdminSections, CreateAdvisorSection, UserEditDialog } from '@/components/admin/admin-sections';
import { CallProvider } from '@/components/ui/call-provider';
import { createAdvisorAction, listAdvisorChoicesAction, resetPasswordAction, updateUserAction } from '@/lib/actions/admin';
import type { AdminUserPage, AdminUserRow } from '@/lib/admin/queries';

jest.mock('next/navigation', () => ({ useRouter: () => ({ refresh: jest.fn(), push: jest.fn() }) }));
jest.mock('@/lib/actions/admin', () => ({
  createAdvisorAction: jest.fn(),
  listAdvisorChoicesAction: jest.fn(),
  listUsersAction: jest.fn(),
  updateUserAction: jest.fn(),
  resetPasswordAction: jest.fn(),
  actAsAction: jest.fn(),
  deleteClientAction: jest.fn(),
}));
const createAction = jest.mocked(createAdvisorAction);
const updateAction = jest.mocked(updateUserAction);
const resetAction = jest.mocked(resetPasswordAction);
const choicesAction = jest.mocked(listAdvisorChoicesAction);

const firms = [{ hash: 'firm1', name: 'Morgan Wealth' }];
const advisors = [{ hash: 'adv1', name: 'Alice Morgan' }];
const emptyPage: AdminUserPage = { rows: [], total: 0, page: 1, pageSize: 20, q: '' };

beforeEach(() => jest.resetAllMocks());

function renderCreate(advisorList = advisors) {
  const user = userEvent.setup();
  choicesAction.mockResolvedValue({ ok: true, data: advisorList });
  render(
    <CallProvider>
      <CreateAdvisorSection firms={firms} hasAdvisors={advisorList.length > 0} />
    </CallProvider>,
  );
  return user;
}

async function fillPerson(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByLabelText(/^First name/), 'Nora');
  await user.type(screen.getByLabelText(/^Last name/), 'Newman');
  await user.type(screen.getByLabelText(/^Email/), 'nora@example.com');
}

describe('Create Advisor form', () => {
  it('creates an advisor in the chosen firm and shows the spec message', async () => {
    createAction.mockResolvedValue({ ok: true, data: { message: 'Advisor created successfully', advisors, firms, users: emptyPage } });
    const user = renderCreate();
    await fillPerson(user);
    await user.click(screen.getByLabelText('Waives client fees'));
    await user.click(screen.getByRole('button', { name: 'Create Advisor' }));
    await waitFor(() => expect(createAction).toHaveBeenCalledTimes(1));
    expect(createAction.mock.calls[0][0]).toMatchObject({
      account_type: 'advisor',
      first_name: 'Nora',
      last_name: 'Newman',
      email: 'nora@example.com',
      firm_id: 'firm1',
      is_waiving_fee: true,
      staff_advisors: [],
    });
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog).toHaveTextContent('Advisor created successfully');
  });

  it("a staff user without an advisor gets 'Missing Advisor' and nothing is sent", async () => {
    const user = renderCreate();
    await fillPerson(user);
    await user.click(screen.getByLabelText('Staff of existing advisors'));
    await user.click(screen.getByRole('button', { name: 'Create Staff User' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(within(dialog).getByRole('heading', { name: 'Missing Advisor' })).toBeInTheDocument();
    expect(dialog).toHaveTextContent('Please select an existing advisor or create a new one.');
    expect(createAction).not.toHaveBeenCalled();
    await user.click(within(dialog).getByRole('button', { name: 'OK' }));

    createAction.mockResolvedValue({ ok: true, data: { message: 'Staff user created successfully', advisors, firms, users: emptyPage } });
    await user.click(await screen.findByLabelText('Alice Morgan'));
    await user.click(screen.getByRole('button', { name: 'Create Staff User' }));
    await waitFor(() => expect(createAction).toHaveBeenCalledTimes(1));
    expect(createAction.mock.calls[0][0]).toMatchObject({ account_type: 'staff', staff_advisors: ['adv1'] });
    // The spec names no 'Staff user created' dialog: a non-blocking notice says it (issue 27).
    expect(await screen.findByRole('status')).toHaveTextContent('Staff user created successfully');
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
  });

  it('disables the staff option when no advisors exist, asks a new firm its name, and shows server errors', async () => {
    const user = renderCreate([]);
    expect(screen.getByLabelText('Staff of existing advisors')).toBeDisabled();
    await fillPerson(user);
    await user.selectOptions(screen.getByRole('combobox', { name: /^Firm/ }), 'New firm…');
    await user.click(screen.getByRole('button', { name: 'Create Advisor' }));
    expect(await screen.findByText('Please choose a firm or enter the name of a new one.')).toBeInTheDocument();
    expect(createAction).not.toHaveBeenCalled();

    createAction.mockResolvedValue({
      ok: false,
      status: 409,
      message: 'That email is already in use.',
      fieldErrors: { email: 'That email is already in use.' },
    });
    await user.type(screen.getByLabelText(/^New firm name/), 'Newman Wealth');
    await user.click(screen.getByRole('button', { name: 'Create Advisor' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(within(dialog).getByRole('heading', { name: 'Error' })).toBeInTheDocument();
    expect(createAction.mock.calls[0][0]).toMatchObject({ firm_id: '', firm_name: 'Newman Wealth' });
  });
});

const staffRow: AdminUserRow = {
  hash: 'u1',
  name: 'Casey Lee',
  email: 'casey@example.com',
  phone: '5551234567',
  roles: ['Staff'],
  isAdvisor: false,
  isStaff: true,
  isFirmSupervisor: false,
  isWaivingFee: false,
  staffAdvisors: ['adv1'],
  canActAs: false,
  emailOwnerOnly: false,
  clientHash: null,
  hasSecondFactor: false,
};

function renderEdit(onSaved = jest.fn(), onClose = jest.fn(), row: AdminUserRow = staffRow, choices = [...advisors, { hash: 'adv2', name: 'Ben Carter' }]) {
  const user = userEvent.setup();
  choicesAction.mockResolvedValue({ ok: true, data: choices });
  render(
    <CallProvider>
      <UserEditDialog user={row} onClose={onClose} onSaved={onSaved} />
    </CallProvider>,
  );
  return { user, onSaved, onClose };
}

describe('User edit form', () => {
  it('saves only when something changed, and resets the password only when nothing is unsaved', async () => {
    const { user, onSaved } = renderEdit();
    const save = screen.getByRole('button', { name: 'Save' });
    const reset = screen.getByRole('button', { name: 'Reset Password' });
    expect(save).toBeDisabled();
    expect(reset).toBeEnabled();
    expect(screen.queryByLabelText('Waives client fees')).not.toBeInTheDocument();

    await user.click(await screen.findByLabelText('Ben Carter'));
    expect(save).toBeEnabled();
    expect(reset).toBeDisabled();

    updateAction.mockResolvedValue({ ok: true, data: { message: 'account has been updated', users: emptyPage } });
    await user.click(save);
    await waitFor(() => expect(updateAction).toHaveBeenCalledTimes(1));
    expect(updateAction.mock.calls[0][0]).toMatchObject({ user_id: 'u1', email: 'casey@example.com', staff_advisors: ['adv1', 'adv2'] });
    expect(onSaved).toHaveBeenCalledWith(emptyPage);
    expect(await screen.findByRole('alertdialog')).toHaveTextContent('account has been updated');
  });

  it("shows an attorney's or another admin's email read-only: only its owner changes it", () => {
    renderEdit(jest.fn(), jest.fn(), { ...staffRow, roles: ['Attorney'], isStaff: false, staffAdvisors: [], emailOwnerOnly: true });
    const email = screen.getByLabelText(/^Email/);
    expect(email).toHaveAttribute('readonly');
    expect(screen.getByText('Only its owner can change an administrator’s or attorney’s email, in Settings.')).toBeInTheDocument();
  });

  it("asks before resetting, with Cancel focused, then shows '{name} has been emailed their new password'", async () => {
    const { user, onClose } = renderEdit();
    await user.click(screen.getByRole('button', { name: 'Reset Password' }));
    const confirm = await screen.findByRole('alertdialog');
    expect(within(confirm).getByRole('button', { name: 'Cancel' })).toHaveFocus();
    resetAction.mockResolvedValue({ ok: true, data: { message: 'Casey Lee has been emailed their new password' } });
    // Resetting a password destroys nothing: the confirmation's button is the primary one, not danger red.
    expect(within(confirm).getByRole('button', { name: 'Reset Password' }).className).toContain('primary');
    expect(within(confirm).getByRole('button', { name: 'Reset Password' }).className).not.toContain('danger');
    await user.click(within(confirm).getByRole('button', { name: 'Reset Password' }));
    await waitFor(() => expect(resetAction).toHaveBeenCalledWith({ user_id: 'u1' }));
    expect(onClose).toHaveBeenCalled();
    await waitFor(() => expect(screen.getByRole('alertdialog')).toHaveTextContent('Casey Lee has been emailed their new password'));
  });
});

describe('Create Advisor and User Management together', () => {
  const row = (name: string, email: string): AdminUserRow => ({
    hash: email,
    name,
    email,
    phone: '',
    roles: ['Advisor'],
    isAdvisor: true,
    isStaff: false,
    isFirmSupervisor: false,
    isWaivingFee: false,
    staffAdvisors: [],
    canActAs: false,
    clientHash: null,
    hasSecondFactor: false,
    emailOwnerOnly: false,
  });
  const before: AdminUserPage = { rows: [row('Alice Morgan', 'alice@example.com')], total: 1, page: 1, pageSize: 20, q: '' };
  const after: AdminUserPage = { ...before, rows: [row('Alice Morgan', 'alice@example.com'), row('Nora Newman', 'nora@example.com')], total: 2 };

  // Issue 27: the new advisor appeared in User Management only after a reload.
  it('lists the new advisor in User Management from the answer to Create Advisor, without a reload', async () => {
    createAction.mockResolvedValue({ ok: true, data: { message: 'Advisor created successfully', advisors, firms, users: after } });
    const user = userEvent.setup();
    render(
      <CallProvider>
        <AdminSections data={{ firms, hasAdvisors: true, users: before, canDeleteClients: false }} />
      </CallProvider>,
    );
    const users = screen.getByRole('region', { name: 'Users' });
    expect(within(users).queryByText('Nora Newman')).toBeNull();
    await fillPerson(user);
    await user.click(screen.getByRole('button', { name: 'Create Advisor' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'OK' }));
    expect(within(screen.getByRole('region', { name: 'Users' })).getByText('Nora Newman')).toBeInTheDocument();
    expect(screen.getByText('Page 1 of 1 (2 users)')).toBeInTheDocument();
  });

  it('puts the user search’s button in one row with its field (no space below the field to push them apart)', () => {
    render(
      <CallProvider>
        <AdminSections data={{ firms, hasAdvisors: true, users: before, canDeleteClients: false }} />
      </CallProvider>,
    );
    const search = screen.getByRole('search');
    const field = screen.getByRole('searchbox', { name: 'Search users' }).parentElement!;
    const button = within(search).getByRole('button', { name: 'Search' });
    expect(field.parentElement).toBe(button.parentElement);
    expect(field.parentElement!.className).toContain('controlRow');
    expect(field.className).toContain('flush');
  });
});

describe('the advisors to choose from for a staff user', () => {
  // Fourteen advisors: from twelve on the checklist has a box to find one by name.
  const many = Array.from({ length: 14 }, (_, i) => ({ hash: `adv${i + 1}`, name: `Advisor ${String.fromCharCode(65 + i)}lder` }));

  it('are not on the page: the checklist loads them once when it opens, and filters a long list by name', async () => {
    let answer: (value: { ok: true; data: typeof many }) => void = () => {};
    choicesAction.mockReturnValue(new Promise((resolve) => (answer = resolve)));
    const user = userEvent.setup();
    render(
      <CallProvider>
        <AdminSections data={{ firms, hasAdvisors: true, users: emptyPage, canDeleteClients: false }} />
      </CallProvider>,
    );
    expect(choicesAction).not.toHaveBeenCalled();
    await user.click(screen.getByLabelText('Staff of existing advisors'));
    expect(screen.getByText('Loading the advisors…')).toHaveAttribute('role', 'status');
    answer({ ok: true, data: many });
    await user.click(await screen.findByLabelText('Advisor Blder'));
    const works = screen.getByRole('group', { name: 'Works for' });
    expect(within(works).getAllByRole('checkbox')).toHaveLength(14);

    // The filter keeps what is chosen in view; Enter in it does not submit the form.
    await user.type(within(works).getByRole('searchbox', { name: 'Find an advisor' }), 'clder{Enter}');
    expect(within(works).getAllByRole('checkbox')).toHaveLength(2);
    expect(within(works).getByLabelText('Advisor Blder')).toBeChecked();
    expect(within(works).getByLabelText('Advisor Clder')).not.toBeChecked();
    expect(createAction).not.toHaveBeenCalled();
    await user.clear(within(works).getByRole('searchbox', { name: 'Find an advisor' }));
    await user.type(within(works).getByRole('searchbox', { name: 'Find an advisor' }), 'nobody');
    expect(within(works).getByText('No advisor’s name contains “nobody”.')).toBeInTheDocument();

    // Advisor and back: the list is not loaded again (the page keeps it for both sections).
    await user.click(screen.getByLabelText('Advisor'));
    await user.click(screen.getByLabelText('Staff of existing advisors'));
    expect(await screen.findByLabelText('Advisor Alder')).toBeInTheDocument();
    expect(choicesAction).toHaveBeenCalledTimes(1);
  });

  it('list at most 50 at once, the chosen ones always, and say how to find the others', async () => {
    const firm = Array.from({ length: 60 }, (_, i) => ({ hash: `adv${i + 1}`, name: `Advisor ${String(i + 1).padStart(2, '0')}` }));
    renderEdit(jest.fn(), jest.fn(), { ...staffRow, staffAdvisors: ['adv60'] }, firm);
    const works = await screen.findByRole('group', { name: 'Works for' });
    await within(works).findByLabelText('Advisor 60');
    expect(within(works).getAllByRole('checkbox')).toHaveLength(51);
    expect(within(works).getByLabelText('Advisor 60')).toBeChecked();
    expect(within(works).getByText('51 of 60 advisors listed: type a name to find the others.')).toBeInTheDocument();
  });

  it('say when they could not be loaded, and load on Try again', async () => {
    choicesAction.mockResolvedValueOnce({ ok: false, status: 500, message: 'Something went wrong.' });
    choicesAction.mockResolvedValueOnce({ ok: true, data: advisors });
    const user = userEvent.setup();
    renderEdit();
    expect(await screen.findByText(/The advisors could not be loaded\./)).toBeInTheDocument();
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'OK' }));
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByLabelText('Alice Morgan')).toBeChecked();
    expect(choicesAction).toHaveBeenCalledTimes(2);
  });
});
