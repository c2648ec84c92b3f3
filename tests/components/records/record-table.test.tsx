import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { RecordTable } from '@/components/records';
import type { OwnerCode, RecordColumn } from '@/components/records';
import { axeViolations } from './axe';

type Beneficiary = { hash: string; name: string; tier: string; percent: string | null; owner: OwnerCode };

const rows: Beneficiary[] = [
  { hash: 'b1', name: 'Robin Park', tier: 'primary', percent: '60.00', owner: '1' },
  { hash: 'b2', name: 'alex Kim', tier: 'primary', percent: '30.00', owner: 'both' },
  { hash: 'b3', name: 'Charlie Day', tier: 'contingent', percent: null, owner: '2' },
  { hash: 'b4', name: 'Avery Stone', tier: 'primary', percent: '5.50', owner: '2' },
];

const columns = (invalid = false): RecordColumn<Beneficiary>[] => [
  { key: 'name', header: 'Name', cell: (row) => row.name, sortValue: (row) => row.name },
  { key: 'tier', header: 'Tier', cell: (row) => row.tier },
  {
    key: 'percent',
    header: 'Percentage',
    cell: (row) => (row.percent ? `${row.percent}%` : ''),
    numeric: true,
    invalid,
    sortValue: (row) => (row.percent ? Number(row.percent) : null),
  },
];

function renderTable(props: Partial<Parameters<typeof RecordTable<Beneficiary>>[0]> = {}) {
  const onAdd = jest.fn();
  const onEdit = jest.fn();
  const user = userEvent.setup();
  render(
    <RecordTable
      label="Beneficiaries"
      noun="Beneficiary"
      rows={rows}
      rowKey={(row) => row.hash}
      rowLabel={(row) => row.name}
      columns={columns()}
      hasSpouse={false}
      owner={(row) => row.owner}
      onAdd={onAdd}
      onEdit={onEdit}
      {...props}
    />,
  );
  return { user, onAdd, onEdit };
}

const names = () =>
  screen
    .getAllByRole('row')
    .slice(1)
    .map((row) => within(row).getAllByRole('cell')[0].textContent);

