import { screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { PoasSection } from '@/components/intake/poas/poas-section';
import { TrusteesSection } from '@/components/intake/trustees/trustees-section';
import { axeViolations } from '../records/axe';
import { agent, child, household, person, renderIntake, trustee } from './fake-intake';

jest.mock('@/lib/actions/intake', () => jest.requireActual('./actions-mock'));
jest.mock('@/lib/actions/plans', () => jest.requireActual('./plans-actions-mock'));
jest.mock('next/navigation', () => ({ useRouter: () => ({ refresh: jest.fn() }) }));

const dialog = (name: string | RegExp) => screen.getByRole('dialog', { name });

async function fillPerson(user: UserEvent, modal: HTMLElement, first: string, last: string) {
  await user.type(within(modal).getByRole('textbox', { name: 'First Name' }), first);
  await user.type(within(modal).getByRole('textbox', { name: 'Last Name' }), last);
  await user.type(within(modal).getByRole('textbox', { name: 'Phone' }), '4085550130');
  await user.type(within(modal).getByRole('textbox', { name: 'Email' }), `${first.toLowerCase()}@example.test`);
}

describe('Successor trustees', () => {
  it('lists name, phone, email, serve order and owner', () => {
    renderIntake(household({ trustees: [trustee({ owner: 'both', order1: 1, order2: 2 })] }), <TrusteesSection />);
    const row = screen.getByRole('row', { name: /Morgan Ellis/ });
    expect(row).toHaveTextContent('(408) 555-0130');
    expect(row).toHaveTextContent('morgan@example.test');
    expect(row).toHaveTextContent('Pat: 1');
    expect(row).toHaveTextContent('Sam: 2');
    expect(row).toHaveTextContent('Both');
  });

  it('create → Successor Trustee Added, next in line by default; update → Successor Trustees Updated; Remove Successor Trustee?', async () => {
    const { user, server } = renderIntake(household({ spouse: null, trustees: [trustee()] }), <TrusteesSection />);
    await user.click(screen.getByRole('button', { name: 'Add Successor Trustee' }));
    const modal = dialog('New Successor Trustee');
    // Morgan (a trustee already) is not offered: nobody to link, so the form shows at once.
    expect(within(modal).queryByText('Link from existing record?')).not.toBeInTheDocument();
    await fillPerson(user, modal, 'Chris', 'Ellis');
    expect(within(modal).getByRole('combobox', { name: 'Serve Order' })).toHaveValue('2');
    await user.click(within(modal).getByRole('button', { name: 'Create' }));
    const added = await screen.findByRole('alertdialog', { name: 'Successor Trustee Added' });
    expect(added).toHaveTextContent('Would you like to add another successor trustee?');
    expect(server.inputsOf('upsertTrusteeAction')[0]).toMatchObject({ first_name: 'Chris', phone: '4085550130', owner: '1', values1: { order: 2 } });
    await user.click(within(added).getByRole('button', { name: 'Finished With Successor Trustees' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    await user.click(screen.getByRole('button', { name: 'Edit Successor Trustee: Chris Ellis' }));
    await user.click(within(dialog('Edit Successor Trustee')).getByRole('button', { name: 'Save' }));
    const updated = await screen.findByRole('alertdialog', { name: 'Successor Trustees Updated' });
    await user.click(within(updated).getByRole('button', { name: 'OK' }));
    await user.click(screen.getByRole('button', { name: 'Edit Successor Trustee: Chris Ellis' }));
    await user.click(within(dialog('Edit Successor Trustee')).getByRole('button', { name: 'Remove' }));
    expect(await screen.findByRole('alertdialog', { name: 'Remove Successor Trustee?' })).toHaveTextContent(
      'Are you sure you would like to remove this successor trustee?',
    );
  });

  it("serve order 'Other' switches to a two-digit entry with a reset icon back to the list", async () => {
    const { user, server } = renderIntake(household({ spouse: null }), <TrusteesSection />);
    await user.click(screen.getByRole('button', { name: 'Add Successor Trustee' }));
    const modal = dialog('New Successor Trustee');
    const order = within(modal).getByRole('combobox', { name: 'Serve Order' });
    expect(
      within(order)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Select…', '1', '2', '3', 'Other']);
    await user.selectOptions(order, 'Other');
    const entry = within(modal).getByRole('textbox', { name: 'Serve Order' });
    expect(entry).toHaveFocus();
    await user.type(entry, '123');
    expect(entry).toHaveValue('12');

    await user.click(within(modal).getByRole('button', { name: 'Back to the list of serve orders' }));
    expect(within(modal).getByRole('combobox', { name: 'Serve Order' })).toHaveFocus();
    expect(within(modal).getByRole('combobox', { name: 'Serve Order' })).toHaveValue('');

    await user.selectOptions(within(modal).getByRole('combobox', { name: 'Serve Order' }), 'Other');
    await user.type(within(modal).getByRole('textbox', { name: 'Serve Order' }), '7');
    await fillPerson(user, modal, 'Dana', 'Cole');
    await user.click(within(modal).getByRole('button', { name: 'Create' }));
    await screen.findByRole('alertdialog', { name: 'Successor Trustee Added' });
    expect(server.inputsOf('upsertTrusteeAction')[0]).toMatchObject({ values1: { order: 7 } });
  });

  it('a stored order beyond the list shows in the list; separate orders per client when owner both is not the same', async () => {
    const morgan = trustee({ owner: 'both', order1: 12, order2: 1 });
    const { user } = renderIntake(household({ trustees: [morgan] }), <TrusteesSection />);
    await user.click(screen.getByRole('button', { name: 'Edit Successor Trustee: Morgan Ellis' }));
    const modal = dialog('Edit Successor Trustee');
    expect(within(modal).getByRole('checkbox', { name: 'Same values for Pat and Sam' })).not.toBeChecked();
    expect(within(within(modal).getByRole('group', { name: 'Serve Order for Pat' })).getByRole('combobox')).toHaveValue('12');
    expect(within(within(modal).getByRole('group', { name: 'Serve Order for Sam' })).getByRole('combobox')).toHaveValue('1');
  });

  it('explains the section in a help dialog', async () => {
    const { user } = renderIntake(household(), <TrusteesSection />);
    await user.click(screen.getByRole('button', { name: 'Help: Successor Trustees' }));
    const help = dialog('Successor Trustees');
    expect(help).toHaveTextContent('successor trustee takes over');
    expect(await axeViolations()).toEqual([]);
    await user.click(within(help).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it("linking a child under 18 asks 'Minor Selected': Go Back keeps the previous choice, Continue links; an adult links at once", async () => {
    const riley = child();
    const avery = child({ person: person({ firstName: 'Avery', lastName: 'Rivera', dob: '2001-06-15', phone: '4085550122' }) });
    const { user, server } = renderIntake(household({ spouse: null, children: [riley, avery] }), <TrusteesSection />);
    await user.click(screen.getByRole('button', { name: 'Add Successor Trustee' }));
    const modal = dialog('New Successor Trustee');
    await user.click(within(modal).getByRole('radio', { name: 'Yes' }));
    const existing = within(modal).getByRole('combobox', { name: 'Existing Person' });

    await user.selectOptions(existing, 'Riley Rivera (Child)');
    const warning = await screen.findByRole('alertdialog', { name: 'Minor Selected' });
    expect(warning).toHaveTextContent('Riley Rivera is under 18. A successor trustee must be an adult. Do you want to continue?');
    expect(within(warning).getByRole('button', { name: 'Go Back' })).toHaveFocus();
    await user.click(within(warning).getByRole('button', { name: 'Go Back' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    // Nobody linked: the choice is empty again and the form (with its Create button) still waits.
    expect(existing).toHaveValue('');
    expect(within(modal).queryByRole('textbox', { name: 'First Name' })).not.toBeInTheDocument();
    expect(within(modal).queryByRole('button', { name: 'Create' })).not.toBeInTheDocument();

    // An adult: no question.
    await user.selectOptions(existing, 'Avery Rivera (Child)');
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(within(modal).getByRole('textbox', { name: 'First Name' })).toHaveValue('Avery');

    // Back to the minor, confirmed this time: linked.
    await user.selectOptions(existing, 'Riley Rivera (Child)');
    await user.click(within(await screen.findByRole('alertdialog', { name: 'Minor Selected' })).getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(within(modal).getByRole('textbox', { name: 'First Name' })).toHaveValue('Riley'));
    expect(within(modal).getByRole('textbox', { name: 'First Name' })).toHaveAttribute('readonly');
    await user.click(within(modal).getByRole('button', { name: 'Create' }));
    await screen.findByRole('alertdialog', { name: 'Successor Trustee Added' });
    expect(server.inputsOf('upsertTrusteeAction')[0]).toMatchObject({ existing_person_hash: riley.person.hash });
  });

  it('has no axe violation with the modal open (link question, then the form with errors)', async () => {
    const { user } = renderIntake(household({ children: [child()] }), <TrusteesSection />);
    await user.click(screen.getByRole('button', { name: 'Add Successor Trustee' }));
    expect(await axeViolations()).toEqual([]);
    await user.click(within(dialog('New Successor Trustee')).getByRole('radio', { name: 'No' }));
    await user.click(within(dialog('New Successor Trustee')).getByRole('button', { name: 'Create' }));
    await within(dialog('New Successor Trustee')).findByText('First name is required.');
    expect(await axeViolations()).toEqual([]);
  });
});

describe('Durable powers of attorney', () => {
  it('has a block per type; the financial one only when shown', () => {
    const { unmount } = renderIntake(household(), <PoasSection />);
    expect(screen.getAllByRole('heading', { level: 3 }).map((h) => h.textContent)).toEqual([
      'General Durable Power of Attorney',
      'Medical Durable Power of Attorney',
      'Financial Durable Power of Attorney',
    ]);
    unmount();
    renderIntake(household({ showsFinancialPoa: false }), <PoasSection />);
    expect(screen.getAllByRole('heading', { level: 3 }).map((h) => h.textContent)).toEqual([
      'General Durable Power of Attorney',
      'Medical Durable Power of Attorney',
    ]);
    expect(screen.queryByRole('button', { name: 'Add Financial PoA' })).not.toBeInTheDocument();
  });

  it("'<Type> PoA Added' / '<Type> PoA Updated' / 'Remove <Type> PoA?'", async () => {
    const { user, server } = renderIntake(household({ spouse: null }), <PoasSection />);
    await user.click(screen.getByRole('button', { name: 'Add Medical PoA' }));
    const modal = dialog('New Medical PoA');
    await fillPerson(user, modal, 'Grace', 'Kim');
    await user.click(within(modal).getByRole('button', { name: 'Create' }));
    const added = await screen.findByRole('alertdialog', { name: 'Medical PoA Added' });
    expect(added).toHaveTextContent('Would you like to add another medical PoA?');
    expect(server.inputsOf('upsertAgentAction')[0]).toMatchObject({ type: 'medical', first_name: 'Grace', values1: { order: 1 } });
    await user.click(within(added).getByRole('button', { name: 'Finished With Medical Durable Power of Attorneys' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    // Only the medical list has her.
    const medical = screen.getByRole('region', { name: 'Medical Durable Power of Attorney Agents' });
    expect(within(medical).getByRole('row', { name: /Grace Kim/ })).toBeInTheDocument();
    expect(within(screen.getByRole('region', { name: 'General Durable Power of Attorney Agents' })).queryByText('Grace Kim')).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Edit Medical PoA: Grace Kim' }));
    await user.click(within(dialog('Edit Medical PoA')).getByRole('button', { name: 'Save' }));
    await user.click(within(await screen.findByRole('alertdialog', { name: 'Medical PoA Updated' })).getByRole('button', { name: 'OK' }));
    await user.click(screen.getByRole('button', { name: 'Edit Medical PoA: Grace Kim' }));
    await user.click(within(dialog('Edit Medical PoA')).getByRole('button', { name: 'Remove' }));
    const remove = await screen.findByRole('alertdialog', { name: 'Remove Medical PoA?' });
    await user.click(within(remove).getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(server.inputsOf('deleteAgentAction')[0]).toMatchObject({ type: 'medical', version: 2 });
  });

  it("offers the general agents when adding a medical agent ('Link from existing record?')", async () => {
    const grace = agent('general');
    const { user, server } = renderIntake(household({ spouse: null, agents: [grace] }), <PoasSection />);
    await user.click(screen.getByRole('button', { name: 'Add Medical PoA' }));
    const modal = dialog('New Medical PoA');
    await user.click(within(modal).getByRole('radio', { name: 'Yes' }));
    await user.selectOptions(within(modal).getByRole('combobox', { name: 'Existing Person' }), 'Grace Kim (General PoA)');
    expect(within(modal).getByRole('textbox', { name: 'Phone' })).toHaveAttribute('readonly');
    expect(within(modal).getByRole('textbox', { name: 'Email' })).toHaveValue('grace@example.test');
    await user.click(within(modal).getByRole('button', { name: 'Create' }));
    await screen.findByRole('alertdialog', { name: 'Medical PoA Added' });
    expect(server.inputsOf('upsertAgentAction')[0]).toMatchObject({ type: 'medical', existing_person_hash: grace.person.hash });
    // The general list does not offer her again.
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: /Finished With/ }));
    await user.click(screen.getByRole('button', { name: 'Add General PoA' }));
    expect(within(dialog('New General PoA')).queryByText('Link from existing record?')).not.toBeInTheDocument();
  });

  it("'Agents Serve': in order, together, or together and independently, for the client's whole list of the type", async () => {
    const grace = agent('general');
    const { user, server } = renderIntake(
      household({ spouse: null, agents: [grace, agent('medical', { person: person({ firstName: 'Mo', lastName: 'Hart' }) })] }),
      <PoasSection />,
    );
    await user.click(screen.getByRole('button', { name: 'Add General PoA' }));
    const modal = dialog('New General PoA');
    await user.click(within(modal).getByRole('radio', { name: 'No' }));
    await fillPerson(user, modal, 'Ivy', 'Lane');
    const serves = within(modal).getByRole('group', { name: 'Agents Serve' });
    expect(
      within(serves)
        .getAllByRole('radio')
        .map((r) => (r as HTMLInputElement).labels?.[0]?.textContent),
    ).toEqual(['In the order listed', 'Together as co-agents', 'Together as co-agents, served independently']);
    // A new agent starts from the list's choice.
    expect(within(serves).getByRole('radio', { name: 'In the order listed' })).toBeChecked();
    expect(within(serves).getByRole('radio', { name: 'Together as co-agents' })).toHaveAccessibleDescription(
      /^Applies to all of Pat Rivera's general agents\./,
    );
    await user.click(within(serves).getByRole('radio', { name: 'Together as co-agents, served independently' }));
    await user.click(within(modal).getByRole('button', { name: 'Create' }));
    await user.click(within(await screen.findByRole('alertdialog', { name: 'General PoA Added' })).getByRole('button', { name: /Finished With/ }));
    expect(server.inputsOf('upsertAgentAction')[0]).toMatchObject({ type: 'general', values1: { order: 2, is_collective: true, is_independent: true } });

    // Grace, already on the list, now serves the same way; the medical list is untouched.
    await user.click(screen.getByRole('button', { name: 'Edit General PoA: Grace Kim' }));
    const edit = dialog('Edit General PoA');
    expect(
      within(within(edit).getByRole('group', { name: 'Agents Serve' })).getByRole('radio', { name: 'Together as co-agents, served independently' }),
    ).toBeChecked();
    await user.click(within(within(edit).getByRole('group', { name: 'Agents Serve' })).getByRole('radio', { name: 'Together as co-agents' }));
    await user.click(within(edit).getByRole('button', { name: 'Save' }));
    await user.click(within(await screen.findByRole('alertdialog', { name: 'General PoA Updated' })).getByRole('button', { name: 'OK' }));
    expect(server.inputsOf('upsertAgentAction')[1]).toMatchObject({ hash: grace.hash, values1: { is_collective: true, is_independent: false } });
    expect(server.current().agents.map((a) => [a.type, a.person.firstName, a.service1])).toEqual([
      ['general', 'Grace', { isCollective: true, isIndependent: false }],
      ['medical', 'Mo', { isCollective: false, isIndependent: false }],
      ['general', 'Ivy', { isCollective: true, isIndependent: false }],
    ]);
  });

  it("with a spouse, each client's 'Agents Serve' (a client's own list's choice), separate when the lists differ", async () => {
    const sams = agent('financial', { owner: '2', order1: null, order2: 1, service1: null, service2: { isCollective: true, isIndependent: false } });
    const { user, server } = renderIntake(household({ agents: [sams] }), <PoasSection />);
    await user.click(screen.getByRole('button', { name: 'Add Financial PoA' }));
    const modal = dialog('New Financial PoA');
    await fillPerson(user, modal, 'Ivy', 'Lane');
    // Pat's and Sam's lists serve differently: separate values from the start, so neither list changes unasked.
    expect(within(modal).getByRole('checkbox', { name: 'Same values for Pat and Sam' })).not.toBeChecked();
    const forPat = within(modal).getByRole('group', { name: 'For Pat' });
    const forSam = within(modal).getByRole('group', { name: 'For Sam' });
    expect(within(forPat).getByRole('radio', { name: 'In the order listed' })).toBeChecked();
    expect(within(forSam).getByRole('radio', { name: 'Together as co-agents' })).toBeChecked();
    expect(within(forSam).getByRole('radio', { name: 'In the order listed' })).toHaveAccessibleDescription(/^Applies to all of Sam's financial agents\./);
    await user.click(within(forSam).getByRole('radio', { name: 'Together as co-agents, served independently' }));
    await user.click(within(modal).getByRole('button', { name: 'Create' }));
    await screen.findByRole('alertdialog', { name: 'Financial PoA Added' });
    expect(server.inputsOf('upsertAgentAction')[0]).toMatchObject({
      owner: 'both',
      same_values: false,
      values1: { is_collective: false, is_independent: false },
      values2: { is_collective: true, is_independent: true },
    });
    expect(await axeViolations()).toEqual([]);
  });

  it("warns before linking a minor as an agent ('Minor Selected', naming the type)", async () => {
    const { user, server } = renderIntake(household({ spouse: null, children: [child()] }), <PoasSection />);
    await user.click(screen.getByRole('button', { name: 'Add Financial PoA' }));
    const modal = dialog('New Financial PoA');
    await user.click(within(modal).getByRole('radio', { name: 'Yes' }));
    await user.selectOptions(within(modal).getByRole('combobox', { name: 'Existing Person' }), 'Riley Rivera (Child)');
    const warning = await screen.findByRole('alertdialog', { name: 'Minor Selected' });
    expect(warning).toHaveTextContent('Riley Rivera is under 18. An agent under a financial power of attorney must be an adult. Do you want to continue?');
    expect(await axeViolations()).toEqual([]);
    await user.click(within(warning).getByRole('button', { name: 'Go Back' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(within(modal).getByRole('combobox', { name: 'Existing Person' })).toHaveValue('');
    expect(server.inputsOf('upsertAgentAction')).toHaveLength(0);
  });

  it("with a spouse, 'spouse is primary agent' per client and type, saved at once", async () => {
    const { user, server } = renderIntake(household(), <PoasSection />);
    const question = screen.getByRole('group', { name: "Is Pat Rivera the primary agent for Sam Rivera's medical power of attorney?" });
    await user.click(within(question).getByRole('radio', { name: 'No' }));
    await waitFor(() => expect(server.inputsOf('setSpouseChoiceAction')).toHaveLength(1));
    expect(server.inputsOf('setSpouseChoiceAction')[0]).toEqual({ client_hash: 'client-sam', version: 1, is_spouse_poa_medical: false });
    expect(server.current().spouse?.isSpousePoa.medical).toBe(false);
  });

  it('explains the section in a help dialog, without the financial type when hidden', async () => {
    const { user } = renderIntake(household({ showsFinancialPoa: false }), <PoasSection />);
    await user.click(screen.getByRole('button', { name: 'Help: Durable Powers of Attorney' }));
    expect(dialog('Durable Powers of Attorney')).not.toHaveTextContent('Financial');
  });

  it('has no axe violation with the modal open', async () => {
    const { user } = renderIntake(household(), <PoasSection />);
    await user.click(screen.getByRole('button', { name: 'Add General PoA' }));
    expect(await axeViolations()).toEqual([]);
  });
});
