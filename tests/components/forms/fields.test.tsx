import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { z } from 'zod';
import {
  CheckboxField,
  DateField,
  EinField,
  MoneyField,
  NameField,
  PercentField,
  PhoneField,
  SelectField,
  SsnField,
  StreetField,
  TextAreaField,
  TextField,
  TinField,
  TwoDigitField,
  YesNoField,
  ZipField,
} from '@/components/forms';
import { choiceOrOther, ein, money, percent, personName, phone, ssn, street, twoDigitNumber, usDate, yesNo, zip } from '@/lib/validation/fields';
import { RELATIONSHIPS } from '@/lib/validation/lists';
import { renderKit } from './harness';

/** The values the action received on the last submit. */
function sent(action: jest.Mock) {
  expect(action).toHaveBeenCalled();
  return action.mock.calls.at(-1)?.[0];
}

async function save(user: ReturnType<typeof renderKit>['user']) {
  await user.click(screen.getByRole('button', { name: 'Save' }));
}

describe('TextField and TextAreaField', () => {
  it('label, required marker, hint, and the error wired with aria-invalid and aria-describedby', async () => {
    const { user, action } = renderKit({
      schema: z.object({ first_name: personName('First name'), note: z.string() }),
      defaults: { first_name: '', note: '' },
      children: (
        <>
          <TextField name="first_name" label="First Name" required hint="As on your ID." />
          <TextAreaField name="note" label="Note" rows={10} />
        </>
      ),
    });
    const input = screen.getByRole('textbox', { name: 'First Name' });
    expect(input).toHaveAttribute('aria-required', 'true');
    expect(input).not.toHaveAttribute('aria-invalid');
    expect(input).toHaveAccessibleDescription('As on your ID.');
    expect(screen.getByRole('textbox', { name: 'Note' })).toHaveAttribute('rows', '10');

    await save(user);
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input).toHaveAccessibleDescription('As on your ID. First name is required.');
    expect(input).toHaveFocus();
    expect(action).not.toHaveBeenCalled();

    await user.type(input, '  Jamie ');
    await user.type(screen.getByRole('textbox', { name: 'Note' }), 'Hello');
    await save(user);
    expect(sent(action)).toEqual({ first_name: 'Jamie', note: 'Hello' });
    // Re-validation on change removed the message.
    expect(input).not.toHaveAttribute('aria-invalid');
  });

  it('focuses the first invalid field in the order of the form', async () => {
    const { user } = renderKit({
      schema: z.object({ a: personName('A'), b: phone(), c: personName('C') }),
      defaults: { a: 'Fine', b: '', c: '' },
      children: (
        <>
          <TextField name="a" label="A" />
          <PhoneField name="b" label="B" />
          <TextField name="c" label="C" />
        </>
      ),
    });
    await save(user);
    expect(screen.getByRole('textbox', { name: 'B' })).toHaveFocus();
    expect(screen.getByRole('textbox', { name: 'C' })).toHaveAttribute('aria-invalid', 'true');
  });
});