describe('RecordTable', () => {
  it("says 'No Records to Display' when empty, across every column", async () => {
    const { user, onAdd } = renderTable({ rows: [] });
    const cell = screen.getByRole('cell', { name: 'No Records to Display' });
    expect(cell).toHaveAttribute('colspan', '4');
    await user.click(screen.getByRole('button', { name: 'Add Beneficiary' }));
    expect(onAdd).toHaveBeenCalledTimes(1);
  });

  it('names the table, the add button and every edit button', async () => {
    const { user, onEdit } = renderTable();
    expect(screen.getByRole('table', { name: 'Beneficiaries' })).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Beneficiaries' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Edit Beneficiary: Charlie Day' }));
    expect(onEdit).toHaveBeenCalledWith(rows[2]);
    // Each column's name labels its cells in the stacked (phone) layout; the edit buttons' column has none.
    const labelsClass = [...screen.getByRole('region', { name: 'Beneficiaries' }).classList].find((name) => name.startsWith('cols-'));
    const css = [...document.querySelectorAll('style')].map((style) => style.textContent).find((text) => text?.includes(`.${labelsClass} `));
    const column = screen.getAllByRole('columnheader').findIndex((header) => header.textContent?.includes('Percentage')) + 1;
    expect(css).toContain(`.${labelsClass} td:not([colspan]):nth-child(${column})::before{content:"Percentage"}`);
    const actions = screen.getAllByRole('columnheader').length;
    expect(css).not.toContain(`nth-child(${actions})::before`);
    // Alignments are column rules too (no class on every cell), from 768px: amounts right with tabular
    // digits, the edit buttons right.
    expect(css).toContain(
      `@media (min-width:768px){.${labelsClass} td:not([colspan]):nth-child(${column}){text-align:right;font-variant-numeric:tabular-nums}`,
    );
    expect(css).toContain(`.${labelsClass} td:not([colspan]):nth-child(${actions}){text-align:right}`);
    expect(screen.getByRole('cell', { name: '60.00%' })).not.toHaveAttribute('class');
  });

  it('shows the Client column only when the household has a spouse', () => {
    renderTable();
    expect(screen.queryByRole('columnheader', { name: /Client/ })).not.toBeInTheDocument();
  });

  it('with a spouse, the Client column names each owner', () => {
    renderTable({ hasSpouse: true, ownerNames: { '1': 'Pat', '2': 'Sam' } });
    expect(screen.getByRole('columnheader', { name: /Client/ })).toBeInTheDocument();
    const owners = screen
      .getAllByRole('row')
      .slice(1)
      .map((row) => within(row).getAllByRole('cell')[3].textContent);
    expect(owners).toEqual(['Pat', 'Both', 'Sam', 'Sam']);
  });

  it('sorts by a sortable column (aria-sort), text ignoring case, numbers as numbers, blanks last', async () => {
    const { user } = renderTable();
    const nameHeader = screen.getByRole('columnheader', { name: /Name/ });
    const percentHeader = screen.getByRole('columnheader', { name: /Percentage/ });
    expect(nameHeader).toHaveAttribute('aria-sort', 'none');
    expect(screen.getByRole('columnheader', { name: 'Tier' })).not.toHaveAttribute('aria-sort');
    expect(names()).toEqual(['Robin Park', 'alex Kim', 'Charlie Day', 'Avery Stone']);

    await user.click(within(nameHeader).getByRole('button'));
    expect(nameHeader).toHaveAttribute('aria-sort', 'ascending');
    expect(names()).toEqual(['alex Kim', 'Avery Stone', 'Charlie Day', 'Robin Park']);
    await user.click(within(nameHeader).getByRole('button'));
    expect(nameHeader).toHaveAttribute('aria-sort', 'descending');
    expect(names()).toEqual(['Robin Park', 'Charlie Day', 'Avery Stone', 'alex Kim']);

    await user.click(within(percentHeader).getByRole('button'));
    expect(percentHeader).toHaveAttribute('aria-sort', 'ascending');
    expect(nameHeader).toHaveAttribute('aria-sort', 'none');
    expect(names()).toEqual(['Avery Stone', 'alex Kim', 'Robin Park', 'Charlie Day']);
    await user.click(within(percentHeader).getByRole('button'));
    expect(names()).toEqual(['Robin Park', 'alex Kim', 'Avery Stone', 'Charlie Day']);
  });

  it('starts in the initial order when given', () => {
    renderTable({ initialSort: { key: 'percent', direction: 'desc' } });
    expect(screen.getByRole('columnheader', { name: /Percentage/ })).toHaveAttribute('aria-sort', 'descending');
    expect(names()[0]).toBe('Robin Park');
  });

  it('highlights rows and headers through its hooks', () => {
    renderTable({ columns: columns(true), rowTone: (row) => (row.tier === 'primary' ? 'danger' : null) });
    const [, robin, alex, charlie] = screen.getAllByRole('row');
    expect(robin).toHaveAttribute('data-tone', 'danger');
    expect(alex).toHaveAttribute('data-tone', 'danger');
    expect(charlie).not.toHaveAttribute('data-tone');
    expect(screen.getByRole('columnheader', { name: /Percentage/ }).className).toContain('invalidHeader');
  });

  it('renders a toolbar line and can lock its buttons', () => {
    renderTable({ toolbar: <p>Guardian: Pat Lee</p>, disabled: true });
    expect(screen.getByText('Guardian: Pat Lee')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add Beneficiary' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Edit Beneficiary: Robin Park' })).toBeDisabled();
  });

  it('has no axe violation, with rows, empty, and with a spouse', async () => {
    const { unmount } = render(
      <>
        <RecordTable
          label="Full"
          noun="Beneficiary"
          rows={rows}
          rowKey={(row) => row.hash}
          rowLabel={(row) => row.name}
          columns={columns(true)}
          hasSpouse
          owner={(row) => row.owner}
          onAdd={() => {}}
          onEdit={() => {}}
          rowTone={() => 'danger'}
        />
        <RecordTable
          label="Empty"
          noun="Beneficiary"
          rows={[]}
          rowKey={(row) => row.hash}
          rowLabel={(row) => row.name}
          columns={columns()}
          hasSpouse={false}
          onAdd={() => {}}
          onEdit={() => {}}
        />
      </>,
    );
    expect(await axeViolations()).toEqual([]);
    unmount();
  });
});
