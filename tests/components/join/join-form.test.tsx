import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createClientAccountAction } from '@/lib/actions/accounts';
import JoinWithAdvisorPage, { metadata as referralMetadata } from '@/app/(workspace)/join/[advisorHash]/page';
import JoinPage, { metadata } from '@/app/(workspace)/join/page';
import { JoinForm } from '@/components/join/join-form';
import { CallProvider } from '@/components/ui/call-provider';
import { findReferringAdvisorId } from '@/lib/accounts/queries';

jest.mock('@/lib/actions/accounts', () => ({ createClientAccountAction: jest.fn() }));
jest.mock('@/lib/accounts/queries', () => ({ findReferringAdvisorId: jest.fn() }));
jest.mock('@/lib/invites/queries', () => ({ invitePrefill: jest.fn(async () => null) }));
// The real module loads the session (and with it the database driver), which jsdom has no use for.
jest.mock('@/components/shell/site-header', () => ({ MAIN_CONTENT_ID: 'main-content' }));
const push = jest.fn();
jest.mock('next/navigation', () => ({ useRouter: () => ({ push }), usePathname: () => '/join' }));

const submit = createClientAccountAction as jest.MockedFunction<typeof createClientAccountAction>;
const findAdvisor = findReferringAdvisorId as jest.MockedFunction<typeof findReferringAdvisorId>;
const HASH = 'Qk3xY0-advisor_hash12';

function renderForm(advisorHash = '') {
  return render(
    <CallProvider>
      <JoinForm advisorHash={advisorHash} />
    </CallProvider>,
  );
}

async function fillValid(user: ReturnType<typeof userEvent.setup>, overrides: { confirmation?: string } = {}) {
  await user.type(screen.getByLabelText(/^First Name/), 'Jamie');
  await user.type(screen.getByLabelText(/^Middle Name/), 'Lee');
  await user.type(screen.getByLabelText(/^Last Name/), "O'Neil");
  await user.selectOptions(screen.getByLabelText(/^Suffix/), 'Jr.');
  await user.type(screen.getByLabelText(/^Email/), 'Jamie@Example.com');
  await user.type(screen.getByLabelText(/^Phone/), '5551234567');
  await user.type(screen.getByLabelText(/^Password/), 'Sturdy-Pass-42');
  await user.type(screen.getByLabelText(/^Retype Password/), overrides.confirmation ?? 'Sturdy-Pass-42');
}

beforeEach(() => {
  submit.mockReset();
  findAdvisor.mockReset();
  push.mockReset();
  window.localStorage.clear();
});

