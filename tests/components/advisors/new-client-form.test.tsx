import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createClientsAction, listInvitesAction, resendInviteAction, sendInviteAction } from '@/lib/actions/advisors';
import { InvitesSection } from '@/components/dashboard/invites-section';
import { NewClientForm } from '@/components/new-client/new-client-form';
import { CallProvider } from '@/components/ui/call-provider';
import type { InvitePage, InviteView } from '@/lib/invites/invites';
import { axeViolations } from '../records/axe';

jest.mock('@/lib/actions/advisors', () => ({
  createClientsAction: jest.fn(),
  sendInviteAction: jest.fn(),
  resendInviteAction: jest.fn(),
  listInvitesAction: jest.fn(),
  sendReminderAction: jest.fn(),
}));
const push = jest.fn();
jest.mock('next/navigation', () => ({ useRouter: () => ({ push, back: jest.fn(), refresh: jest.fn() }), usePathname: () => '/new-client/x' }));

const create = createClientsAction as jest.MockedFunction<typeof createClientsAction>;
const send = sendInviteAction as jest.MockedFunction<typeof sendInviteAction>;
const resend = resendInviteAction as jest.MockedFunction<typeof resendInviteAction>;
const list = listInvitesAction as jest.MockedFunction<typeof listInvitesAction>;

beforeEach(() => {
  jest.clearAllMocks();
});

function renderNewClient() {
  return render(
    <CallProvider>
      <NewClientForm advisorHash="adv-hash" advisorName="your practice" isOwn />
    </CallProvider>,
  );
}

async function fillClient(user: ReturnType<typeof userEvent.setup>, group: HTMLElement, first: string, email: string) {
  await user.type(within(group).getByLabelText(/^First Name/), first);
  await user.type(within(group).getByLabelText(/^Last Name/), 'Okafor');
  await user.type(within(group).getByLabelText(/^Email/), email);
}