describe('PhoneField, ZipField, TwoDigitField', () => {
  it('masks while typing and sends what the rules make of it', async () => {
    const { user, action } = renderKit({
      schema: z.object({ phone: phone(), zip: zip(), times: twoDigitNumber({ label: 'Times amended' }) }),
      defaults: { phone: '2125550100', zip: '', times: 3 },
      children: (
        <>
          <PhoneField name="phone" label="Phone" />
          <ZipField name="zip" label="ZIP" />
          <TwoDigitField name="times" label="Times amended" />
        </>
      ),
    });
    const phoneInput = screen.getByRole('textbox', { name: 'Phone' });
    expect(phoneInput).toHaveValue('(212) 555-0100');
    expect(phoneInput).toHaveAttribute('inputmode', 'tel');
    await user.clear(phoneInput);
    await user.type(phoneInput, '555a1234567');
    expect(phoneInput).toHaveValue('(555) 123-4567');

    await user.type(screen.getByRole('textbox', { name: 'ZIP' }), '9021012');
    expect(screen.getByRole('textbox', { name: 'ZIP' })).toHaveValue('90210');

    const times = screen.getByRole('textbox', { name: 'Times amended' });
    expect(times).toHaveValue('3');
    await user.clear(times);
    await user.type(times, '123');
    expect(times).toHaveValue('12');

    await save(user);
    expect(sent(action)).toEqual({ phone: '5551234567', zip: '90210', times: 12 });
  });

  it('an incomplete phone or ZIP gets its message', async () => {
    const { user, action } = renderKit({
      schema: z.object({ phone: phone(), zip: zip() }),
      defaults: { phone: '', zip: '' },
      children: (
        <>
          <PhoneField name="phone" label="Phone" />
          <ZipField name="zip" label="ZIP" />
        </>
      ),
    });
    await user.type(screen.getByRole('textbox', { name: 'Phone' }), '555123');
    await user.type(screen.getByRole('textbox', { name: 'ZIP' }), '902');
    await save(user);
    expect(screen.getByText('Please enter a 10-digit phone number.')).toBeInTheDocument();
    expect(screen.getByText('Please enter a 5-digit ZIP code.')).toBeInTheDocument();
    expect(action).not.toHaveBeenCalled();
  });
});

describe('DateField', () => {
  function renderDate(defaults: { date: string } = { date: '' }) {
    return renderKit({
      schema: z.object({ date: usDate({ label: 'Date of birth', optional: true }) }),
      defaults,
      children: <DateField name="date" label="Date of birth" />,
    });
  }

  it('shows a stored ISO date as MM/DD/YYYY and sends ISO', async () => {
    const { user, action } = renderDate({ date: '1980-01-31' });
    const input = screen.getByRole('textbox', { name: 'Date of birth' });
    expect(input).toHaveValue('01/31/1980');
    expect(input).toHaveAttribute('placeholder', 'MM/DD/YYYY');
    await save(user);
    expect(sent(action)).toEqual({ date: '1980-01-31' });

    await user.clear(input);
    await user.type(input, '02291984');
    expect(input).toHaveValue('02/29/1984');
    await save(user);
    expect(sent(action)).toEqual({ date: '1984-02-29' });
  });

  it.each([
    ['a month over 12', '13012020', ''],
    ['month 00', '00102020', ''],
    ['a day over 31', '01322020', ''],
    ['day 00', '01002020', ''],
    ['a possible month and day', '02302020', '02/30/2020'],
    ['a partial entry with a possible month and day', '011', '01/1'],
  ])('on blur, %s (%s) leaves %p', async (_case, typed, kept) => {
    const { user } = renderDate();
    const input = screen.getByRole('textbox', { name: 'Date of birth' });
    await user.type(input, typed);
    await user.tab();
    expect(input).toHaveValue(kept);
  });

  it('refuses an impossible calendar date kept by the blur rule', async () => {
    const { user, action } = renderDate();
    await user.type(screen.getByRole('textbox', { name: 'Date of birth' }), '02302020');
    await save(user);
    expect(screen.getByText('Please enter a valid date (MM/DD/YYYY).')).toBeInTheDocument();
    expect(action).not.toHaveBeenCalled();
  });
});

