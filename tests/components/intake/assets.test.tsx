import { screen, waitFor, within } from '@testing-library/react';
import { AccountsSection } from '@/components/intake/assets/accounts-section';
import { CompaniesSection } from '@/components/intake/assets/companies-section';
import { GiftsSection } from '@/components/intake/assets/gifts-section';
import { NoteSection } from '@/components/intake/assets/note-section';
import { PropertiesSection } from '@/components/intake/assets/properties-section';
import * as actions from '@/lib/actions/intake';
import { axeViolations } from '../records/axe';
import { account, beneficiary, company, household, property, renderIntake } from './fake-intake';

jest.mock('@/lib/actions/intake', () => jest.requireActual('./actions-mock'));
jest.mock('next/navigation', () => ({ useRouter: () => ({ refresh: jest.fn() }) }));

const dialog = (name: string | RegExp) => screen.getByRole('dialog', { name });

describe('Properties', () => {
  it('lists address, value, purchase date, owner and the primary-residence marker', () => {
    renderIntake(household({ properties: [property({ owner: 'both', isPrimary1: true, purchaseMonth: 6, purchaseYear: 2012 })] }), <PropertiesSection />);
    const row = screen.getByRole('row', { name: /12 Oak Lane/ });
    expect(row).toHaveTextContent('12 Oak Lane, San Jose, CA 95112');
    expect(row).toHaveTextContent('$850,000.00');
    expect(row).toHaveTextContent('06/2012');
    expect(row).toHaveTextContent('Both');
    expect(within(row).getByRole('img', { name: 'Primary residence of Pat' })).toBeInTheDocument();
    expect(screen.getByText(/Total value/)).toHaveTextContent('$850,000.00');
  });

  it('New Property: ZIP, value with separators, purchase year list; Property Added; Edit Property', async () => {
    const { user, server } = renderIntake(household({ spouse: null }), <PropertiesSection />);
    await user.click(screen.getByRole('button', { name: 'Add Property' }));
    const modal = dialog('New Property');
    const years = within(modal).getByRole('combobox', { name: 'Purchase Year' });
    const options = within(years)
      .getAllByRole('option')
      .map((o) => o.textContent);
    expect(options[1]).toBe(String(new Date().getFullYear()));
    expect(options.at(-1)).toBe('1900');
    await user.type(within(modal).getByRole('textbox', { name: 'Street' }), '1 Main St');
    await user.type(within(modal).getByRole('textbox', { name: 'City' }), 'Austin');
    await user.selectOptions(within(modal).getByRole('combobox', { name: 'State' }), 'TX');
    await user.type(within(modal).getByRole('textbox', { name: 'ZIP' }), '78701');
    await user.type(within(modal).getByRole('textbox', { name: 'Value' }), '350000');
    expect(within(modal).getByRole('textbox', { name: 'Value' })).toHaveValue('350,000');
    await user.selectOptions(years, '2004');
    // A single owner chooses the primary residence with a checkbox.
    await user.click(within(modal).getByRole('checkbox', { name: 'Primary Residence' }));
    await user.click(within(modal).getByRole('button', { name: 'Create' }));
    const added = await screen.findByRole('alertdialog', { name: 'Property Added' });
    expect(server.inputsOf('upsertPropertyAction')[0]).toMatchObject({
      street: '1 Main St',
      state: 'TX',
      zip: '78701',
      value: '350000.00',
      purchase_year: 2004,
      purchase_month: null,
      is_primary1: true,
    });
    await user.click(within(added).getByRole('button', { name: 'Finished With Properties' }));
    await user.click(screen.getByRole('button', { name: /Edit Property: 1 Main St/ }));
    expect(dialog('Edit Property')).toBeInTheDocument();
  });

  it("asks 'Confirm Primary Residence Change' when the owner has one; Cancel keeps the old value", async () => {
    const home = property({ owner: 'both', isPrimary1: true, isPrimary2: true });
    const { user } = renderIntake(
      household({ properties: [home, property({ owner: 'both', address: { ...home.address, hash: 'a2', street: '9 Lake Rd' } })] }),
      <PropertiesSection />,
    );
    await user.click(screen.getByRole('button', { name: /Edit Property: 9 Lake Rd/ }));
    const modal = dialog('Edit Property');
    const select = within(modal).getByRole('combobox', { name: 'Primary Residence' });
    expect(
      within(select)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['No', 'Pat', 'Sam', 'Both']);
    await user.selectOptions(select, 'Sam');
    const confirm = await screen.findByRole('alertdialog', { name: 'Confirm Primary Residence Change' });
    expect(confirm).toHaveTextContent('You can only have one primary residence set at a time. Are you sure you wish to change it to this property?');
    expect(within(confirm).getByRole('button', { name: 'Cancel' })).toHaveFocus();
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(select).toHaveValue('no'));
    await user.selectOptions(select, 'Sam');
    await user.click(within(await screen.findByRole('alertdialog', { name: 'Confirm Primary Residence Change' })).getByRole('button', { name: 'Yes' }));
    await waitFor(() => expect(select).toHaveValue('2'));
    expect(await axeViolations()).toEqual([]);
  });
});