describe('NewClientForm', () => {
  it('shows one client, and the spouse form with Add Spouse; fields are labelled, axe finds nothing', async () => {
    const user = userEvent.setup();
    const { container } = renderNewClient();
    expect(screen.getByRole('group', { name: 'Client' })).toBeInTheDocument();
    expect(screen.queryByRole('group', { name: 'Spouse' })).toBeNull();
    await user.click(screen.getByLabelText('Add Spouse'));
    const spouse = screen.getByRole('group', { name: 'Spouse' });
    for (const label of ['First Name', 'Middle Name', 'Last Name', 'Suffix', 'Email', 'Mobile Phone', 'Date of Birth', 'SSN', 'Gender']) {
      expect(within(spouse).getByLabelText(new RegExp(`^${label}`))).toBeInTheDocument();
    }
    expect(await axeViolations(container)).toEqual([]);
    await user.click(screen.getByLabelText('Add Spouse'));
    expect(screen.queryByRole('group', { name: 'Spouse' })).toBeNull();
  });

  // Issue 18: the name fields filter as typed (platform §5).
  it('name fields of both clients keep letters, apostrophe, period, hyphen and space as typed', async () => {
    const user = userEvent.setup();
    renderNewClient();
    await user.click(screen.getByLabelText('Add Spouse'));
    for (const group of ['Client', 'Spouse']) {
      for (const label of [/^First Name/, /^Middle Name/, /^Last Name/]) {
        const input = within(screen.getByRole('group', { name: group })).getByLabelText(label);
        await user.type(input, 'Ann3#e');
        expect(input).toHaveValue('Anne');
      }
    }
  });

  it("refuses the same email (any case, spaces) with 'Client emails cannot be the same' and sends nothing", async () => {
    const user = userEvent.setup();
    renderNewClient();
    await user.click(screen.getByLabelText('Add Spouse'));
    await fillClient(user, screen.getByRole('group', { name: 'Client' }), 'Robin', 'robin@example.com');
    await fillClient(user, screen.getByRole('group', { name: 'Spouse' }), 'Quinn', ' ROBIN@example.com ');
    await user.click(screen.getByRole('button', { name: 'Create Clients' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Error' });
    expect(dialog).toHaveTextContent('Client emails cannot be the same');
    expect(create).not.toHaveBeenCalled();
  });

  it('sends both clients, says Client(s) created successfully and goes to the dashboard', async () => {
    create.mockResolvedValue({ ok: true, data: { clients: [], household: 'h' }, message: 'Client(s) created successfully' });
    const user = userEvent.setup();
    renderNewClient();
    await user.click(screen.getByLabelText('Add Spouse'));
    await fillClient(user, screen.getByRole('group', { name: 'Client' }), 'Robin', 'Robin@Example.com');
    await user.type(within(screen.getByRole('group', { name: 'Client' })).getByLabelText(/^Mobile Phone/), '5035550199');
    await fillClient(user, screen.getByRole('group', { name: 'Spouse' }), 'Quinn', 'quinn@example.com');
    await user.click(screen.getByRole('button', { name: 'Create Clients' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Success' });
    expect(dialog).toHaveTextContent('Client(s) created successfully');
    const sent = create.mock.calls[0][0];
    expect(sent.advisor_id).toBe('adv-hash');
    expect(sent.clients).toHaveLength(2);
    expect(sent.clients[0]).toMatchObject({ first_name: 'Robin', email: 'robin@example.com', mobile_phone: '5035550199' });
    await user.click(within(dialog).getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(push).toHaveBeenCalledWith('/dashboard'));
  });

  it("shows the server's field error on its field", async () => {
    create.mockResolvedValue({
      ok: false,
      status: 409,
      message: 'An account with this email already exists.',
      fieldErrors: { 'clients.0.email': 'An account with this email already exists.' },
    });
    const user = userEvent.setup();
    renderNewClient();
    await fillClient(user, screen.getByRole('group', { name: 'Client' }), 'Robin', 'taken@example.com');
    await user.click(screen.getByRole('button', { name: 'Create Client' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Error' });
    expect(dialog).toHaveTextContent('An account with this email already exists.');
    await user.click(within(dialog).getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(within(screen.getByRole('group', { name: 'Client' })).getByLabelText(/^Email/)).toHaveAttribute('aria-invalid', 'true'));
  });
});

const invite = (over: Partial<InviteView> = {}): InviteView => ({
  id: 'i1',
  name: 'Jo Invitee',
  email: 'jo@example.com',
  sent_at: '',
  sent_at_formatted: '11/23/2026, 9:00 AM',
  is_created: false,
  can_resend: false,
  ...over,
});

/** A page of invites as the calls answer it (one page unless said). */
const pageOf = (invites: InviteView[], page = { page: 1, pageCount: 1, total: invites.length }): InvitePage => ({ invites, page });

describe('InvitesSection', () => {
  afterEach(() => jest.useRealTimers());

  it('lists Sent and Joined; Resend is disabled with the 5-minute tooltip until it may be resent', () => {
    render(
      <CallProvider>
        <InvitesSection
          advisorHash="adv"
          initial={pageOf([
            invite(),
            invite({ id: 'i2', name: 'Al Joined', email: 'al@example.com', is_created: true }),
            invite({ id: 'i3', name: 'Cy Old', email: 'cy@example.com', can_resend: true }),
          ])}
        />
      </CallProvider>,
    );
    const waiting = screen.getByRole('button', { name: 'Resend invitation to Jo Invitee' });
    expect(waiting).toBeDisabled();
    expect(waiting.closest('[title]')).toHaveAttribute('title', 'Please wait 5 minutes before resending this invitation.');
    expect(screen.getByText('Joined')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Resend invitation to Al Joined' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Resend invitation to Cy Old' })).toBeEnabled();
  });

  it('re-polls every 30 s only while an invite cannot be resent', async () => {
    jest.useFakeTimers();
    list.mockResolvedValue({ ok: true, data: pageOf([invite({ can_resend: true })]) });
    render(
      <CallProvider>
        <InvitesSection advisorHash="adv" initial={pageOf([invite()])} />
      </CallProvider>,
    );
    await act(async () => {
      jest.advanceTimersByTime(29_000);
    });
    expect(list).not.toHaveBeenCalled();
    await act(async () => {
      jest.advanceTimersByTime(1_000);
    });
    expect(list).toHaveBeenCalledWith({ advisor_id: 'adv' });
    await waitFor(() => expect(screen.getByRole('button', { name: 'Resend invitation to Jo Invitee' })).toBeEnabled());
    // Nothing waits any more: no further polls.
    await act(async () => {
      jest.advanceTimersByTime(60_000);
    });
    expect(list).toHaveBeenCalledTimes(1);
  });

  it('sends an invite and resends one, with the spec messages', async () => {
    send.mockResolvedValue({
      ok: true,
      data: pageOf([invite({ id: 'new', name: 'New Person', email: 'new@example.com' })]),
      message: 'Client invitation sent successfully',
    });
    resend.mockResolvedValue({
      ok: true,
      data: pageOf([invite({ id: 'i3', name: 'Cy Old', email: 'cy@example.com' })]),
      message: 'Client invitation resent successfully',
    });
    const user = userEvent.setup();
    render(
      <CallProvider>
        <InvitesSection advisorHash="adv" initial={pageOf([invite({ id: 'i3', name: 'Cy Old', email: 'cy@example.com', can_resend: true })])} />
      </CallProvider>,
    );
    await user.click(screen.getByRole('button', { name: 'Resend invitation to Cy Old' }));
    expect(await screen.findByRole('alertdialog', { name: 'Success' })).toHaveTextContent('Client invitation resent successfully');
    expect(resend).toHaveBeenCalledWith({ id: 'i3' });
    await user.click(screen.getByRole('button', { name: 'OK' }));
    // Issue 18: the client's name filters as typed (platform §5).
    await user.type(screen.getByLabelText(/^Client Name/), '3#');
    expect(screen.getByLabelText(/^Client Name/)).toHaveValue('');
    await user.type(screen.getByLabelText(/^Client Name/), 'New Person');
    await user.type(screen.getByLabelText(/^Client Email/), 'New@Example.com');
    await user.click(screen.getByRole('button', { name: 'Send Invite' }));
    expect(await screen.findByRole('alertdialog', { name: 'Success' })).toHaveTextContent('Client invitation sent successfully');
    expect(send).toHaveBeenCalledWith({ advisor_id: 'adv', client_name: 'New Person', client_email: 'new@example.com' });
    expect(screen.getByText('new@example.com')).toBeInTheDocument();
  });

  it('pages the list: Next asks for page 2, the poll and a resend keep the page shown, a new invite answers the first', async () => {
    jest.useFakeTimers();
    const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
    const later = invite({ id: 'p2', name: 'Pat Second', email: 'pat@example.com', can_resend: false });
    list.mockResolvedValue({ ok: true, data: pageOf([later], { page: 2, pageCount: 2, total: 11 }) });
    render(
      <CallProvider>
        <InvitesSection advisorHash="adv" initial={pageOf([invite({ can_resend: true })], { page: 1, pageCount: 2, total: 11 })} />
      </CallProvider>,
    );
    const pages = screen.getByRole('navigation', { name: 'Invitation pages' });
    expect(pages).toHaveTextContent('Page 1 of 2');
    await user.click(within(pages).getByRole('button', { name: 'Next' }));
    expect(list).toHaveBeenCalledWith({ advisor_id: 'adv', page: 2 });
    expect(await screen.findByText('pat@example.com')).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Invitation pages' })).toHaveTextContent('Page 2 of 2');
    // Announced: the list changed in place.
    expect(within(screen.getByRole('navigation', { name: 'Invitation pages' })).getByText('Page 2 of 2')).toHaveAttribute('aria-live', 'polite');
    expect(within(screen.getByRole('navigation', { name: 'Invitation pages' })).getByRole('button', { name: 'Previous' })).toBeEnabled();
    // Next led to the last page: it says it cannot go further and keeps the keyboard's focus.
    const next = within(screen.getByRole('navigation', { name: 'Invitation pages' })).getByRole('button', { name: 'Next' });
    expect(next).toHaveAttribute('aria-disabled', 'true');
    expect(next).toHaveFocus();
    list.mockClear();
    await user.click(next);
    expect(list).not.toHaveBeenCalled();
    // Pat cannot be resent yet: the 30-second poll asks for the page shown.
    list.mockClear();
    await act(async () => {
      jest.advanceTimersByTime(30_000);
    });
    expect(list).toHaveBeenCalledWith({ advisor_id: 'adv', page: 2 });
  });
});