// Issue 18: name fields took digits and symbols as typed ('Ann3#e'); platform §5 masks them.
describe('NameField and StreetField', () => {
  function renderNames() {
    return renderKit({
      schema: z.object({ first_name: personName('First name'), street: street() }),
      defaults: { first_name: '', street: '' },
      children: (
        <>
          <NameField name="first_name" label="First Name" required />
          <StreetField name="street" label="Street" required />
        </>
      ),
    });
  }

  it.each([
    ['Ann3#e', 'Anne'],
    ["José Zoë O'Brien-Smith Jr.", "José Zoë O'Brien-Smith Jr."],
    ['Ñúñez-Åström', 'Ñúñez-Åström'],
    ['O’Brien', "O'Brien"],
    ['R2-D2 <b>', 'R-D b'],
  ])('a name typed as %p keeps %p', async (typed, kept) => {
    const { user, action } = renderNames();
    const input = screen.getByRole('textbox', { name: 'First Name' });
    await user.type(input, typed);
    expect(input).toHaveValue(kept);
    await user.type(screen.getByRole('textbox', { name: 'Street' }), '1 Main St');
    await save(user);
    expect(sent(action)).toEqual({ first_name: kept.trim(), street: '1 Main St' });
  });

  it('filters a paste, keeps the caret where the person was typing, and composes accents written as two code points', async () => {
    const { user } = renderNames();
    const input = screen.getByRole('textbox', { name: 'First Name' }) as HTMLInputElement;
    await user.click(input);
    await user.paste('Ann3#e');
    expect(input).toHaveValue('Anne');
    // The refused '7' does not send the caret to the end: the 'x' lands where the '7' was typed.
    await user.type(input, '{ArrowLeft}{ArrowLeft}7x');
    expect(input).toHaveValue('Anxne');
    expect(input.selectionStart).toBe(3);
    await user.clear(input);
    await user.paste('Jose\u0301');
    expect(input).toHaveValue('José');
  });

  it('leaves text alone while an input method composes (a dead key) and filters it when the composition ends', () => {
    renderNames();
    const input = screen.getByRole('textbox', { name: 'First Name' }) as HTMLInputElement;
    fireEvent.compositionStart(input);
    fireEvent.input(input, { target: { value: 'Jos´' }, isComposing: true });
    expect(input).toHaveValue('Jos´');
    fireEvent.input(input, { target: { value: 'José' }, isComposing: true });
    fireEvent.compositionEnd(input);
    expect(input).toHaveValue('José');
    fireEvent.compositionStart(input);
    fireEvent.input(input, { target: { value: 'José´' }, isComposing: true });
    fireEvent.compositionEnd(input);
    expect(input).toHaveValue('José');
  });

  it("a street keeps letters, digits and ' . - , and space", async () => {
    const { user } = renderNames();
    const input = screen.getByRole('textbox', { name: 'Street' });
    await user.type(input, "12 O'Hare Rd., Apt #4-B (rear)!");
    expect(input).toHaveValue("12 O'Hare Rd., Apt 4-B rear");
  });
});

