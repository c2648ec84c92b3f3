import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { IntakeScreen } from '@/components/intake/intake-screen';
import { toJsonText } from '@/lib/json-text';
import { CallProvider } from '@/components/ui/call-provider';
import type { IntakeView } from '@/lib/intake/types';
import { axeViolations } from '../records/axe';
import { ANSWERED, beneficiary, child, fakeServer, household, terms, trustee } from './fake-intake';

jest.mock('@/lib/actions/payments', () => jest.requireActual('../payments-actions-mock'));
jest.mock('@/lib/actions/intake', () => jest.requireActual('./actions-mock'));
jest.mock('@/lib/actions/plans', () => jest.requireActual('./plans-actions-mock'));
const refresh = jest.fn();
jest.mock('next/navigation', () => ({ useRouter: () => ({ refresh }) }));

function renderScreen(view: IntakeView) {
  const server = fakeServer(view);
  const user = userEvent.setup();
  const utils = render(
    <CallProvider>
      <IntakeScreen view={toJsonText(view)} />
    </CallProvider>,
  );
  // A new server render of the page (what router.refresh() brings).
  const serverRender = (next: IntakeView) =>
    utils.rerender(
      <CallProvider>
        <IntakeScreen view={toJsonText(next)} />
      </CallProvider>,
    );
  return { user, server, serverRender, ...utils };
}

const nav = () => screen.getByRole('navigation', { name: 'Intake sections' });

describe('The status history', () => {
  it("lists the plan's changes newest first (when, what, who) in a disclosure; none without changes", async () => {
    const view = household();
    view.latestPlan!.history = [
      { statusLabel: 'In Progress', at: '2026-11-02T14:05:00.000Z', atText: '11/02/2026, 9:05 AM', by: 'Alice Morgan' },
      { statusLabel: 'Sent for Review', at: '2026-11-20T15:00:00.000Z', atText: '11/20/2026, 10:00 AM', by: 'Pat Rivera' },
    ];
    const { user, unmount } = renderScreen(view);
    const summary = screen.getByText('Status history');
    expect(summary.closest('details')).not.toHaveAttribute('open');
    await user.click(summary);
    expect(summary.closest('details')).toHaveAttribute('open');
    const items = within(screen.getByRole('list', { name: 'Status history' })).getAllByRole('listitem');
    expect(items.map((li) => li.textContent)).toEqual(['11/20/2026, 10:00 AMSent for Reviewby Pat Rivera', '11/02/2026, 9:05 AMIn Progressby Alice Morgan']);
    expect(items[0].querySelector('time')).toHaveAttribute('dateTime', '2026-11-20T15:00:00.000Z');
    unmount();
    renderScreen({ ...view, latestPlan: { ...view.latestPlan!, history: [] } });
    expect(screen.queryByText('Status history')).toBeNull();
  });
});

