import { render, screen, within } from '@testing-library/react';
import { DashboardView } from '@/components/dashboard/dashboard-view';
import { CallProvider } from '@/components/ui/call-provider';
import type { AdvisorBilling, AdvisorSummary, DashboardData } from '@/lib/advisors/dashboard';
import { DEFAULT_LIST_STATE } from '@/lib/advisors/rules';
import type { Actor } from '@/lib/kernel/actor';
import type { Role } from '@/lib/kernel/roles';

jest.mock('@/lib/actions/payments', () => jest.requireActual('../payments-actions-mock'));
jest.mock('@/lib/actions/advisors', () => ({
  sendInviteAction: jest.fn(),
  resendInviteAction: jest.fn(),
  listInvitesAction: jest.fn(),
  sendReminderAction: jest.fn(),
}));
jest.mock('next/navigation', () => ({ useRouter: () => ({ push: jest.fn(), refresh: jest.fn() }) }));
jest.mock('@/lib/actions/admin', () => ({ actAsAction: jest.fn() }));

function actor(roles: Role[], advisorId: number | null): Actor {
  return {
    userId: 1,
    hash: 'user-1',
    email: 'viewer@example.test',
    name: 'Val Viewer',
    roles,
    isAdmin: roles.includes('admin'),
    isLegal: roles.includes('legal'),
    isClient: roles.includes('client'),
    isAdvisory: roles.some((r) => r === 'advisor' || r === 'staff' || r === 'supervisor'),
    isAdvisor: roles.includes('advisor'),
    isFirmSupervisor: roles.includes('supervisor'),
    advisorId,
    clientId: null,
    householdClientIds: [],
    advisorIds: advisorId ? [advisorId] : [],
    impersonator: null,
  } as Actor;
}

const billing = (change: Partial<AdvisorBilling> = {}): AdvisorBilling => ({
  outstanding: '0.00',
  unpaidInvoices: 0,
  maxInvoices: 3,
  lock: 'ok',
  invoices: [],
  openPage: { page: 1, pageCount: 1, total: 0 },
  paidInvoices: [],
  paidPage: { page: 1, pageCount: 1, total: 0 },
  isAutoPay: false,
  isWaivingFee: true,
  paymentMethod: null,
  gatewayLabel: null,
  paymentForm: { kind: 'fields', label: null },
  impersonating: false,
  ...change,
});

function data(selected: AdvisorSummary, change: Partial<DashboardData> = {}): DashboardData {
  return {
    heading: 'Dashboard',
    tableTitle: selected.isOwn ? 'My Clients' : `${selected.name}'s Clients`,
    advisorChoices: [],
    selected,
    page: { rows: [], total: 0, page: 1, pageCount: 1, size: 25 },
    stalledDays: 14,
    billing: billing(),
    team: null,
    teamFirms: [],
    invites: null,
    joinPath: `/join/${selected.hash}`,
    ...change,
  };
}

const own: AdvisorSummary = { id: 7, hash: 'adv-own', name: 'Alice Morgan', householdCount: 0, isOwn: true };
const ben: AdvisorSummary = { id: 8, hash: 'adv-ben', name: 'Ben Carter', householdCount: 0, isOwn: false };

function renderView(viewer: Actor, d: DashboardData) {
  return render(
    <CallProvider>
      <DashboardView actor={viewer} data={d} state={DEFAULT_LIST_STATE} />
    </CallProvider>,
  );
}

const balance = () => screen.getByRole('region', { name: 'Outstanding Balance' });

describe('the dashboard worded for its viewer', () => {
  it("tells an advisor who waives their clients' fees that they cover them", () => {
    renderView(actor(['advisor'], 7), data(own));
    expect(balance()).toHaveTextContent('in 0 unpaid invoices (you cover your clients’ fees).');
  });

  it("names the advisor to staff, a supervisor or an admin looking at another advisor's dashboard", () => {
    for (const viewer of [actor(['staff'], null), actor(['advisor', 'supervisor'], 7), actor(['admin'], null)]) {
      const { unmount } = renderView(viewer, data(ben, { billing: billing({ unpaidInvoices: 2, lock: 'warning' }) }));
      expect(balance()).toHaveTextContent('in 2 unpaid invoices (Ben Carter covers their clients’ fees).');
      expect(balance()).not.toHaveTextContent(/\byou\b/i);
      expect(within(balance()).getByRole('status')).toHaveTextContent(/^Ben Carter has 2 unpaid invoices\. Features lock at 3/);
      unmount();
    }
  });
});