describe('MoneyField', () => {
  function renderMoney(defaults: { value: string }) {
    return renderKit({
      schema: z.object({ value: money({ label: 'Value', optional: true }) }),
      defaults,
      children: <MoneyField name="value" label="Value" />,
    });
  }

  it('groups thousands while typing and sends a 2-decimal string', async () => {
    const { user, action } = renderMoney({ value: '' });
    const input = screen.getByRole('textbox', { name: 'Value' });
    await user.type(input, '1234567');
    expect(input).toHaveValue('1,234,567');
    await save(user);
    expect(sent(action)).toEqual({ value: '1234567.00' });
  });

  it('shows a stored whole amount without its zero cents', () => {
    renderMoney({ value: '350000.00' });
    expect(screen.getByRole('textbox', { name: 'Value' })).toHaveValue('350,000');
  });

  it.each([
    ['1234.56', '1,234.56', '1234.56'],
    ['1234.50', '1,234.5', '1234.50'],
  ])('keeps the cents of a stored %p', async (stored, shown, sentValue) => {
    const { user, action } = renderMoney({ value: stored });
    expect(screen.getByRole('textbox', { name: 'Value' })).toHaveValue(shown);
    await save(user);
    expect(sent(action)).toEqual({ value: sentValue });
  });

  it('takes at most two decimals', async () => {
    const { user, action } = renderMoney({ value: '' });
    const input = screen.getByRole('textbox', { name: 'Value' });
    await user.type(input, '9876543.215');
    expect(input).toHaveValue('9,876,543.21');
    await save(user);
    expect(sent(action)).toEqual({ value: '9876543.21' });
  });

  // Issue 18: a typed or pasted decimal point was dropped and its digits kept ('1500.00' became $150,000).
  describe('a decimal point never multiplies the amount', () => {
    it.each([
      ['1500.00', '1,500.00', '1500.00'],
      ['1,500.00', '1,500.00', '1500.00'],
      ['1250000.75', '1,250,000.75', '1250000.75'],
      ['$1,500', '1,500', '1500.00'],
    ])('typing %p shows %p and saves %p', async (typed, shown, saved) => {
      const { user, action } = renderMoney({ value: '' });
      const input = screen.getByRole('textbox', { name: 'Value' });
      await user.type(input, typed);
      expect(input).toHaveValue(shown);
      await save(user);
      expect(sent(action)).toEqual({ value: saved });
    });

    it.each([
      ['1500.00', '1500.00'],
      ['1,500.00', '1500.00'],
      ['1250000.75', '1250000.75'],
      ['$1,500', '1500.00'],
    ])('pasting %p saves %p, the amount the field shows', async (pasted, saved) => {
      const { user, action } = renderMoney({ value: '' });
      const input = screen.getByRole('textbox', { name: 'Value' });
      await user.click(input);
      await user.paste(pasted);
      await user.click(screen.getByRole('button', { name: 'Elsewhere' }));
      expect(money().parse((input as HTMLInputElement).value)).toBe(saved);
      await save(user);
      expect(sent(action)).toEqual({ value: saved });
    });
  });

  it('ignores letters and signs', async () => {
    const { user } = renderMoney({ value: '' });
    const input = screen.getByRole('textbox', { name: 'Value' });
    await user.type(input, '-12a34');
    expect(input).toHaveValue('1,234');
  });
});

describe('PercentField', () => {
  function renderPercent(defaults: { share: string } = { share: '' }) {
    return renderKit({
      schema: z.object({ share: percent({ label: 'Share', optional: true }) }),
      defaults,
      children: <PercentField name="share" label="Share" />,
    });
  }

  it.each([
    ['150', '100'],
    ['999.99', '100'],
    ['100', '100'],
    ['0', '0'],
    ['0.00', '0'],
    ['33.5', '33.5'],
    ['12.345', '12.34'],
    ['1234', '100'],
  ])('typing %p shows %p after blur', async (typed, shown) => {
    const { user } = renderPercent();
    const input = screen.getByRole('textbox', { name: 'Share' });
    await user.type(input, typed);
    await user.tab();
    expect(input).toHaveValue(shown);
  });

  it('sends the clamped value as a 2-decimal string; blank stays blank', async () => {
    const { user, action } = renderPercent();
    const input = screen.getByRole('textbox', { name: 'Share' });
    await user.tab();
    expect(input).toHaveValue('');
    await save(user);
    expect(sent(action)).toEqual({ share: null });

    await user.type(input, '250');
    await save(user);
    expect(input).toHaveValue('100');
    expect(sent(action)).toEqual({ share: '100.00' });
  });

  it.each([
    ['33.30', '33.3'],
    ['100.00', '100'],
    ['0.00', '0'],
  ])('shows a stored %p as %p and sends it unchanged', async (stored, shown) => {
    const { user, action } = renderPercent({ share: stored });
    expect(screen.getByRole('textbox', { name: 'Share' })).toHaveValue(shown);
    await save(user);
    expect(sent(action)).toEqual({ share: stored });
  });
});

