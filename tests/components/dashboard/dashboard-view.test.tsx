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
  paidInvoices: [],
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
    ).toEqual(['Mail outbox', 'New Client']);
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
    data(selected, { billing: billing({ unpaidInvoices: 3, lock: 'locked', outstanding: '1350.00' }), invites: [] });

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
