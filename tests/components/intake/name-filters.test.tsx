import { screen, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { CompaniesSection } from '@/components/intake/assets/companies-section';
import { PropertiesSection } from '@/components/intake/assets/properties-section';
import { BeneficiariesSection } from '@/components/intake/beneficiaries/beneficiaries-section';
import { ChildrenSection } from '@/components/intake/children/children-section';
import { PersonalSection } from '@/components/intake/personal/personal-section';
import { PoasSection } from '@/components/intake/poas/poas-section';
import { TrusteesSection } from '@/components/intake/trustees/trustees-section';
import { household, renderIntake } from './fake-intake';

jest.mock('@/lib/actions/intake', () => jest.requireActual('./actions-mock'));
jest.mock('@/lib/actions/plans', () => jest.requireActual('./plans-actions-mock'));
jest.mock('next/navigation', () => ({ useRouter: () => ({ refresh: jest.fn() }) }));

/*
 * Issue 18: every person's name in the intake filters as typed (platform §5: letters, apostrophe, period,
 * hyphen, space; accents included) and every street too (letters, digits, ' . - , space). Entity names
 * (companies, trusts, charities) are not person names and stay free text.
 */

const NAMES = ['First Name', 'Middle Name', 'Last Name'];

/** Types a name with digits and symbols into each name field in `scope`; each keeps only the name's characters. */
async function expectNamesFiltered(user: UserEvent, scope: HTMLElement) {
  for (const label of NAMES) {
    const input = within(scope).getByRole('textbox', { name: label });
    await user.clear(input);
    await user.type(input, "Zoë3 O'Brien-Smith# Jr.");
    expect({ label, value: (input as HTMLInputElement).value }).toEqual({ label, value: "Zoë O'Brien-Smith Jr." });
  }
}

const dialog = (name: string | RegExp) => screen.getByRole('dialog', { name });

describe('name fields of the intake filter as typed', () => {
  it("the client's personal info", async () => {
    const { user } = renderIntake(household(), <PersonalSection />);
    await user.click(screen.getByRole('button', { name: 'Edit personal info of Pat Rivera' }));
    await expectNamesFiltered(user, screen.getByRole('form', { name: 'Edit personal info of Pat Rivera' }));
  });

  it('a child and its guardians', async () => {
    const { user } = renderIntake(household({ spouse: null }), <ChildrenSection />);
    await user.click(screen.getByRole('button', { name: 'Add Child' }));
    const modal = dialog(/Child/);
    // The child's own names, before a minor's date of birth brings the guardians' names in.
    await expectNamesFiltered(user, modal);
    const today = new Date();
    await user.type(within(modal).getByRole('textbox', { name: 'Date of Birth' }), `0101${today.getFullYear() - 8}`);
    const guardians = within(modal).getByRole('group', { name: 'Guardian or Conservator' });
    await user.click(within(guardians).getByRole('checkbox', { name: 'Add a second guardian' }));
    await expectNamesFiltered(user, within(guardians).getByRole('group', { name: 'Guardian 1' }));
    await expectNamesFiltered(user, within(guardians).getByRole('group', { name: 'Guardian 2' }));
  });

  it('a beneficiary person; an entity name stays free text', async () => {
    const { user } = renderIntake(household({ spouse: null }), <BeneficiariesSection />);
    await user.click(screen.getByRole('button', { name: 'Add Beneficiary' }));
    await expectNamesFiltered(user, dialog(/Beneficiary/));
    await user.click(within(dialog(/Beneficiary/)).getByRole('radio', { name: /Entity/ }));
    const entity = within(dialog(/Beneficiary/)).getByRole('textbox', { name: 'Entity Name' });
    await user.type(entity, 'Trust #2 of 1999 (A&B)');
    expect(entity).toHaveValue('Trust #2 of 1999 (A&B)');
  });

  it('a successor trustee', async () => {
    const { user } = renderIntake(household({ spouse: null }), <TrusteesSection />);
    await user.click(screen.getByRole('button', { name: 'Add Successor Trustee' }));
    await expectNamesFiltered(user, dialog('New Successor Trustee'));
  });

  it('a PoA agent', async () => {
    const { user } = renderIntake(household({ spouse: null }), <PoasSection />);
    await user.click(screen.getByRole('button', { name: 'Add Medical PoA' }));
    await expectNamesFiltered(user, dialog('New Medical PoA'));
  });
});

describe('street fields filter as typed', () => {
  const STREET = "12 O'Hare Rd., Apt #4-B (rear)";
  const KEPT = "12 O'Hare Rd., Apt 4-B rear";

  it('a property', async () => {
    const { user } = renderIntake(household({ spouse: null }), <PropertiesSection />);
    await user.click(screen.getByRole('button', { name: 'Add Property' }));
    const street = within(dialog('New Property')).getByRole('textbox', { name: 'Street' });
    await user.type(street, STREET);
    expect(street).toHaveValue(KEPT);
  });

  it("a company's address; the company name stays free text", async () => {
    const { user } = renderIntake(household({ spouse: null }), <CompaniesSection />);
    await user.click(screen.getByRole('button', { name: 'Add Company' }));
    const modal = dialog('New Company');
    await user.type(within(modal).getByRole('textbox', { name: 'Company Name' }), 'A&B Holdings #2');
    expect(within(modal).getByRole('textbox', { name: 'Company Name' })).toHaveValue('A&B Holdings #2');
    const street = within(modal).getByRole('textbox', { name: 'Street' });
    await user.type(street, STREET);
    expect(street).toHaveValue(KEPT);
  });
});