describe('The client-info page', () => {
  it("shows the household's names, the plan's status and the review entry at the top and the bottom", () => {
    renderScreen(household());
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Client Information');
    expect(screen.getByText('Pat Rivera & Sam Rivera')).toBeInTheDocument();
    expect(screen.getByText(/^Plan status:/)).toHaveTextContent('Plan status: In Progress');
    expect(screen.getAllByRole('button', { name: 'Review & Submit Trust' })).toHaveLength(2);
    expect(screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent)).toEqual([
      'Personal Information',
      'Current & New Estate Plan Info',
      'Children',
      'Beneficiaries',
      'Successor Trustees',
      'Durable Powers of Attorney',
      'Properties',
      'Companies',
      'Specific Gifts',
      'Retirement Accounts',
      'Brokerage Accounts',
      'Bank Accounts',
      'Non-Qualified Annuities & Life Insurance',
      'Additional Comments / Questions for Attorney',
    ]);
  });

  it('marks the section in view in the navigation (aria-current="location"), followed by IntersectionObserver and by the links', async () => {
    // jsdom has no IntersectionObserver: a stand-in that lets the test say which sections cross the band.
    let report: ((entries: Partial<IntersectionObserverEntry>[]) => void) | null = null;
    const observed: Element[] = [];
    class FakeObserver {
      constructor(callback: (entries: Partial<IntersectionObserverEntry>[]) => void) {
        report = callback;
      }
      observe(element: Element) {
        observed.push(element);
      }
      disconnect() {}
    }
    const original = (window as { IntersectionObserver?: unknown }).IntersectionObserver;
    (window as { IntersectionObserver?: unknown }).IntersectionObserver = FakeObserver;
    try {
      const { user } = renderScreen(household());
      const link = (name: RegExp) => within(nav()).getByRole('link', { name });
      expect(observed.map((element) => element.id)).toContain('successor-trustees');
      expect(within(nav()).queryAllByRole('link', { current: 'location' })).toEqual([]);
      const section = (id: string) => document.getElementById(id)!;
      act(() => report!([{ target: section('children'), isIntersecting: true }]));
      expect(link(/^Children/)).toHaveAttribute('aria-current', 'location');
      expect(link(/^Children/)).toHaveClass('current');
      // Two in the band: the first in page order is the one being read.
      act(() => report!([{ target: section('estate-plan'), isIntersecting: true }]));
      expect(link(/^Current & New Estate Plan Info/)).toHaveAttribute('aria-current', 'location');
      expect(link(/^Children/)).not.toHaveAttribute('aria-current');
      act(() => report!([{ target: section('estate-plan'), isIntersecting: false }]));
      expect(link(/^Children/)).toHaveAttribute('aria-current', 'location');
      // A link followed is the current section at once.
      await user.click(link(/^Additional Comments/));
      expect(link(/^Additional Comments/)).toHaveAttribute('aria-current', 'location');
      expect(within(nav()).getAllByRole('link', { current: 'location' })).toHaveLength(1);
    } finally {
      (window as { IntersectionObserver?: unknown }).IntersectionObserver = original;
    }
  });

  it("reads 'Review Information' once the trust is submitted", () => {
    renderScreen(
      household({
        client: { isTrustSubmitted: true },
        abilities: { canEdit: false, canRevealIdentifiers: false, isLegal: false, isSubmitted: true, canSubmit: false },
      }),
    );
    expect(screen.getAllByRole('button', { name: 'Review Information' })).toHaveLength(2);
  });

  it("says where there is no plan: 'No estate plan found - Please contact support'", () => {
    renderScreen(household({ latestPlan: null }));
    expect(screen.getByText('No estate plan found - Please contact support')).toBeInTheDocument();
  });

  it("navigates by section with each section's state and the completion percentage", async () => {
    const view = household({
      client: { ...ANSWERED },
      spouse: { ...ANSWERED, isOrganDonor: null },
      hasChildren: false,
      beneficiaries: [beneficiary({ terms1: terms('primary', '50.00') })],
      trustees: [trustee()],
    });
    // Six equal shares (issue 27): personal 13 of 14, plan, children ('no children') and trustees done.
    expect(view.completion.percent).toBe(Math.floor(((13 / 14 + 3) / 6) * 100));
    const { user } = renderScreen(view);
    const links = within(nav()).getAllByRole('link');
    expect(links.map((link) => link.getAttribute('href'))).toEqual([
      '#personal-info',
      '#estate-plan',
      '#children',
      '#beneficiaries',
      '#successor-trustees',
      '#powers-of-attorney',
      '#properties',
      '#companies',
      '#specific-gifts',
      '#retirement-accounts',
      '#brokerage-accounts',
      '#bank-accounts',
      '#annuities',
      '#additional-comments',
    ]);
    expect(links.map((link) => link.textContent)).toEqual([
      '!Personal Information: 1 unanswered',
      '✓Current & New Estate Plan Info: Complete',
      '✓Children: Complete',
      // A rule, not a question: the navigation says what is wrong (issue 18).
      '!Beneficiaries: Percentages do not total 100%',
      '✓Successor Trustees: Complete',
      '○Durable Powers of Attorney: Not started',
      '○Properties: Optional',
      '○Companies: Optional',
      '○Specific Gifts: Optional',
      '○Retirement Accounts: Optional',
      '○Brokerage Accounts: Optional',
      '○Bank Accounts: Optional',
      '○Non-Qualified Annuities & Life Insurance: Optional',
      '○Additional Comments / Questions for Attorney: Optional',
    ]);
    expect(within(nav()).getByRole('progressbar')).toHaveAttribute('value', String(view.completion.percent));
    expect(nav()).toHaveTextContent(`${view.completion.percent}% complete`);

    // On narrow screens the list is a disclosure behind the 'Sections' button.
    const toggle = within(nav()).getByRole('button', { name: /Sections/ });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await user.keyboard('{Escape}');
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(toggle).toHaveFocus();
  });

  it('the figures follow each save', async () => {
    const { user } = renderScreen(household({ spouse: null, client: { ...ANSWERED } }));
    const trustees = () => within(nav()).getByRole('link', { name: /Successor Trustees/ });
    expect(trustees()).toHaveTextContent('Not started');
    await user.click(screen.getByRole('button', { name: 'Add Successor Trustee' }));
    const modal = screen.getByRole('dialog', { name: 'New Successor Trustee' });
    await user.type(within(modal).getByRole('textbox', { name: 'First Name' }), 'Chris');
    await user.type(within(modal).getByRole('textbox', { name: 'Last Name' }), 'Ellis');
    await user.click(within(modal).getByRole('button', { name: 'Create' }));
    const added = await screen.findByRole('alertdialog', { name: 'Successor Trustee Added' });
    await user.click(within(added).getByRole('button', { name: 'Finished With Successor Trustees' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(trustees()).toHaveTextContent('Complete');
  });

  it("checks the required answers before the review: 'Unanswered Question', error highlighting on, focus on the first gap", async () => {
    const { user } = renderScreen(household({ client: { ...ANSWERED }, spouse: { ...ANSWERED, intents: [true, true, true, true, true, null, true] } }));
    expect(screen.getAllByText('Unanswered')[0]).not.toHaveAttribute('data-error');
    await user.click(screen.getAllByRole('button', { name: 'Review & Submit Trust' })[1]);
    const dialog = await screen.findByRole('alertdialog', { name: 'Unanswered Question' });
    expect(dialog).toHaveTextContent('Please select an answer for all client questions.');
    await user.click(within(dialog).getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(screen.getByRole('heading', { name: 'Current & New Estate Plan Info' })).toHaveFocus());
    // Sam's intent 6 is the gap: its marker is red now, and the count too.
    const section = screen.getByRole('region', { name: 'Current & New Estate Plan Info' });
    const markers = within(section).getAllByText(/Unanswered|unanswered/);
    expect(markers.map((marker) => marker.textContent)).toEqual(['! 1 unanswered', '! Unanswered']);
    expect(markers.every((marker) => marker.closest('[data-error]'))).toBe(true);

    // The editor opens with the gap marked.
    await user.click(screen.getByRole('button', { name: 'Edit current and new estate plan info' }));
    const samPart = within(screen.getByRole('form', { name: 'Edit current and new estate plan info' })).getByRole('group', { name: 'Sam Rivera' });
    expect(within(samPart).getByRole('group', { name: /^6\. / })).toHaveTextContent('Please select an answer.');
  });

  it('with every required answer given, opens the review (tests/components/intake/review.test.tsx)', async () => {
    const { user } = renderScreen(household({ client: { ...ANSWERED }, spouse: { ...ANSWERED } }));
    await user.click(screen.getAllByRole('button', { name: 'Review & Submit Trust' })[0]);
    expect(await screen.findByRole('heading', { level: 1, name: 'Review & Submit Trust' })).toBeInTheDocument();
  });

  it('after a conflict, reloading brings the latest version into the open form', async () => {
    const riley = child();
    const view = household({ children: [riley] });
    const { user, server, serverRender } = renderScreen(view);
    await user.click(screen.getByRole('button', { name: 'Edit Child: Riley Rivera' }));
    // Someone else renames Riley meanwhile.
    server.bump('children', riley.hash);
    const latest: IntakeView = { ...view, children: [{ ...server.current().children[0], person: { ...riley.person, firstName: 'Rylan' } }] };
    await user.click(within(screen.getByRole('dialog', { name: 'Edit Child' })).getByRole('button', { name: 'Save' }));
    await user.click(within(await screen.findByRole('alertdialog', { name: 'Error' })).getByRole('button', { name: 'OK' }));
    // The notice shows in the form and on the page (hidden behind the modal).
    await user.click(within(screen.getByRole('dialog', { name: 'Edit Child' })).getByRole('button', { name: 'Reload the latest version' }));
    expect(refresh).toHaveBeenCalled();

    serverRender(latest);
    await waitFor(() => expect(within(screen.getByRole('dialog', { name: 'Edit Child' })).getByRole('textbox', { name: 'First Name' })).toHaveValue('Rylan'));
    expect(screen.queryByRole('button', { name: 'Reload the latest version' })).not.toBeInTheDocument();
  });

  it('has no axe violation on the whole page', async () => {
    renderScreen(
      household({
        children: [child({ owner: 'both' })],
        beneficiaries: [beneficiary({ owner: 'both', terms1: terms('primary', '50.00'), terms2: terms('primary', '100.00') })],
        trustees: [trustee()],
      }),
    );
    expect(await axeViolations()).toEqual([]);
  });
});