describe('Companies', () => {
  it('has a help icon; stock shares only for corporations, sent as null otherwise', async () => {
    const { user, server } = renderIntake(household({ spouse: null, companies: [company()] }), <CompaniesSection />);
    expect(screen.getByRole('row', { name: /Rivera Design Inc/ })).toHaveTextContent('60%');
    await user.click(screen.getByRole('button', { name: 'Help: Companies' }));
    await user.click(within(dialog('Companies')).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    await user.click(screen.getByRole('button', { name: 'Edit Company: Rivera Design Inc' }));
    const modal = dialog('Edit Company');
    expect(within(modal).getByRole('textbox', { name: 'Stock Shares' })).toHaveValue('600');
    await user.selectOptions(within(modal).getByRole('combobox', { name: 'Type' }), 'Partnership');
    expect(within(modal).queryByRole('textbox', { name: 'Stock Shares' })).not.toBeInTheDocument();
    await user.click(within(modal).getByRole('button', { name: 'Save' }));
    await screen.findByRole('alertdialog', { name: 'Company Updated' });
    expect(server.inputsOf('upsertCompanyAction')[0]).toMatchObject({ type: 'partnership', values1: { share_percent: '60.00', stock_shares: null } });
  });

  // Issue 18: the field took any text ('12ab') until Save.
  it('stock shares take digits only, as typed and as pasted', async () => {
    const { user, server } = renderIntake(household({ spouse: null }), <CompaniesSection />);
    await user.click(screen.getByRole('button', { name: 'Add Company' }));
    const modal = dialog('New Company');
    await user.type(within(modal).getByRole('textbox', { name: 'Company Name' }), 'Acme');
    await user.selectOptions(within(modal).getByRole('combobox', { name: 'Type' }), 'Corporation');
    await user.type(within(modal).getByRole('textbox', { name: 'Share Percent' }), '50');
    const shares = within(modal).getByRole('textbox', { name: 'Stock Shares' });
    await user.type(shares, '12ab');
    expect(shares).toHaveValue('12');
    await user.type(shares, '-3.5');
    expect(shares).toHaveValue('1235');
    await user.clear(shares);
    await user.click(shares);
    await user.paste('1,000 shares');
    expect(shares).toHaveValue('1000');
    await user.click(within(modal).getByRole('button', { name: 'Create' }));
    await screen.findByRole('alertdialog', { name: 'Company Added' });
    expect(server.inputsOf('upsertCompanyAction')[0]).toMatchObject({ values1: { stock_shares: 1000 } });
  });

  it('a couple: same values by default; unticked, a stake per owner', async () => {
    const { user, server } = renderIntake(household(), <CompaniesSection />);
    await user.click(screen.getByRole('button', { name: 'Add Company' }));
    const modal = dialog('New Company');
    await user.type(within(modal).getByRole('textbox', { name: 'Company Name' }), 'Acme');
    await user.selectOptions(within(modal).getByRole('combobox', { name: 'Type' }), 'Corporation');
    await user.type(within(modal).getByRole('textbox', { name: 'Share Percent' }), '50');
    await user.type(within(modal).getByRole('textbox', { name: 'Stock Shares' }), '100');
    await user.click(within(modal).getByRole('checkbox', { name: 'Same values for Pat and Sam' }));
    const sam = within(modal).getByRole('group', { name: 'Stake of Sam' });
    await user.clear(within(sam).getByRole('textbox', { name: 'Share Percent' }));
    await user.type(within(sam).getByRole('textbox', { name: 'Share Percent' }), '25');
    await user.click(within(modal).getByRole('button', { name: 'Create' }));
    await screen.findByRole('alertdialog', { name: 'Company Added' });
    expect(server.inputsOf('upsertCompanyAction')[0]).toMatchObject({
      owner: 'both',
      same_values: false,
      values1: { share_percent: '50.00', stock_shares: 100 },
      values2: { share_percent: '25.00', stock_shares: 100 },
    });
  });
});

describe('Specific gifts', () => {
  it("refuses to start without beneficiaries: 'No Beneficiaries Found'", async () => {
    const { user } = renderIntake(household(), <GiftsSection />);
    await user.click(screen.getByRole('button', { name: 'Add Gift' }));
    const error = await screen.findByRole('alertdialog', { name: 'No Beneficiaries Found' });
    expect(error).toHaveTextContent('You must first add beneficiaries for designating gifts to');
    expect(screen.queryByRole('dialog', { name: 'New Gift' })).not.toBeInTheDocument();
  });

  it("type first; Real Estate without properties: 'No Properties Found' and the type resets; an owner change refreshes the choices", async () => {
    const pats = beneficiary({ owner: '1', hash: 'b-pat' });
    const sams = beneficiary({ owner: '2', hash: 'b-sam', person: { ...pats.person!, hash: 'p-sam', firstName: 'Jo' } });
    const { user, server } = renderIntake(household({ beneficiaries: [pats, sams] }), <GiftsSection />);
    await user.click(screen.getByRole('button', { name: 'Add Gift' }));
    const modal = dialog('New Gift');
    expect(within(modal).queryByRole('combobox', { name: 'Beneficiary' })).not.toBeInTheDocument();
    const type = within(modal).getByRole('combobox', { name: 'Gift Type' });
    expect(
      within(type)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Select…', 'Real Estate', 'Cash Amount', 'Specific Item']);
    await user.selectOptions(type, 'Real Estate');
    const none = await screen.findByRole('alertdialog', { name: 'No Properties Found' });
    expect(none).toHaveTextContent('You must first add properties to be able to select them as real estate gifts');
    await user.click(within(none).getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(type).toHaveValue(''));

    await user.selectOptions(type, 'Cash Amount');
    const beneficiaryOptions = () =>
      within(within(modal).getByRole('combobox', { name: 'Beneficiary' }))
        .getAllByRole('option')
        .map((o) => o.textContent);
    expect(beneficiaryOptions()).toEqual(['Select…', 'Avery Rivera', 'Jo Rivera']);
    await user.selectOptions(within(modal).getByRole('combobox', { name: 'Beneficiary' }), 'Avery Rivera');
    // Sam's gift cannot go to Pat's beneficiary: the selection clears.
    await user.selectOptions(within(modal).getByRole('combobox', { name: 'Client' }), 'Sam');
    expect(beneficiaryOptions()).toEqual(['Select…', 'Jo Rivera']);
    expect(within(modal).getByRole('combobox', { name: 'Beneficiary' })).toHaveValue('');
    await user.selectOptions(within(modal).getByRole('combobox', { name: 'Beneficiary' }), 'Jo Rivera');
    await user.type(within(modal).getByRole('textbox', { name: 'Cash Amount' }), '2500');
    await user.click(within(modal).getByRole('radio', { name: "Distributed to That Beneficiary's Living Issue" }));
    expect(within(modal).getByRole('radio', { name: 'Distributed Equally to Remaining Living Beneficiaries' })).toBeInTheDocument();
    expect(await axeViolations()).toEqual([]);
    await user.click(within(modal).getByRole('button', { name: 'Create' }));
    await screen.findByRole('alertdialog', { name: 'Gift Added' });
    expect(server.inputsOf('upsertGiftAction')[0]).toMatchObject({
      owner: '2',
      gift_type: 'cash',
      beneficiary_hash: 'b-sam',
      cash_amount: '2500.00',
      predecease_distribution: 'bloodline',
    });
  });
});

describe('Accounts', () => {
  it('bank: the spec company list, Other as free text with a way back; the number kept and shown masked', async () => {
    const { user, server } = renderIntake(household({ spouse: null }), <AccountsSection kind="bank" />);
    await user.click(screen.getByRole('button', { name: 'Add Bank Account' }));
    const modal = dialog('New Bank Account');
    const company = within(modal).getByRole('combobox', { name: 'Company' });
    expect(within(company).getAllByRole('option')).toHaveLength(16);
    await user.selectOptions(company, 'Other');
    await user.type(within(modal).getByRole('textbox', { name: 'Company' }), 'Hometown CU');
    await user.click(within(modal).getByRole('button', { name: /Choose from the list/ }));
    expect(within(modal).getByRole('combobox', { name: 'Company' })).toHaveValue('');
    await user.selectOptions(within(modal).getByRole('combobox', { name: 'Company' }), 'Wells Fargo');
    await user.selectOptions(within(modal).getByRole('combobox', { name: 'Type' }), 'Savings');
    await user.type(within(modal).getByRole('textbox', { name: 'Account Number' }), 'AB-12 9876');
    await user.type(within(modal).getByRole('textbox', { name: 'Value' }), '12000');
    await user.click(within(modal).getByRole('button', { name: 'Create' }));
    await user.click(
      within(await screen.findByRole('alertdialog', { name: 'Bank Account Added' })).getByRole('button', { name: 'Finished With Bank Accounts' }),
    );
    expect(server.inputsOf('upsertAccountAction')[0]).toMatchObject({
      kind: 'bank',
      company: 'Wells Fargo',
      type: 'Savings',
      number: 'AB-12 9876',
      value: '12000.00',
    });
    const row = await screen.findByRole('row', { name: /Wells Fargo/ });
    expect(row).toHaveTextContent('••••9876');
    expect(row).not.toHaveTextContent('AB-12');
  });

  it('annuities have no type; Annuity Updated; the stored number is never in the form', async () => {
    const { user, server } = renderIntake(
      household({ spouse: null, annuityAccounts: [account('annuity', { company: 'MetLife' })] }),
      <AccountsSection kind="annuity" />,
    );
    expect(screen.getAllByRole('columnheader').map((h) => h.textContent)).not.toContain('Type');
    await user.click(screen.getByRole('button', { name: /Edit Annuity Account: MetLife/ }));
    const modal = dialog('Edit Annuity Account');
    expect(within(modal).queryByRole('combobox', { name: 'Type' })).not.toBeInTheDocument();
    expect(within(modal).getByRole('textbox', { name: 'Account Number' })).toHaveValue('');
    expect(modal).toHaveTextContent('Stored: ••••7788');
    await user.click(within(modal).getByRole('button', { name: 'Save' }));
    await screen.findByRole('alertdialog', { name: 'Annuity Updated' });
    expect(server.inputsOf('upsertAccountAction')[0]).toMatchObject({ kind: 'annuity', number: '' });
  });

  it('retirement: the spec types', async () => {
    const { user } = renderIntake(household({ spouse: null }), <AccountsSection kind="retirement" />);
    await user.click(screen.getByRole('button', { name: 'Add Retirement Account' }));
    const types = within(within(dialog('New Retirement Account')).getByRole('combobox', { name: 'Type' }))
      .getAllByRole('option')
      .map((o) => o.textContent);
    expect(types.slice(1, 3)).toEqual(['Traditional IRA', 'Roth IRA']);
    expect(types.at(-1)).toBe('Other');
    expect(await axeViolations()).toEqual([]);
  });
});

describe('Additional comments', () => {
  it('a 10-row text area saved on blur when the note is non-empty, without the loading overlay', async () => {
    const { user, server } = renderIntake(household(), <NoteSection />);
    const area = screen.getByRole('textbox', { name: 'Additional comments or questions for your attorney' });
    expect(area).toHaveAttribute('rows', '10');
    // Empty entered and stored: no save.
    await user.click(area);
    await user.tab();
    expect(server.inputsOf('saveNoteAction')).toHaveLength(0);
    // While the save runs, no loading overlay shows (the page stays usable).
    const fake = jest.mocked(actions.saveNoteAction).getMockImplementation()!;
    let release: () => void = () => undefined;
    jest.mocked(actions.saveNoteAction).mockImplementationOnce((input) => new Promise((resolve) => (release = () => resolve(fake(input)))));
    await user.type(area, 'Please call after 5pm.');
    await user.tab();
    await waitFor(() => expect(server.inputsOf('saveNoteAction')).toHaveLength(1));
    expect(screen.getByText('Saving…')).toBeInTheDocument();
    expect(screen.queryByTestId('loading-overlay')).not.toBeInTheDocument();
    release();
    expect(server.inputsOf('saveNoteAction')[0]).toMatchObject({ body: 'Please call after 5pm.' });
    expect(await screen.findByText('Saved.')).toBeInTheDocument();
    // Clearing a stored note saves the empty note.
    await user.clear(area);
    await user.tab();
    await waitFor(() => expect(server.inputsOf('saveNoteAction')).toHaveLength(2));
    expect(server.inputsOf('saveNoteAction')[1]).toMatchObject({ body: '', version: 1 });
  });

  it('a failed save shows the Error dialog', async () => {
    const { user } = renderIntake(household(), <NoteSection />);
    jest.mocked(actions.saveNoteAction).mockResolvedValueOnce({ ok: false, status: 500, message: 'The note could not be saved.' });
    await user.type(screen.getByRole('textbox', { name: /Additional comments/ }), 'Hello');
    await user.tab();
    const error = await screen.findByRole('alertdialog', { name: 'Error' });
    expect(error).toHaveTextContent('The note could not be saved.');
  });
});
