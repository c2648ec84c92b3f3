import { screen, waitFor, within } from '@testing-library/react';
import { ChildrenSection } from '@/components/intake/children/children-section';
import { axeViolations } from '../records/axe';
import { child, guardian, household, renderIntake, trustee } from './fake-intake';

jest.mock('@/lib/actions/intake', () => jest.requireActual('./actions-mock'));
jest.mock('@/lib/actions/plans', () => jest.requireActual('./plans-actions-mock'));
jest.mock('next/navigation', () => ({ useRouter: () => ({ refresh: jest.fn() }) }));

const dialog = (name: string | RegExp = /Child/) => screen.getByRole('dialog', { name });
const textbox = (name: string, scope = dialog()) => within(scope).getByRole('textbox', { name });
/** The column headers' names (without the sort buttons' icons). */
const headers = (table: HTMLElement) =>
  within(table)
    .getAllByRole('columnheader')
    .map((h) => (h.textContent ?? '').replace(/[↕▲▼]/g, ''));

/** A date of birth `years` ago (today's month and day, so the age is exact). */
function yearsAgo(years: number): string {
  const today = new Date();
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${pad(today.getMonth() + 1)}${pad(today.getDate())}${today.getFullYear() - years}`;
}

describe('Children', () => {
  it('lists name and age (months under a year; a minor with a neutral badge, an invalid date in red), the Client column only with a spouse', () => {
    const baby = new Date();
    baby.setMonth(baby.getMonth() - 5);
    const iso = (d: Date) => d.toISOString().slice(0, 10);
    const view = household({
      children: [
        child({ person: { ...child().person, firstName: 'Noah', lastName: 'Rivera', dob: iso(baby) }, owner: 'both' }),
        child({ person: { ...child().person, firstName: 'Avery', lastName: 'Rivera', dob: '2001-06-15' }, owner: '2' }),
        child({ person: { ...child().person, firstName: 'Old', lastName: 'Record', dob: '1890-01-01' } }),
      ],
    });
    renderIntake(view, <ChildrenSection />);
    const table = screen.getByRole('table');
    expect(headers(table)).toEqual(['Name', 'Age', 'Client', 'Actions']);
    const noah = within(table).getByRole('row', { name: /Noah Rivera/ });
    // A minor is no error (issue 27): the age in the text colour, a neutral 'Minor' badge, and a warning
    // badge while no guardian is named.
    expect(within(noah).getByText('5 months')).not.toHaveClass('invalid');
    expect(within(noah).getByText('Minor')).toHaveClass('badge');
    expect(within(noah).getByText('No guardian named')).toHaveClass('warningBadge');
    expect(within(noah).getByText('Both')).toBeInTheDocument();
    const avery = within(table).getByRole('row', { name: /Avery Rivera/ });
    expect(within(avery).getByText(/years$/)).not.toHaveClass('invalid');
    expect(within(avery).queryByText('Minor')).not.toBeInTheDocument();
    expect(within(avery).getByText('Sam')).toBeInTheDocument();
    expect(within(table).getByText('Invalid DoB')).toHaveClass('invalid');
  });

  it("a minor with a guardian shows only the neutral 'Minor' badge", () => {
    renderIntake(household({ children: [child({ guardian1: guardian() })] }), <ChildrenSection />);
    const row = within(screen.getByRole('table')).getByRole('row', { name: /Riley/ });
    expect(within(row).getByText('Minor')).toBeInTheDocument();
    expect(within(row).queryByText('No guardian named')).not.toBeInTheDocument();
  });

  it("asks 'Do you have any children?' while nobody is listed: No is saved at once and completes the section", async () => {
    const { user, server } = renderIntake(household({ spouse: null }), <ChildrenSection />);
    const question = screen.getByRole('group', { name: 'Do you have any children?' });
    await user.click(within(question).getByRole('radio', { name: 'No' }));
    await waitFor(() => expect(server.inputsOf('setHasChildrenAction')).toHaveLength(1));
    expect(server.inputsOf('setHasChildrenAction')[0]).toEqual({ client_hash: 'client-pat', has_children: false });
    await waitFor(() => expect(within(screen.getByRole('group', { name: 'Do you have any children?' })).getByRole('radio', { name: 'No' })).toBeChecked());
    expect(server.current().completion.sections.find((s) => s.key === 'children')?.state).toBe('complete');
  });

  it('the question leaves once a child is listed, and a read-only viewer reads the answer', () => {
    const { unmount } = renderIntake(household({ children: [child()] }), <ChildrenSection />);
    expect(screen.queryByRole('group', { name: 'Do you have any children?' })).not.toBeInTheDocument();
    unmount();
    renderIntake(household({ hasChildren: false, abilities: { canEdit: false, canRevealIdentifiers: false, isLegal: false } }), <ChildrenSection />);
    expect(screen.queryByRole('radio')).not.toBeInTheDocument();
    expect(screen.getByText('Do you have any children?').nextSibling).toHaveTextContent('No');
  });

  it('has no Client column and no owner choice for a single client', async () => {
    const { user } = renderIntake(household({ spouse: null, children: [child()] }), <ChildrenSection />);
    expect(headers(screen.getByRole('table'))).toEqual(['Name', 'Age', 'Actions']);
    await user.click(screen.getByRole('button', { name: 'Add Child' }));
    expect(within(dialog()).queryByRole('combobox', { name: 'Client' })).not.toBeInTheDocument();
  });

  it("shows the minor guardian line above the table: the first child's guardians, or none named", () => {
    const { unmount } = renderIntake(household({ children: [child()] }), <ChildrenSection />);
    expect(screen.getByText('Minor Guardian / Conservator:').parentElement).toHaveTextContent('Minor Guardian / Conservator: None named');
    unmount();
    renderIntake(
      household({ children: [child(), child({ guardian1: guardian(), guardian2: guardian({ firstName: 'Robin', lastName: 'Lane' }) })] }),
      <ChildrenSection />,
    );
    expect(screen.getByText('Minor Guardian / Conservator:').parentElement).toHaveTextContent('Quinn Blake and Robin Lane');
  });

  it('create → Child Added / Would you like to add another child? → Add Another → Finished With Children', async () => {
    const { user, server } = renderIntake(household({ spouse: null }), <ChildrenSection />);
    await user.click(screen.getByRole('button', { name: 'Add Child' }));
    // No other lists yet: no link question, the form shows at once with its Create button.
    expect(within(dialog('New Child')).queryByText('Link from existing record?')).not.toBeInTheDocument();
    await user.click(within(dialog()).getByRole('radio', { name: 'Female' }));
    await user.type(textbox('First Name'), 'Jamie');
    await user.type(textbox('Last Name'), 'Rivera');
    await user.type(textbox('Date of Birth'), yearsAgo(30));
    await user.click(within(dialog()).getByRole('button', { name: 'Create' }));

    const added = await screen.findByRole('alertdialog', { name: 'Child Added' });
    expect(added).toHaveTextContent('Would you like to add another child?');
    expect(server.inputsOf('upsertChildAction')[0]).toMatchObject({
      client_hash: 'client-pat',
      owner: '1',
      gender: 'female',
      first_name: 'Jamie',
      last_name: 'Rivera',
      guardian1: null,
      guardian2: null,
      // The dialog's key: a retry of this create is made once on the server.
      request_key: expect.stringMatching(/^[A-Za-z0-9_-]{22}$/),
    });
    await user.click(within(added).getByRole('button', { name: 'Add Another' }));
    await waitFor(() => expect(textbox('First Name', dialog('New Child'))).toHaveValue(''));
    await user.click(within(dialog()).getByRole('button', { name: 'Cancel' }));
    expect(screen.getByRole('button', { name: 'Edit Child: Jamie Rivera' })).toBeInTheDocument();
  });

  it('update → Child Updated; Remove asks Remove Child? with Cancel focused', async () => {
    const riley = child({ owner: 'both' });
    const { user, server } = renderIntake(household({ children: [riley] }), <ChildrenSection />);
    await user.click(screen.getByRole('button', { name: 'Edit Child: Riley Rivera' }));
    expect(within(dialog('Edit Child')).getByRole('combobox', { name: 'Client' })).toHaveValue('both');
    await user.clear(textbox('First Name'));
    await user.type(textbox('First Name'), 'Rylan');
    await user.click(within(dialog()).getByRole('button', { name: 'Save' }));
    const updated = await screen.findByRole('alertdialog', { name: 'Child Updated' });
    expect(server.inputsOf('upsertChildAction')[0]).toMatchObject({ hash: riley.hash, version: 1, first_name: 'Rylan' });
    // An update names its record: no key.
    expect(server.inputsOf('upsertChildAction')[0]).not.toHaveProperty('request_key');
    await user.click(within(updated).getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    await user.click(screen.getByRole('button', { name: 'Edit Child: Rylan Rivera' }));
    await user.click(within(dialog()).getByRole('button', { name: 'Remove' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Remove Child?' });
    expect(confirm).toHaveTextContent('Are you sure you would like to remove this child?');
    expect(within(confirm).getByRole('button', { name: 'Cancel' })).toHaveFocus();
    await user.click(within(confirm).getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(server.inputsOf('deleteChildAction')[0]).toEqual({ client_hash: 'client-pat', hash: riley.hash, version: 2 });
    expect(screen.getByRole('cell', { name: 'No Records to Display' })).toBeInTheDocument();
  });

  it('shows guardians only for a minor with a valid date of birth; a second guardian by its box, with the specifics', async () => {
    const { user, server } = renderIntake(household({ spouse: null }), <ChildrenSection />);
    await user.click(screen.getByRole('button', { name: 'Add Child' }));
    await user.type(textbox('First Name'), 'Noah');
    await user.type(textbox('Last Name'), 'Rivera');
    expect(within(dialog()).queryByRole('group', { name: 'Guardian or Conservator' })).not.toBeInTheDocument();
    await user.type(textbox('Date of Birth'), yearsAgo(19));
    expect(within(dialog()).queryByRole('group', { name: 'Guardian or Conservator' })).not.toBeInTheDocument();

    await user.clear(textbox('Date of Birth'));
    await user.type(textbox('Date of Birth'), yearsAgo(8));
    const section = within(dialog()).getByRole('group', { name: 'Guardian or Conservator' });
    // A new minor child: 'Name a guardian' ticked, guardian 1 asked; no second guardian yet.
    expect(within(section).getByRole('checkbox', { name: 'Name a guardian' })).toBeChecked();
    const first = within(section).getByRole('group', { name: 'Guardian 1' });
    expect(within(section).queryByRole('group', { name: 'Guardian 2' })).not.toBeInTheDocument();

    // Guardian 1 is required once asked for.
    await user.click(within(dialog()).getByRole('button', { name: 'Create' }));
    expect(await within(first).findByText('First name is required.')).toBeInTheDocument();
    await user.type(within(first).getByRole('textbox', { name: 'First Name' }), 'Quinn');
    await user.type(within(first).getByRole('textbox', { name: 'Last Name' }), 'Blake');
    await user.click(within(section).getByRole('checkbox', { name: 'Add a second guardian' }));
    const second = within(section).getByRole('group', { name: 'Guardian 2' });
    await user.type(within(second).getByRole('textbox', { name: 'First Name' }), 'Robin');
    await user.type(within(second).getByRole('textbox', { name: 'Last Name' }), 'Lane');
    await user.type(within(section).getByRole('textbox', { name: 'How should the guardians serve together?' }), 'Jointly');
    await user.click(within(dialog()).getByRole('button', { name: 'Create' }));
    await screen.findByRole('alertdialog', { name: 'Child Added' });
    expect(server.inputsOf('upsertChildAction')[0]).toMatchObject({
      guardian1: { first_name: 'Quinn', last_name: 'Blake' },
      guardian2: { first_name: 'Robin', last_name: 'Lane' },
      multi_guardian_specifics: 'Jointly',
    });
  });

  it('a new child takes its guardians from the first child that has them; unticking leaves them out', async () => {
    const quinn = guardian();
    const { user, server } = renderIntake(household({ spouse: null, children: [child(), child({ guardian1: quinn })] }), <ChildrenSection />);
    await user.click(screen.getByRole('button', { name: 'Add Child' }));
    // The household has people (Quinn, the children): the link question comes first.
    await user.click(within(dialog()).getByRole('radio', { name: 'No' }));
    await user.type(textbox('First Name'), 'Mia');
    await user.type(textbox('Last Name'), 'Rivera');
    await user.type(textbox('Date of Birth'), yearsAgo(3));
    const first = within(dialog()).getByRole('group', { name: 'Guardian 1' });
    expect(within(first).getByRole('textbox', { name: 'First Name' })).toHaveValue('Quinn');
    expect(within(first).getByRole('textbox', { name: 'Phone' })).toHaveValue('(503) 555-0111');
    await user.click(within(dialog()).getByRole('button', { name: 'Create' }));
    const added = await screen.findByRole('alertdialog', { name: 'Child Added' });
    // The same guardian person is reused.
    expect(server.inputsOf('upsertChildAction')[0]).toMatchObject({ guardian1: { person_hash: quinn.hash, first_name: 'Quinn' } });

    // The next child, without a guardian named.
    await user.click(within(added).getByRole('button', { name: 'Add Another' }));
    await user.click(within(dialog()).getByRole('radio', { name: 'No' }));
    await user.type(textbox('First Name'), 'Leo');
    await user.type(textbox('Last Name'), 'Rivera');
    await user.type(textbox('Date of Birth'), yearsAgo(2));
    await user.click(within(dialog()).getByRole('checkbox', { name: 'Name a guardian' }));
    expect(within(dialog()).queryByRole('group', { name: 'Guardian 1' })).not.toBeInTheDocument();
    await user.click(within(dialog()).getByRole('button', { name: 'Create' }));
    await screen.findByRole('alertdialog', { name: 'Child Added' });
    expect(server.inputsOf('upsertChildAction')[1]).toMatchObject({ first_name: 'Leo', guardian1: null, guardian2: null });
  });

  it('a renamed guardian is saved as a new person, not a rename of the guardian of the other children', async () => {
    const quinn = guardian();
    const riley = child({ guardian1: quinn });
    const { user, server } = renderIntake(household({ spouse: null, children: [riley] }), <ChildrenSection />);
    await user.click(screen.getByRole('button', { name: 'Edit Child: Riley Rivera' }));
    const first = within(dialog()).getByRole('group', { name: 'Guardian 1' });
    await user.clear(within(first).getByRole('textbox', { name: 'First Name' }));
    await user.type(within(first).getByRole('textbox', { name: 'First Name' }), 'Jesse');
    await user.click(within(dialog()).getByRole('button', { name: 'Save' }));
    await screen.findByRole('alertdialog', { name: 'Child Updated' });
    const sent = server.inputsOf('upsertChildAction')[0] as { guardian1: { person_hash?: string; first_name: string } };
    expect(sent.guardian1.first_name).toBe('Jesse');
    expect(sent.guardian1.person_hash).toBeUndefined();
  });

  it("'Link from existing record?': the form and its Create wait for the answer; Yes fills and locks the person", async () => {
    const morgan = trustee();
    const { user, server } = renderIntake(household({ trustees: [morgan] }), <ChildrenSection />);
    await user.click(screen.getByRole('button', { name: 'Add Child' }));
    const modal = dialog('New Child');
    expect(within(modal).getByRole('group', { name: 'Link from existing record?' })).toBeInTheDocument();
    expect(within(modal).queryByRole('textbox', { name: 'First Name' })).not.toBeInTheDocument();
    // The Create button is not there while the question is open, and Enter sends nothing.
    expect(within(modal).queryByRole('button', { name: 'Create' })).not.toBeInTheDocument();
    await user.keyboard('{Enter}');
    expect(server.inputsOf('upsertChildAction')).toEqual([]);

    await user.click(within(modal).getByRole('radio', { name: 'Yes' }));
    expect(within(modal).queryByRole('button', { name: 'Create' })).not.toBeInTheDocument();
    await user.selectOptions(within(modal).getByRole('combobox', { name: 'Existing Person' }), 'Morgan Ellis (Successor Trustee)');
    expect(within(modal).getByRole('button', { name: 'Create' })).toBeInTheDocument();
    expect(textbox('First Name')).toHaveValue('Morgan');
    expect(textbox('First Name')).toHaveAttribute('readonly');
    expect(textbox('Last Name')).toHaveAttribute('readonly');
    // Morgan has no date of birth on file: it stays editable.
    expect(textbox('Date of Birth')).not.toHaveAttribute('readonly');
    await user.type(textbox('Date of Birth'), yearsAgo(40));
    await user.click(within(modal).getByRole('button', { name: 'Create' }));
    await screen.findByRole('alertdialog', { name: 'Child Added' });
    expect(server.inputsOf('upsertChildAction')[0]).toMatchObject({ existing_person_hash: morgan.person.hash, first_name: 'Morgan', owner: 'both' });
  });

  it('No shows the blank form; switching back from a picked person empties it', async () => {
    const { user } = renderIntake(household({ trustees: [trustee()] }), <ChildrenSection />);
    await user.click(screen.getByRole('button', { name: 'Add Child' }));
    await user.click(within(dialog()).getByRole('radio', { name: 'Yes' }));
    await user.selectOptions(within(dialog()).getByRole('combobox', { name: 'Existing Person' }), 'Morgan Ellis (Successor Trustee)');
    await user.click(within(dialog()).getByRole('radio', { name: 'No' }));
    expect(textbox('First Name')).toHaveValue('');
    expect(textbox('First Name')).not.toHaveAttribute('readonly');
  });

  it('a stale save shows the server message in the Error dialog and offers a reload', async () => {
    const riley = child();
    const { user, server } = renderIntake(household({ children: [riley] }), <ChildrenSection />);
    await user.click(screen.getByRole('button', { name: 'Edit Child: Riley Rivera' }));
    server.bump('children', riley.hash);
    await user.click(within(dialog()).getByRole('button', { name: 'Save' }));
    const error = await screen.findByRole('alertdialog', { name: 'Error' });
    expect(error).toHaveTextContent('This record was changed by someone else. Reload to see the latest version.');
    await user.click(within(error).getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(within(dialog('Edit Child')).getByRole('status')).toHaveTextContent('Someone else changed this information');
    expect(within(dialog()).getByRole('button', { name: 'Reload the latest version' })).toBeInTheDocument();
  });

  it('read-only viewers get the table without add and edit buttons', () => {
    renderIntake(household({ children: [child()], abilities: { canEdit: false, canRevealIdentifiers: false, isLegal: false } }), <ChildrenSection />);
    expect(screen.queryByRole('button', { name: 'Add Child' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Edit Child/ })).not.toBeInTheDocument();
  });

  it('has no axe violation with the modal open (link question, then a minor with guardians)', async () => {
    const { user } = renderIntake(household({ trustees: [trustee()], children: [child({ guardian1: guardian() })] }), <ChildrenSection />);
    await user.click(screen.getByRole('button', { name: 'Add Child' }));
    expect(await axeViolations()).toEqual([]);
    await user.click(within(dialog()).getByRole('radio', { name: 'No' }));
    await user.type(textbox('Date of Birth'), yearsAgo(5));
    await user.click(within(dialog()).getByRole('checkbox', { name: 'Add a second guardian' }));
    await user.click(within(dialog()).getByRole('button', { name: 'Create' }));
    await within(dialog()).findAllByText('First name is required.');
    expect(await axeViolations()).toEqual([]);
  });
});