describe('JoinForm', () => {
  // Issue 18: the name fields filter as typed (platform §5), accents included.
  it('name fields keep letters, apostrophe, period, hyphen and space as typed', async () => {
    const user = userEvent.setup();
    renderForm();
    for (const label of [/^First Name/, /^Middle Name/, /^Last Name/]) {
      await user.type(screen.getByLabelText(label), "Zoë O'Brien-Smith Jr. 3#!");
      expect(screen.getByLabelText(label)).toHaveValue("Zoë O'Brien-Smith Jr. ");
    }
  });

  it('labels every field and offers the blank suffix first, then the spec list', () => {
    renderForm();
    for (const label of ['First Name', 'Middle Name', 'Last Name', 'Suffix', 'Email', 'Phone', 'Password', 'Retype Password']) {
      expect(screen.getByLabelText(new RegExp(`^${label}`))).toBeInTheDocument();
    }
    const options = within(screen.getByLabelText(/^Suffix/)).getAllByRole('option');
    expect(options.map((option) => option.getAttribute('value'))).toEqual(['', 'Jr.', 'Sr.', 'I', 'II', 'III', 'IV']);
  });

  it("shows 'Passwords do not match' and does not call the server", async () => {
    const user = userEvent.setup();
    renderForm();
    await fillValid(user, { confirmation: 'Something-else-1' });
    await user.click(screen.getByRole('button', { name: 'Create Account' }));
    expect(await screen.findByText('Passwords do not match')).toBeInTheDocument();
    expect(screen.getByLabelText(/^Retype Password/)).toHaveAttribute('aria-invalid', 'true');
    expect(submit).not.toHaveBeenCalled();
  });

  it('compares the passwords even while other fields are still empty', async () => {
    const user = userEvent.setup();
    renderForm();
    await user.type(screen.getByLabelText(/^Password/), 'Sturdy-Pass-42');
    await user.type(screen.getByLabelText(/^Retype Password/), 'Sturdy-Pass-43');
    await user.click(screen.getByRole('button', { name: 'Create Account' }));
    expect(await screen.findByText('Passwords do not match')).toBeInTheDocument();
    expect(screen.getByText('First name is required.')).toBeInTheDocument();
  });

  it('masks the phone as (555) 123-4567 and submits its digits', async () => {
    const user = userEvent.setup();
    submit.mockResolvedValue({ ok: true, data: { discounted: false } });
    renderForm();
    await fillValid(user);
    expect(screen.getByLabelText(/^Phone/)).toHaveValue('(555) 123-4567');
    await user.click(screen.getByRole('button', { name: 'Create Account' }));
    await waitFor(() => expect(submit).toHaveBeenCalledTimes(1));
    expect(submit).toHaveBeenCalledWith({
      first_name: 'Jamie',
      middle_name: 'Lee',
      last_name: "O'Neil",
      suffix: 'Jr.',
      email: 'jamie@example.com',
      phone: '5551234567',
      password: 'Sturdy-Pass-42',
      password_confirmation: 'Sturdy-Pass-42',
      advisor_hash: '',
      invite: '',
    });
  });

  it('confirms success, then goes to the login page', async () => {
    const user = userEvent.setup();
    submit.mockResolvedValue({ ok: true, data: { discounted: false } });
    renderForm();
    await fillValid(user);
    await user.click(screen.getByRole('button', { name: 'Create Account' }));

    const dialog = await screen.findByRole('alertdialog', { name: 'Success' });
    expect(dialog).toHaveTextContent('Account created successfully.');
    expect(dialog).not.toHaveTextContent('Discounts will be applied to your services.');
    expect(push).not.toHaveBeenCalled();
    await user.click(within(dialog).getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(push).toHaveBeenCalledWith('/login'));
    expect(window.localStorage.getItem('advisor_ref')).toBeNull();
  });

  it('sends the advisor hash, remembers it for the trust page and mentions the discount', async () => {
    const user = userEvent.setup();
    submit.mockResolvedValue({ ok: true, data: { discounted: true } });
    renderForm(HASH);
    expect(window.localStorage.getItem('advisor_ref')).toBe(HASH);
    await fillValid(user);
    await user.click(screen.getByRole('button', { name: 'Create Account' }));

    const dialog = await screen.findByRole('alertdialog', { name: 'Success' });
    expect(dialog).toHaveTextContent('Account created successfully. Discounts will be applied to your services.');
    expect(submit).toHaveBeenCalledWith(expect.objectContaining({ advisor_hash: HASH }));
  });

  it("shows the server's message in the Error dialog and its field errors beside the fields", async () => {
    const user = userEvent.setup();
    submit.mockResolvedValue({
      ok: false,
      status: 422,
      message: 'An account with this email already exists.',
      fieldErrors: { email: 'An account with this email already exists.' },
    });
    renderForm();
    await fillValid(user);
    await user.click(screen.getByRole('button', { name: 'Create Account' }));

    const dialog = await screen.findByRole('alertdialog', { name: 'Error' });
    expect(dialog).toHaveTextContent('An account with this email already exists.');
    expect(screen.getByLabelText(/^Email/)).toHaveAttribute('aria-invalid', 'true');
    expect(push).not.toHaveBeenCalled();
  });
});

describe('join pages', () => {
  it('titles both pages Create Account and keeps referral links out of search results', () => {
    expect(metadata.title).toBe('Create Account');
    expect(referralMetadata).toMatchObject({ title: 'Create Account', robots: { index: false } });
  });

  it('renders /join without a referral', () => {
    render(<CallProvider>{JoinPage()}</CallProvider>);
    expect(screen.getByRole('main')).toHaveAttribute('id', 'main-content');
    expect(screen.getByRole('heading', { level: 1, name: 'Create Account' })).toBeInTheDocument();
    expect(screen.queryByText(/referred by a financial advisor/)).not.toBeInTheDocument();
  });

  it('carries a known advisor hash from the address into the form', async () => {
    findAdvisor.mockResolvedValue(7);
    render(<CallProvider>{await JoinWithAdvisorPage({ params: Promise.resolve({ advisorHash: HASH }) })}</CallProvider>);
    expect(findAdvisor).toHaveBeenCalledWith(HASH);
    expect(screen.getByText(/referred by a financial advisor/)).toHaveTextContent(
      'You were referred by a financial advisor: their client discount applies to your trust ($995 instead of $1,495). Plus $95 a year for amendments and revisions, first charged one year after you pay, to a payment method you choose to save. Cancel any time in Settings.',
    );
    expect(window.localStorage.getItem('advisor_ref')).toBe(HASH);
  });

  it('drops an unknown advisor hash', async () => {
    findAdvisor.mockResolvedValue(null);
    render(<CallProvider>{await JoinWithAdvisorPage({ params: Promise.resolve({ advisorHash: 'nobody' }) })}</CallProvider>);
    expect(screen.queryByText(/referred by a financial advisor/)).not.toBeInTheDocument();
    expect(window.localStorage.getItem('advisor_ref')).toBeNull();
  });
});
