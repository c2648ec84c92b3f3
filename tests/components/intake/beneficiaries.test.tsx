import { screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { BeneficiariesSection } from '@/components/intake/beneficiaries/beneficiaries-section';
import { axeViolations } from '../records/axe';
import { beneficiary, child, household, person, renderIntake, terms, trustee } from './fake-intake';

jest.mock('@/lib/actions/intake', () => jest.requireActual('./actions-mock'));
jest.mock('@/lib/actions/plans', () => jest.requireActual('./plans-actions-mock'));
jest.mock('next/navigation', () => ({ useRouter: () => ({ refresh: jest.fn() }) }));

const dialog = (name: string | RegExp = /Beneficiary/) => screen.getByRole('dialog', { name });
const group = (name: string | RegExp, scope = dialog()) => within(scope).getByRole('group', { name });

/** Fills a person beneficiary's name (the form is open, no link question). */
async function name(user: UserEvent, first: string, last = 'Rivera') {
  await user.type(within(dialog()).getByRole('textbox', { name: 'First Name' }), first);
  await user.type(within(dialog()).getByRole('textbox', { name: 'Last Name' }), last);
}

/** Fills one client's terms inside `scope`. */
async function fillTerms(user: UserEvent, scope: HTMLElement, relationship: string, tier: string, share: string) {
  await user.selectOptions(within(scope).getByRole('combobox', { name: 'Relationship' }), relationship);
  await user.selectOptions(within(scope).getByRole('combobox', { name: 'Tier' }), tier);
  const percent = within(scope).getByRole('textbox', { name: 'Percentage' });
  await user.clear(percent);
  await user.type(percent, share);
}

describe('Beneficiaries', () => {
  it('turns the Percentage header and the rows of a tier that does not total 100 red, with the warning', () => {
    const view = household({
      beneficiaries: [
        beneficiary({ owner: 'both', terms1: terms('primary', '60.00'), terms2: terms('primary', '100.00') }),
        beneficiary({ owner: '1', person: person({ firstName: 'Jamie', lastName: 'Rivera' }), terms1: terms('primary', '30.00') }),
        beneficiary({ owner: '2', person: person({ firstName: 'Noah', lastName: 'Rivera' }), terms1: null, terms2: terms('contingent', '100.00') }),
      ],
    });
    renderIntake(view, <BeneficiariesSection />);
    expect(screen.getByText('Beneficiary percentage(s) do not total to 100%')).toBeInTheDocument();
    expect(screen.getByText("Pat's primary beneficiaries total 90%.")).toBeInTheDocument();
    expect(screen.getByRole('columnheader', { name: /Percentage/ })).toHaveClass('invalidHeader');
    const rows = screen.getAllByRole('row').slice(1);
    expect(rows.map((row) => row.getAttribute('data-tone'))).toEqual(['danger', 'danger', null]);
    // Separate values per client read per client in the cells.
    expect(rows[0]).toHaveTextContent('Pat: 60%');
    expect(rows[0]).toHaveTextContent('Sam: 100%');
  });

  it('shows no warning when every tier totals 0 or 100 (33.33 + 33.33 + 33.34 with big.js)', () => {
    const view = household({
      spouse: null,
      beneficiaries: ['33.33', '33.33', '33.34'].map((share) => beneficiary({ terms1: terms('primary', share) })),
    });
    renderIntake(view, <BeneficiariesSection />);
    expect(screen.queryByText('Beneficiary percentage(s) do not total to 100%')).not.toBeInTheDocument();
    expect(screen.getByRole('columnheader', { name: /Percentage/ })).not.toHaveClass('invalidHeader');
  });

  it('create → Beneficiary Added; update → Beneficiary Updated; Remove Beneficiary?', async () => {
    const { user, server } = renderIntake(household({ spouse: null }), <BeneficiariesSection />);
    await user.click(screen.getByRole('button', { name: 'Add Beneficiary' }));
    await name(user, 'Avery');
    await fillTerms(user, dialog(), 'Child', 'primary', '100');
    await user.click(within(dialog()).getByRole('checkbox', { name: 'Per stirpes' }));
    await user.click(within(dialog()).getByRole('button', { name: 'Create' }));
    const added = await screen.findByRole('alertdialog', { name: 'Beneficiary Added' });
    expect(added).toHaveTextContent('Would you like to add another beneficiary?');
    expect(server.inputsOf('upsertBeneficiaryAction')[0]).toMatchObject({
      type: 'person',
      owner: '1',
      values1: { relationship: 'Child', tier: 'primary', share_percent: '100.00', is_per_stirpes: true },
    });
    await user.click(within(added).getByRole('button', { name: 'Finished With Beneficiaries' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const row = screen.getByRole('row', { name: /Avery Rivera/ });
    expect(row).toHaveTextContent('Child');
    expect(row).toHaveTextContent('Primary');
    expect(row).toHaveTextContent('100%');

    await user.click(screen.getByRole('button', { name: 'Edit Beneficiary: Avery Rivera' }));
    await user.click(within(dialog('Edit Beneficiary')).getByRole('button', { name: 'Save' }));
    const updated = await screen.findByRole('alertdialog', { name: 'Beneficiary Updated' });
    await user.click(within(updated).getByRole('button', { name: 'OK' }));
    await user.click(screen.getByRole('button', { name: 'Edit Beneficiary: Avery Rivera' }));
    await user.click(within(dialog()).getByRole('button', { name: 'Remove' }));
    const remove = await screen.findByRole('alertdialog', { name: 'Remove Beneficiary?' });
    expect(remove).toHaveTextContent('Are you sure you would like to remove this beneficiary?');
  });

  it('a refusal that is no stale version (a beneficiary who receives a gift) shows the message without a reload', async () => {
    const avery = beneficiary();
    const { user } = renderIntake(household({ spouse: null, beneficiaries: [avery] }), <BeneficiariesSection />);
    const gift = 'This beneficiary receives a specific gift. Remove the gift first.';
    jest.mocked((await import('@/lib/actions/intake')).deleteBeneficiaryAction).mockResolvedValueOnce({ ok: false, status: 409, message: gift });
    await user.click(screen.getByRole('button', { name: 'Edit Beneficiary: Avery Rivera' }));
    await user.click(within(dialog()).getByRole('button', { name: 'Remove' }));
    await user.click(within(await screen.findByRole('alertdialog', { name: 'Remove Beneficiary?' })).getByRole('button', { name: 'Remove' }));
    const error = await screen.findByRole('alertdialog', { name: 'Error' });
    expect(error).toHaveTextContent(gift);
    await user.click(within(error).getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(within(dialog('Edit Beneficiary')).queryByRole('button', { name: 'Reload the latest version' })).not.toBeInTheDocument();
  });

  it("'Omit Beneficiary' sets tier omitted, percent 0 and no per stirpes, asks the reason; unticking clears tier and percent", async () => {
    const { user, server } = renderIntake(household({ spouse: null }), <BeneficiariesSection />);
    await user.click(screen.getByRole('button', { name: 'Add Beneficiary' }));
    await name(user, 'Marco');
    await fillTerms(user, dialog(), 'Sibling', 'contingent', '40');
    await user.click(within(dialog()).getByRole('checkbox', { name: 'Per stirpes' }));
    await user.click(within(dialog()).getByRole('checkbox', { name: /Omit Beneficiary/ }));
    expect(within(dialog()).queryByRole('combobox', { name: 'Tier' })).not.toBeInTheDocument();
    expect(within(dialog()).queryByRole('textbox', { name: 'Percentage' })).not.toBeInTheDocument();
    const reason = within(dialog()).getByRole('textbox', { name: 'Reason for Omitting' });

    // Unticking clears the tier and the percent.
    await user.click(within(dialog()).getByRole('checkbox', { name: /Omit Beneficiary/ }));
    expect(within(dialog()).getByRole('combobox', { name: 'Tier' })).toHaveValue('');
    expect(within(dialog()).getByRole('textbox', { name: 'Percentage' })).toHaveValue('');
    expect(within(dialog()).getByRole('checkbox', { name: 'Per stirpes' })).not.toBeChecked();

    await user.click(within(dialog()).getByRole('checkbox', { name: /Omit Beneficiary/ }));
    expect(reason).not.toBeInTheDocument();
    await user.type(within(dialog()).getByRole('textbox', { name: 'Reason for Omitting' }), 'Provided for separately');
    await user.click(within(dialog()).getByRole('button', { name: 'Create' }));
    await screen.findByRole('alertdialog', { name: 'Beneficiary Added' });
    expect(server.inputsOf('upsertBeneficiaryAction')[0]).toMatchObject({
      values1: { tier: 'omitted', share_percent: '0.00', is_per_stirpes: false, omission_reason: 'Provided for separately' },
    });
  });

  it('an entity marked as a trust has its relationship fixed to Trust; its identifier is masked', async () => {
    const trustEntity = beneficiary({
      type: 'entity',
      person: null,
      entity: { name: 'Rivera Education Trust', identifierKind: 'tin', identifierLast4: '6789', date: '2018-09-01', isTrust: false },
      terms1: terms('contingent', '100.00', { relationship: 'Other family' }),
    });
    const { user, server } = renderIntake(household({ spouse: null, beneficiaries: [trustEntity] }), <BeneficiariesSection />);
    await user.click(screen.getByRole('button', { name: 'Edit Beneficiary: Rivera Education Trust' }));
    expect(within(dialog()).getByRole('radio', { name: /Entity/ })).toBeChecked();
    expect(within(dialog()).getByRole('textbox', { name: 'TIN' })).toHaveValue('XXX-XX-6789');
    // A stored relationship outside the list opens as free text.
    expect(within(dialog()).getByRole('textbox', { name: 'Relationship' })).toHaveValue('Other family');

    await user.click(within(dialog()).getByRole('checkbox', { name: 'This entity is a trust' }));
    expect(within(dialog()).queryByRole('textbox', { name: 'Relationship' })).not.toBeInTheDocument();
    expect(within(dialog()).getByText('Trust', { selector: 'p' })).toBeInTheDocument();
    await user.click(within(dialog()).getByRole('button', { name: 'Save' }));
    await screen.findByRole('alertdialog', { name: 'Beneficiary Updated' });
    expect(server.inputsOf('upsertBeneficiaryAction')[0]).toMatchObject({ type: 'entity', is_trust: true, identifier: '', values1: { relationship: 'Trust' } });

    // Unticking gives the list back, empty.
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'OK' }));
    await user.click(screen.getByRole('button', { name: 'Edit Beneficiary: Rivera Education Trust' }));
    await user.click(within(dialog()).getByRole('checkbox', { name: 'This entity is a trust' }));
    expect(within(dialog()).getByRole('combobox', { name: 'Relationship' })).toHaveValue('');
  });

  it('Other in the relationship list switches to free text, and back to the list', async () => {
    const { user } = renderIntake(household({ spouse: null }), <BeneficiariesSection />);
    await user.click(screen.getByRole('button', { name: 'Add Beneficiary' }));
    await user.selectOptions(within(dialog()).getByRole('combobox', { name: 'Relationship' }), 'Other');
    const text = within(dialog()).getByRole('textbox', { name: 'Relationship' });
    expect(text).toHaveFocus();
    await user.type(text, 'Godchild');
    await user.click(within(dialog()).getByRole('button', { name: 'Back to the list of relationship' }));
    expect(within(dialog()).getByRole('combobox', { name: 'Relationship' })).toHaveValue('');
  });

  it('owner both with separate values; owner changes move the values (lib/intake/owners.ts)', async () => {
    const { user, server } = renderIntake(household(), <BeneficiariesSection />);
    await user.click(screen.getByRole('button', { name: 'Add Beneficiary' }));
    await name(user, 'Elena');
    // A new record of a married household is both, with same values ticked: one group for both.
    expect(within(dialog()).getByRole('combobox', { name: 'Client' })).toHaveValue('both');
    const same = within(dialog()).getByRole('checkbox', { name: 'Same values for Pat and Sam' });
    expect(same).toBeChecked();
    await fillTerms(user, group('Terms for Pat and Sam'), 'Sibling', 'primary', '50');

    // Unticked: each client gets their own values, starting from the shared ones.
    await user.click(same);
    const sams = group('Terms for Sam');
    expect(within(group('Terms for Pat')).getByRole('combobox', { name: 'Relationship' })).toHaveValue('Sibling');
    expect(within(sams).getByRole('textbox', { name: 'Percentage' })).toHaveValue('50');
    await fillTerms(user, sams, 'Friend', 'contingent', '25');

    // both → 1 keeps Pat's values; 1 → 2 moves them to Sam.
    await user.selectOptions(within(dialog()).getByRole('combobox', { name: 'Client' }), '1');
    expect(within(dialog()).queryByRole('group', { name: 'Terms for Sam' })).not.toBeInTheDocument();
    expect(within(group('Terms for Pat')).getByRole('combobox', { name: 'Relationship' })).toHaveValue('Sibling');
    await user.selectOptions(within(dialog()).getByRole('combobox', { name: 'Client' }), '2');
    expect(within(dialog()).queryByRole('group', { name: 'Terms for Pat' })).not.toBeInTheDocument();
    expect(within(group('Terms for Sam')).getByRole('combobox', { name: 'Relationship' })).toHaveValue('Sibling');
    expect(within(group('Terms for Sam')).getByRole('textbox', { name: 'Percentage' })).toHaveValue('50');

    // Back to both, separate values: save sends each client's own.
    await user.selectOptions(within(dialog()).getByRole('combobox', { name: 'Client' }), 'both');
    await user.click(within(dialog()).getByRole('checkbox', { name: 'Same values for Pat and Sam' }));
    await fillTerms(user, group('Terms for Sam'), 'Friend', 'contingent', '25');
    await user.click(within(dialog()).getByRole('button', { name: 'Create' }));
    await screen.findByRole('alertdialog', { name: 'Beneficiary Added' });
    expect(server.inputsOf('upsertBeneficiaryAction')[0]).toMatchObject({
      owner: 'both',
      same_values: false,
      values1: { relationship: 'Sibling', tier: 'primary', share_percent: '50.00' },
      values2: { relationship: 'Friend', tier: 'contingent', share_percent: '25.00' },
    });
  });

  it('clamps the percentage on blur (0 or less → 0, 100 or more → 100)', async () => {
    const { user } = renderIntake(household({ spouse: null }), <BeneficiariesSection />);
    await user.click(screen.getByRole('button', { name: 'Add Beneficiary' }));
    const percent = within(dialog()).getByRole('textbox', { name: 'Percentage' });
    await user.type(percent, '250');
    await user.tab();
    expect(percent).toHaveValue('100');
  });

  it("with a spouse, each client answers 'surviving trustor receives all', saved at once for that client", async () => {
    const { user, server } = renderIntake(household(), <BeneficiariesSection />);
    const pats = screen.getByRole('group', { name: /If Pat Rivera dies first, does Sam Rivera/ });
    await user.click(within(pats).getByRole('radio', { name: 'Yes' }));
    await waitFor(() => expect(server.inputsOf('setSpouseChoiceAction')).toHaveLength(1));
    expect(server.inputsOf('setSpouseChoiceAction')[0]).toEqual({ client_hash: 'client-pat', version: 1, is_spouse_beneficiary: true });
    await waitFor(() => expect(within(screen.getByRole('group', { name: /If Pat Rivera dies first/ })).getByRole('radio', { name: 'Yes' })).toBeChecked());
    expect(server.current().client.isSpouseBeneficiary).toBe(true);
    // The answered radio keeps the focus through the refresh.
    expect(within(screen.getByRole('group', { name: /If Pat Rivera dies first/ })).getByRole('radio', { name: 'Yes' })).toHaveFocus();
    // A refused save shows the stored answer again.
    jest
      .mocked((await import('@/lib/actions/intake')).setSpouseChoiceAction)
      .mockResolvedValueOnce({ ok: false, status: 403, message: 'You do not have permission to do that.' });
    await user.click(within(screen.getByRole('group', { name: /If Pat Rivera dies first/ })).getByRole('radio', { name: 'No' }));
    await user.click(within(await screen.findByRole('alertdialog', { name: 'Error' })).getByRole('button', { name: 'OK' }));
    expect(within(screen.getByRole('group', { name: /If Pat Rivera dies first/ })).getByRole('radio', { name: 'Yes' })).toBeChecked();
    const sams = screen.getByRole('group', { name: /If Sam Rivera dies first, does Pat Rivera/ });
    expect(within(sams).getByRole('radio', { name: 'Yes' })).not.toBeChecked();
  });

  it('has no such question for a single client', () => {
    renderIntake(household({ spouse: null }), <BeneficiariesSection />);
    expect(screen.queryByRole('group', { name: /surviving trustor/ })).not.toBeInTheDocument();
  });

  it('links a person from another list (locked names), which makes it a person beneficiary', async () => {
    const morgan = trustee();
    const { user, server } = renderIntake(household({ spouse: null, trustees: [morgan] }), <BeneficiariesSection />);
    await user.click(screen.getByRole('button', { name: 'Add Beneficiary' }));
    expect(within(dialog()).queryByRole('group', { name: 'Beneficiary Type' })).not.toBeInTheDocument();
    await user.click(within(dialog()).getByRole('radio', { name: 'Yes' }));
    await user.selectOptions(within(dialog()).getByRole('combobox', { name: 'Existing Person' }), morgan.person.hash);
    expect(within(dialog()).getByRole('textbox', { name: 'First Name' })).toHaveAttribute('readonly');
    await fillTerms(user, dialog(), 'Friend', 'primary', '100');
    await user.click(within(dialog()).getByRole('button', { name: 'Create' }));
    await screen.findByRole('alertdialog', { name: 'Beneficiary Added' });
    expect(server.inputsOf('upsertBeneficiaryAction')[0]).toMatchObject({ type: 'person', existing_person_hash: morgan.person.hash, first_name: 'Morgan' });
  });

  // Issue 27: a beneficiary linked from a child's record asked for the relationship again.
  it("links a child: the relationship is filled in as 'Child', still editable, and saved", async () => {
    const riley = child({ owner: '1' });
    const { user, server } = renderIntake(household({ spouse: null, children: [riley] }), <BeneficiariesSection />);
    await user.click(screen.getByRole('button', { name: 'Add Beneficiary' }));
    await user.click(within(dialog()).getByRole('radio', { name: 'Yes' }));
    await user.selectOptions(within(dialog()).getByRole('combobox', { name: 'Existing Person' }), riley.person.hash);
    const relationship = within(dialog()).getByRole('combobox', { name: 'Relationship' });
    expect(relationship).toHaveValue('Child');
    expect(relationship).toBeEnabled();
    // Editable: another choice is kept and saved.
    await user.selectOptions(relationship, 'Step-Child');
    expect(relationship).toHaveValue('Step-Child');
    await user.selectOptions(within(dialog()).getByRole('combobox', { name: 'Tier' }), 'primary');
    await user.type(within(dialog()).getByRole('textbox', { name: 'Percentage' }), '100');
    await user.click(within(dialog()).getByRole('button', { name: 'Create' }));
    await screen.findByRole('alertdialog', { name: 'Beneficiary Added' });
    expect(server.inputsOf('upsertBeneficiaryAction')[0]).toMatchObject({ existing_person_hash: riley.person.hash, values1: { relationship: 'Step-Child' } });
  });

  it("with a spouse: a shared child is 'Child' to both; one spouse's child is the other's 'Step-Child', with separate values", async () => {
    const shared = child({ owner: 'both', person: person({ firstName: 'Avery', lastName: 'Rivera', dob: '2012-01-05' }) });
    const pats = child({ owner: '1', person: person({ firstName: 'Quinn', lastName: 'Rivera', dob: '2010-04-11' }) });
    const { user } = renderIntake(household({ children: [shared, pats] }), <BeneficiariesSection />);
    await user.click(screen.getByRole('button', { name: 'Add Beneficiary' }));
    await user.click(within(dialog()).getByRole('radio', { name: 'Yes' }));
    const existing = within(dialog()).getByRole('combobox', { name: 'Existing Person' });
    await user.selectOptions(existing, shared.person.hash);
    expect(
      within(dialog())
        .getAllByRole('combobox', { name: 'Relationship' })
        .map((select) => (select as HTMLSelectElement).value),
    ).toEqual(['Child']);

    await user.selectOptions(existing, pats.person.hash);
    await waitFor(() =>
      expect(
        within(dialog())
          .getAllByRole('combobox', { name: 'Relationship' })
          .map((select) => (select as HTMLSelectElement).value),
      ).toEqual(['Child', 'Step-Child']),
    );
  });

  it('links someone who is not a child: the relationship is left to choose', async () => {
    const morgan = trustee();
    const { user } = renderIntake(household({ spouse: null, trustees: [morgan] }), <BeneficiariesSection />);
    await user.click(screen.getByRole('button', { name: 'Add Beneficiary' }));
    await user.click(within(dialog()).getByRole('radio', { name: 'Yes' }));
    await user.selectOptions(within(dialog()).getByRole('combobox', { name: 'Existing Person' }), morgan.person.hash);
    expect(within(dialog()).getByRole('combobox', { name: 'Relationship' })).toHaveValue('');
  });

  it('has no axe violation with the modal open (person, then entity with separate values and errors)', async () => {
    const { user } = renderIntake(household(), <BeneficiariesSection />);
    await user.click(screen.getByRole('button', { name: 'Add Beneficiary' }));
    expect(await axeViolations()).toEqual([]);
    await user.click(within(dialog()).getByRole('radio', { name: /Entity/ }));
    await user.click(within(dialog()).getByRole('checkbox', { name: 'Same values for Pat and Sam' }));
    await user.click(within(dialog()).getByRole('button', { name: 'Create' }));
    await within(dialog()).findByText('Name is required.');
    expect(await axeViolations()).toEqual([]);
  });
});
