import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueueFilters } from '@/components/legal-queue/queue-filters';
import { WorkQueue } from '@/components/legal-queue/work-queue';
import type { QueuePage, QueueRow } from '@/lib/legal-queue/queries';
import { DEFAULT_QUEUE_STATE, type QueueState } from '@/lib/legal-queue/rules';
import { axeViolations } from '../records/axe';

/*
 * The work queue's filters form and table (issue 27): the form is a plain GET over the address, so what it
 * submits is what a bookmark holds; the table has column headers, names each review link, and pages with
 * links that keep the filters and the other lists' state.
 */

const row = (n: number, change: Partial<QueueRow> = {}): QueueRow => ({
  planHash: `plan${n}`,
  clientHash: `client${n}`,
  names: [`Client ${n}`],
  advisor: { name: 'Alice Morgan' },
  firms: ['Harbor Wealth Partners'],
  status: 'preparing',
  statusLabel: 'Under Attorney Review',
  submittedAt: '2026-11-16T15:00:00.000Z',
  waitingDays: 12,
  ...change,
});

const state = (change: Partial<QueueState> = {}): QueueState => ({ ...DEFAULT_QUEUE_STATE, ...change });

/** What the form submits, as the address's query would carry it. */
function submitted(form: HTMLFormElement): Record<string, string> {
  return Object.fromEntries(new URLSearchParams(new FormData(form) as unknown as Record<string, string>));
}

describe('QueueFilters', () => {
  it('submits the status, advisor or firm and client name with the kept parameters, and no page', async () => {
    const user = userEvent.setup();
    render(<QueueFilters state={state({ page: 3 })} keepParams={{ aq: 'morgan', asort: 'clients' }} />);
    const form = screen.getByRole('search', { name: 'Filter the work queue' }) as HTMLFormElement;
    expect(form.getAttribute('method')).toBe('get');
    expect(form.getAttribute('action')).toBe('/dashboard');
    expect(screen.getByLabelText('Status')).toHaveValue('attorney');
    // The back button shows the address's filters: the browser may not restore the fields' last values.
    for (const name of ['Status', 'Advisor or firm', 'Client name']) expect(screen.getByLabelText(name)).toHaveAttribute('autocomplete', 'off');
    expect(
      within(screen.getByLabelText('Status'))
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual([
      'Attorney Control',
      'Sent for Review',
      'Under Attorney Review',
      'On Hold',
      'In Client Contact',
      'Being Finalized',
      'Canceled',
      'Complete',
      'All submitted',
    ]);

    await user.selectOptions(screen.getByLabelText('Status'), 'On Hold');
    await user.type(screen.getByLabelText('Advisor or firm'), 'Harbor');
    await user.type(screen.getByLabelText('Client name'), 'Rivera');
    expect(submitted(form)).toEqual({ aq: 'morgan', asort: 'clients', qstatus: 'hold', qadvisor: 'Harbor', qclient: 'Rivera' });
    expect(screen.getByRole('button', { name: 'Apply filters' })).toHaveAttribute('type', 'submit');
    // Nothing filtered yet in the address: nothing to clear.
    expect(screen.queryByRole('link', { name: 'Clear filters' })).not.toBeInTheDocument();
  });

  it("shows the address's filters and clears them to the default queue, keeping the other lists' state", async () => {
    render(<QueueFilters state={state({ status: 'complete', advisor: 'Harbor', client: 'Rivera' })} keepParams={{ aq: 'morgan' }} />);
    expect(screen.getByLabelText('Status')).toHaveValue('complete');
    expect(screen.getByLabelText('Advisor or firm')).toHaveValue('Harbor');
    expect(screen.getByLabelText('Client name')).toHaveValue('Rivera');
    expect(screen.getByRole('link', { name: 'Clear filters' })).toHaveAttribute('href', '/dashboard?aq=morgan');
    expect(await axeViolations()).toEqual([]);
  });
});

describe('WorkQueue', () => {
  const page = (rows: QueueRow[], change: Partial<QueuePage> = {}): QueuePage => ({ rows, total: rows.length, page: 1, pageCount: 1, size: 25, ...change });

  it('lists each plan under column headers with a link to its review', async () => {
    render(
      <WorkQueue
        page={page([
          row(1, { names: ['Pat Rivera', 'Sam Elise Rivera'] }),
          row(2, { advisor: null, firms: [], status: 'complete', statusLabel: 'Complete', waitingDays: null, submittedAt: null }),
        ])}
        state={state()}
      />,
    );
    const table = screen.getByRole('table');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => [h.textContent, h.getAttribute('scope')]),
    ).toEqual([
      ['Household', 'col'],
      ['Advisor and firm', 'col'],
      ['Status', 'col'],
      ['Submitted', 'col'],
      ['Waiting', 'col'],
    ]);
    // The section is named by its heading, the table's scroll region by what it lists.
    expect(screen.getByRole('region', { name: 'Work queue' })).toContainElement(table);
    expect(screen.getByRole('region', { name: 'Submitted plans, oldest submission first' })).toContainElement(table);
    expect(screen.getByRole('link', { name: 'Pat Rivera and Sam Elise Rivera' })).toHaveAttribute('href', '/client-info/client1');
    const [, first, second] = within(table).getAllByRole('row');
    expect(
      within(first)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['Pat Rivera and Sam Elise Rivera', 'Alice MorganHarbor Wealth Partners', 'Under Attorney Review', '11/16/2026', '12 days']);
    expect(
      within(second)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['Client 2', 'No advisor', 'Complete', 'Not recorded', '—']);
    expect(screen.getByText('Showing 1–2 of 2 plans')).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Work queue pages' })).not.toBeInTheDocument();
    expect(await axeViolations()).toEqual([]);
  });

  it('pages with links that keep the filters and the other lists', () => {
    const rows = Array.from({ length: 25 }, (_, i) => row(i + 26));
    render(<WorkQueue page={page(rows, { total: 60, page: 2, pageCount: 3 })} state={state({ status: 'hold', page: 2 })} keepParams={{ asort: 'clients' }} />);
    const pager = screen.getByRole('navigation', { name: 'Work queue pages' });
    expect(within(pager).getByRole('link', { name: 'Previous' })).toHaveAttribute('href', '/dashboard?asort=clients&qstatus=hold');
    expect(within(pager).getByRole('link', { name: 'Next' })).toHaveAttribute('href', '/dashboard?asort=clients&qstatus=hold&qpage=3');
    expect(within(pager).getByText('Page 2 of 3')).toBeInTheDocument();
    expect(screen.getByText('Showing 26–50 of 60 plans')).toBeInTheDocument();
  });

  it('says when nothing is waiting, and when nothing matches the filters', () => {
    const { rerender } = render(<WorkQueue page={page([])} state={state()} />);
    expect(screen.getByText('No submitted plans are waiting.')).toBeInTheDocument();
    expect(screen.getByRole('cell', { name: 'No Records to Display' })).toBeInTheDocument();
    rerender(<WorkQueue page={page([])} state={state({ client: 'Nobody' })} />);
    expect(screen.getByText('No submitted plans match these filters.')).toBeInTheDocument();
  });
});