describe('SsnField, EinField, TinField', () => {
  function renderSsn(last4?: string) {
    return renderKit({
      schema: z.object({ ssn: ssn({ optional: true }), ein: ein({ optional: true }), tin: ein({ label: 'TIN', optional: true }) }),
      defaults: { ssn: '', ein: '', tin: '' },
      children: (
        <>
          <SsnField name="ssn" last4={last4} />
          <EinField name="ein" />
          <TinField name="tin" />
        </>
      ),
    });
  }

  it('shows XXX-XX- and the stored last four when not focused, an empty mask when focused', async () => {
    const { user, action } = renderSsn('1234');
    const display = screen.getByRole('textbox', { name: 'SSN' });
    expect(display).toHaveValue('XXX-XX-1234');
    await user.click(display);
    const editing = screen.getByRole('textbox', { name: 'SSN' });
    expect(editing).toHaveFocus();
    expect(editing).toHaveValue('');
    await user.tab();
    expect(screen.getByRole('textbox', { name: 'SSN' })).toHaveValue('XXX-XX-1234');
    // Blank means "keep the stored number".
    await save(user);
    expect(sent(action)).toEqual({ ssn: '', ein: '', tin: '' });
  });

  it('masks a complete entry as ###-##-#### while focused and as XXX-XX-#### after', async () => {
    const { user, action } = renderSsn();
    expect(screen.getByRole('textbox', { name: 'SSN' })).toHaveValue('');
    await user.click(screen.getByRole('textbox', { name: 'SSN' }));
    await user.keyboard('123456789');
    expect(screen.getByRole('textbox', { name: 'SSN' })).toHaveValue('123-45-6789');
    await user.tab();
    expect(screen.getByRole('textbox', { name: 'SSN' })).toHaveValue('XXX-XX-6789');
    // Tab went on to the next field.
    expect(screen.getByRole('textbox', { name: 'EIN' })).toHaveFocus();
    await save(user);
    expect(sent(action)).toEqual({ ssn: '123456789', ein: '', tin: '' });
  });

  it('restores the previous value when the entry is incomplete on blur', async () => {
    const { user, action } = renderSsn();
    await user.click(screen.getByRole('textbox', { name: 'SSN' }));
    await user.keyboard('123456789');
    await user.tab();

    await user.click(screen.getByRole('textbox', { name: 'SSN' }));
    const editing = screen.getByRole('textbox', { name: 'SSN' });
    expect(editing).toHaveValue('123-45-6789');
    await user.clear(editing);
    await user.keyboard('98765');
    expect(editing).toHaveValue('987-65');
    await user.tab();
    expect(screen.getByRole('textbox', { name: 'SSN' })).toHaveValue('XXX-XX-6789');
    await save(user);
    expect(sent(action)).toEqual({ ssn: '123456789', ein: '', tin: '' });
  });

  it('an incomplete first entry leaves the field blank', async () => {
    const { user } = renderSsn('4321');
    await user.click(screen.getByRole('textbox', { name: 'SSN' }));
    await user.keyboard('12');
    await user.tab();
    expect(screen.getByRole('textbox', { name: 'SSN' })).toHaveValue('XXX-XX-4321');
  });

  it('entity identifiers use the same mask and display', async () => {
    const { user, action } = renderSsn();
    await user.click(screen.getByRole('textbox', { name: 'EIN' }));
    await user.keyboard('121234567');
    expect(screen.getByRole('textbox', { name: 'EIN' })).toHaveValue('121-23-4567');
    await user.click(screen.getByRole('textbox', { name: 'TIN' }));
    await user.keyboard('987654321');
    await user.tab();
    expect(screen.getByRole('textbox', { name: 'EIN' })).toHaveValue('XXX-XX-4567');
    expect(screen.getByRole('textbox', { name: 'TIN' })).toHaveValue('XXX-XX-4321');
    await save(user);
    expect(sent(action)).toEqual({ ssn: '', ein: '121234567', tin: '987654321' });
  });
});

