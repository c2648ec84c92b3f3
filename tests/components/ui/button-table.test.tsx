import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createRef } from 'react';
import { Button } from '@/components/ui/button';
import { Checkbox, Field, Select, TextInput, Textarea } from '@/components/ui/field';
import { Table, TBody, Td, Th, THead, Tr } from '@/components/ui/table';

describe('Button', () => {
  it('defaults to type=button, forwards its ref and props', async () => {
    const ref = createRef<HTMLButtonElement>();
    const onClick = jest.fn();
    render(
      <Button ref={ref} variant="danger" data-x="1" onClick={onClick}>
        Remove
      </Button>,
    );
    const button = screen.getByRole('button', { name: 'Remove' });
    expect(ref.current).toBe(button);
    expect(button).toHaveAttribute('type', 'button');
    expect(button).toHaveAttribute('data-x', '1');
    expect(button.className).toContain('danger');
    await userEvent.click(button);
    expect(onClick).toHaveBeenCalled();
  });

  it('is disabled and busy while loading, keeping its name', async () => {
    const onClick = jest.fn();
    render(
      <Button loading onClick={onClick}>
        Save
      </Button>,
    );
    const button = screen.getByRole('button', { name: 'Save' });
    expect(button).toBeDisabled();
    expect(button).toHaveAttribute('aria-busy', 'true');
    await userEvent.click(button);
    expect(onClick).not.toHaveBeenCalled();
  });
});

describe('Field controls', () => {
  it('label, hint and error are wired to each control', () => {
    const inputRef = createRef<HTMLInputElement>();
    render(
      <>
        <Field label="Email" hint="We never share it" error="Email is required" required>
          <TextInput ref={inputRef} type="email" />
        </Field>
        <Field label="State">
          <Select placeholder="Select…" options={[{ value: 'CA', label: 'California' }]} />
        </Field>
        <Field label="Notes">
          <Textarea rows={10} />
        </Field>
        <Checkbox label="I acknowledge the Agreement" error="Please read and acknowledge the entire Agreement" />
      </>,
    );
    const email = screen.getByRole('textbox', { name: 'Email' });
    expect(inputRef.current).toBe(email);
    expect(email).toHaveAttribute('aria-invalid', 'true');
    expect(email).toHaveAttribute('aria-required', 'true');
    expect(email).toHaveAccessibleDescription('We never share it Email is required');

    const state = screen.getByRole('combobox', { name: 'State' });
    expect(state).not.toHaveAttribute('aria-invalid');
    expect(
      within(state)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Select…', 'California']);

    expect(screen.getByRole('textbox', { name: 'Notes' })).toHaveAttribute('rows', '10');

    const consent = screen.getByRole('checkbox', { name: 'I acknowledge the Agreement' });
    expect(consent).toHaveAttribute('aria-invalid', 'true');
    expect(consent).toHaveAccessibleDescription('Please read and acknowledge the entire Agreement');
  });
});

describe('Table', () => {
  it('shows the empty message row spanning all columns', () => {
    render(
      <Table caption="Children">
        <THead>
          <Tr>
            <Th>Name</Th>
            <Th>Age</Th>
          </Tr>
        </THead>
        <TBody empty="No Records to Display" colSpan={2}>
          {[].map(() => null)}
        </TBody>
      </Table>,
    );
    const cell = screen.getByRole('cell', { name: 'No Records to Display' });
    expect(cell).toHaveAttribute('colspan', '2');
    expect(screen.getByRole('region', { name: 'Children' })).toBeInTheDocument();
  });

  it('renders rows and a sortable header with aria-sort', async () => {
    const onSort = jest.fn();
    render(
      <Table label="Clients">
        <THead>
          <Tr>
            <Th sort="asc" onSort={onSort}>
              Name
            </Th>
            <Th>Status</Th>
          </Tr>
        </THead>
        <TBody empty="No Records to Display" colSpan={2}>
          {['Ann', 'Bob'].map((name) => (
            <Tr key={name}>
              <Td>{name}</Td>
              <Td>In Progress</Td>
            </Tr>
          ))}
        </TBody>
      </Table>,
    );
    expect(screen.queryByText('No Records to Display')).not.toBeInTheDocument();
    expect(screen.getAllByRole('row')).toHaveLength(3);
    const header = screen.getByRole('columnheader', { name: /Name/ });
    expect(header).toHaveAttribute('aria-sort', 'ascending');
    expect(screen.getByRole('columnheader', { name: 'Status' })).not.toHaveAttribute('aria-sort');
    await userEvent.click(within(header).getByRole('button'));
    expect(onSort).toHaveBeenCalled();
  });

  it('labels the cells of a stacking table through one style rule per column, shared by tables with the same columns', () => {
    const table = (label: string) => (
      <Table label={label} responsive="stack" columnLabels={['Name', '', 'Say "hi" </style>']}>
        <TBody empty="No Records to Display" colSpan={3}>
          <Tr>
            <Td>Ann</Td>
            <Td>Edit</Td>
            <Td>Hello</Td>
          </Tr>
        </TBody>
      </Table>
    );
    render(
      <>
        {table('First')}
        {table('Second')}
      </>,
    );
    const [first, second] = screen.getAllByRole('region');
    const labelsClass = [...first.classList].find((name) => name.startsWith('cols-'));
    expect(labelsClass).toBeDefined();
    expect(second).toHaveClass(labelsClass!);
    // No attribute on the cells: the rules live in one hoisted style.
    for (const cell of screen.getAllByRole('cell', { name: 'Ann' })) expect(cell).not.toHaveAttribute('data-label');
    const styles = [...document.querySelectorAll('style')].filter((style) => style.textContent?.includes(labelsClass!));
    expect(styles).toHaveLength(1);
    const css = styles[0].textContent!;
    expect(css).toContain(`.${labelsClass} td:not([colspan]):nth-child(1)::before{content:"Name"}`);
    // A column without a label gets no rule; quotes and '<' are escaped, so the text cannot end the style.
    expect(css).not.toContain('nth-child(2)');
    expect(css).toContain('nth-child(3)::before{content:"Say \\22 hi\\22  \\3c /style>"}');
    expect(css.startsWith('@media (max-width:767.98px){')).toBe(true);
  });

  it('a scrolling table gets no label rules', () => {
    render(
      <Table label="Plain" columnLabels={['Name']}>
        <TBody>
          <Tr>
            <Td>Ann</Td>
          </Tr>
        </TBody>
      </Table>,
    );
    expect([...screen.getByRole('region').classList].some((name) => name.startsWith('cols-'))).toBe(false);
  });
});