describe("the dashboard's title row", () => {
  it("keeps the admin's New Client with the outbox link in one group at the row's end, as an advisor's New Client", () => {
    renderView(actor(['admin'], null), data(ben, { heading: 'Admin' }));
    const heading = screen.getByRole('heading', { level: 1, name: 'Admin' });
    const row = heading.parentElement!.parentElement!;
    const end = row.lastElementChild!;
    expect(end).not.toContainElement(heading);
    expect(
      within(end as HTMLElement)
        .getAllByRole('link')
        .map((a) => a.textContent),
    ).toEqual(['Mail outbox', 'Audit log', 'New Client']);
    expect(row.children).toHaveLength(2);
  });

  it("puts an advisor's New Client at the row's end too", () => {
    renderView(actor(['advisor'], 7), data(own));
    const row = screen.getByRole('heading', { level: 1, name: 'Dashboard' }).parentElement!.parentElement!;
    expect(row.lastElementChild).toHaveTextContent(/^New Client$/);
  });
});

describe('the features lock on the dashboard', () => {
  const lockedData = (selected: AdvisorSummary) =>
    data(selected, {
      billing: billing({ unpaidInvoices: 3, lock: 'locked', outstanding: '1350.00' }),
      invites: { invites: [], page: { page: 1, pageCount: 1, total: 0 } },
    });

  it('names what it stops under the spec’s message, and takes New Client and Send Invite away from the advisor', () => {
    renderView(actor(['advisor'], 7), lockedData(own));
    const alert = within(balance()).getByRole('alert');
    expect(alert).toHaveTextContent('Please pay in full your outstanding balance to continue using this feature.');
    expect(alert).toHaveTextContent('Locked until it is paid: New Client, Send Invite, and your clients’ trust information.');
    expect(screen.queryByRole('link', { name: 'New Client' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Send Invite' })).toBeNull();
    expect(screen.getByText('New invitations can be sent again once the outstanding balance is paid.')).toBeInTheDocument();
  });

  it('an admin looking at a locked advisor is not locked: New Client and Send Invite stay', () => {
    renderView(actor(['admin'], null), lockedData(ben));
    expect(within(balance()).getByRole('alert')).toHaveTextContent('Locked for Ben Carter until it is paid');
    expect(screen.getByRole('link', { name: 'New Client' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Send Invite' })).toBeInTheDocument();
  });
});

describe('the client list at 1280 px (issue 27: addresses broken mid-word, rows 4-5 lines tall)', () => {
  const row = (change: Partial<DashboardData['page']['rows'][number]> = {}): DashboardData['page']['rows'][number] => ({
    householdId: 1,
    householdHash: 'hh1',
    clientId: 1,
    hash: 'c1',
    owner1Id: 1,
    owner1Hash: 'c1',
    owner2Id: 2,
    owner2Hash: 'c2',
    advisorId: 7,
    name: 'Lee Nakamura',
    spouseName: 'Robin Nakamura',
    email: 'lee.nakamura@demo.trustwell.test',
    phone: '5125550170',
    createdAt: new Date('2026-11-28T15:00:00Z'),
    status: 'incomplete',
    statusLabel: 'In Progress',
    submitted: false,
    lastChangeAt: new Date('2026-11-28T15:00:00Z'),
    completionPercent: 100,
    completionAt: null,
    completionRules: null,
    reminderSentAt: null,
    fundingPercent: null,
    canRemind: false,
    ...change,
  });

  it('puts the spouse under the name and the phone under the e-mail, which may wrap only before its @', () => {
    renderView(
      actor(['advisor'], 7),
      data(own, {
        page: { rows: [row(), row({ hash: 'c3', name: 'Jordan Blake', spouseName: null, phone: null })], total: 2, page: 1, pageCount: 1, size: 25 },
      }),
    );
    const table = screen.getByRole('table');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['Name↕', 'Contact', 'Status↕', 'Completion', 'Funding', 'Last change', 'Created▼', 'Actions']);
    const [lee, jordan] = within(table).getAllByRole('row').slice(1);
    const [name, contact] = within(lee).getAllByRole('cell');
    expect(name).toHaveTextContent(/^Lee NakamuraSpouse: Robin Nakamura$/);
    expect(name.querySelector('small')).toHaveTextContent('Spouse: Robin Nakamura');
    // The one place an address may break is before its '@' (a <wbr>); the phone's spaces do not break.
    expect(contact.innerHTML).toContain('lee.nakamura<wbr>@demo.trustwell.test');
    expect(contact.querySelector('small')!.textContent).toBe('(512)\u00a0555-0170');
    const [jordanName, jordanContact] = within(jordan).getAllByRole('cell');
    expect(jordanName.querySelector('small')).toBeNull();
    expect(jordanContact.querySelector('small')).toBeNull();
  });

  it('shows the funding progress once the plan is being finalized or complete, and says why the dash before (issue 30)', () => {
    renderView(
      actor(['advisor'], 7),
      data(own, {
        page: {
          rows: [
            row({ hash: 'c5', name: 'Ada Funded', status: 'complete', statusLabel: 'Complete', fundingPercent: 66 }),
            row({ hash: 'c6', name: 'Bo Empty', status: 'finalizing', statusLabel: 'Being Finalized', fundingPercent: null }),
            row({ hash: 'c7', name: 'Cy Early', status: 'incomplete', fundingPercent: null }),
          ],
          total: 3,
          page: 1,
          pageCount: 1,
          size: 25,
        },
      }),
    );
    const table = screen.getByRole('table');
    const funding = (name: string) => within(within(table).getByRole('row', { name: new RegExp(name) })).getAllByRole('cell')[4];
    expect(within(funding('Ada Funded')).getByRole('meter', { name: 'Ada Funded: funding 66% done' })).toHaveAttribute('value', '66');
    expect(funding('Ada Funded')).toHaveTextContent('66%');
    expect(funding('Bo Empty')).toHaveTextContent('—Bo Empty: funding no assets to fund');
    expect(within(funding('Bo Empty')).queryByRole('meter')).toBeNull();
    expect(funding('Cy Early')).toHaveTextContent(/^—Cy Early: funding not started \(funding begins when the plan is finalized\)$/);
  });

  it('offers the Funding left filter beside the others, in the address', () => {
    renderView(actor(['advisor'], 7), data(own));
    const filters = screen.getByRole('navigation', { name: 'Client filters' });
    expect(within(filters).getByRole('link', { name: 'Funding left' })).toHaveAttribute('href', '/dashboard?filter=funding');
  });
  it("gives each row its controls: the client's page, a reminder while stalled, an upload, and the admin's Act as Client", () => {
    const rows = [row(), row({ hash: 'c3', name: 'Jordan Blake', spouseName: null, canRemind: true })];
    const page = { rows, total: 2, page: 1, pageCount: 1, size: 25 };
    const uploads = { c3: { planHash: 'plan-3', existingNames: ['Draft.pdf'] } };
    // An admin acting as the advisor: the actor is the advisor, the admin its impersonator.
    const admin = { ...actor(['advisor'], 7), impersonator: { userId: 9, hash: 'admin-9', name: 'Ada Admin' } } as Actor;
    const { unmount } = render(
      <CallProvider>
        <DashboardView actor={admin} data={data(own, { page })} state={{ ...DEFAULT_LIST_STATE, filter: 'stalled' }} uploads={uploads} />
      </CallProvider>,
    );
    const [lee, jordan] = within(screen.getByRole('table')).getAllByRole('row').slice(1);
    expect(within(lee).getByRole('link', { name: 'Client information: Lee Nakamura' })).toHaveAttribute('href', '/client-info/c1');
    // Lee was reminded in the last day (canRemind false): the button is there, disabled; Jordan's is not.
    expect(within(lee).getByRole('button', { name: 'Send reminder to Lee Nakamura' })).toBeDisabled();
    expect(within(jordan).getByRole('button', { name: 'Send reminder to Jordan Blake' })).toBeEnabled();
    expect(within(lee).queryByRole('button', { name: /^Upload document/ })).toBeNull();
    expect(within(jordan).getByRole('button', { name: 'Upload document for Jordan Blake' })).toBeInTheDocument();
    expect(within(lee).getByRole('button', { name: 'Act as Client Lee Nakamura' })).toBeInTheDocument();
    expect(within(jordan).getByRole('button', { name: 'Act as Client Jordan Blake' })).toBeInTheDocument();
    unmount();

    // An advisor's own view of all households: no reminders, no Act as Client.
    renderView(actor(['advisor'], 7), data(own, { page }));
    expect(screen.queryByRole('button', { name: /^Send reminder/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /^Act as Client/ })).toBeNull();
  });
});