describe('SelectField', () => {
  function renderRelationship(relationship = '') {
    return renderKit({
      schema: z.object({ relationship: choiceOrOther('Relationship') }),
      defaults: { relationship },
      children: <SelectField name="relationship" label="Relationship" required placeholder="Select…" options={RELATIONSHIPS} other />,
    });
  }

  it('choosing Other switches to free text (focused); the way back returns to the list', async () => {
    const { user, action } = renderRelationship();
    const select = screen.getByRole('combobox', { name: 'Relationship' });
    await user.selectOptions(select, 'Other');

    const text = screen.getByRole('textbox', { name: 'Relationship' });
    expect(text).toHaveFocus();
    expect(text).toHaveValue('');
    expect(screen.queryByRole('combobox')).not.toBeInTheDocument();
    await user.type(text, 'Godson');
    await save(user);
    expect(sent(action)).toEqual({ relationship: 'Godson' });

    await user.click(screen.getByRole('button', { name: 'Back to the list of relationship' }));
    const again = screen.getByRole('combobox', { name: 'Relationship' });
    expect(again).toHaveFocus();
    expect(again).toHaveValue('');
    await user.selectOptions(again, 'Neice');
    await save(user);
    expect(sent(action)).toEqual({ relationship: 'Neice' });
  });

  it('opens a stored value that is not in the list as free text', () => {
    renderRelationship('Godson');
    expect(screen.getByRole('textbox', { name: 'Relationship' })).toHaveValue('Godson');
  });

  it('refuses an empty Other entry', async () => {
    const { user, action } = renderRelationship();
    await user.selectOptions(screen.getByRole('combobox', { name: 'Relationship' }), 'Other');
    await save(user);
    const text = screen.getByRole('textbox', { name: 'Relationship' });
    expect(text).toHaveAccessibleDescription('Relationship is required.');
    expect(action).not.toHaveBeenCalled();
  });

  it('adds Other to a list without it, and plain selects offer only their options', () => {
    renderKit({
      schema: z.object({ kind: z.string(), color: z.string() }),
      defaults: { kind: '', color: 'red' },
      children: (
        <>
          <SelectField name="kind" label="Kind" options={['A', { value: 'b', label: 'B' }]} other />
          <SelectField name="color" label="Color" options={['red', 'blue']} />
        </>
      ),
    });
    const kinds = within(screen.getByRole('combobox', { name: 'Kind' })).getAllByRole('option');
    expect(kinds.map((option) => option.textContent)).toEqual(['A', 'B', 'Other']);
    const colors = within(screen.getByRole('combobox', { name: 'Color' })).getAllByRole('option');
    expect(colors.map((option) => option.textContent)).toEqual(['red', 'blue']);
    expect(screen.getByRole('combobox', { name: 'Color' })).toHaveValue('red');
  });
});

describe('YesNoField and CheckboxField', () => {
  it('a radio pair named by its question, holding true / false; unanswered is an error', async () => {
    const { user, action } = renderKit({
      schema: z.object({ citizen: yesNo(), same: z.boolean() }),
      defaults: { citizen: null, same: true },
      children: (
        <>
          <YesNoField name="citizen" label="Are you a US citizen?" required />
          <CheckboxField name="same" label="Same values for both" />
        </>
      ),
    });
    const group = screen.getByRole('group', { name: 'Are you a US citizen?' });
    const yes = within(group).getByRole('radio', { name: 'Yes' });
    const no = within(group).getByRole('radio', { name: 'No' });
    expect(yes).not.toBeChecked();
    expect(no).not.toBeChecked();

    await save(user);
    expect(yes).toHaveFocus();
    expect(yes).toHaveAttribute('aria-invalid', 'true');
    expect(no).toHaveAccessibleDescription('Please select an answer.');
    expect(action).not.toHaveBeenCalled();

    await user.click(no);
    await user.click(screen.getByRole('checkbox', { name: 'Same values for both' }));
    await save(user);
    expect(sent(action)).toEqual({ citizen: false, same: false });
    expect(no).toBeChecked();
    await waitFor(() => expect(no).not.toHaveAttribute('aria-invalid'));
  });
});
