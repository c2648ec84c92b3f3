import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { Field } from '@/components/ui/field';
import { MaskedInput } from '@/components/ui/masked-input';
import type { MaskPreset } from '@/components/ui/masked-input';

function Controlled({ mask, initial = '', onRaw }: { mask: MaskPreset; initial?: string; onRaw?: (raw: string) => void }) {
  const [value, setValue] = useState(initial);
  return (
    <Field label="Value">
      <MaskedInput
        mask={mask}
        value={value}
        onChange={(raw) => {
          setValue(raw);
          onRaw?.(raw);
        }}
      />
    </Field>
  );
}

describe('MaskedInput', () => {
  it.each<[MaskPreset, string, string, string]>([
    ['phone', '5551234567', '(555) 123-4567', '5551234567'],
    ['ssn', '123456789', '123-45-6789', '123456789'],
    ['date', '01311980', '01/31/1980', '01/31/1980'],
    ['zip', '9021012', '90210', '90210'],
    ['routing', '0210000211', '021000021', '021000021'],
    ['account', '123456789012345678', '12345678901234567', '12345678901234567'],
    ['cvv', '12345', '1234', '1234'],
    ['card', '4111111111111111', '4111 1111 1111 1111', '4111111111111111'],
    ['card', '378282246310005', '3782 822463 10005', '378282246310005'],
    ['expiry', '0427', '04/27', '04/27'],
    ['money', '1500.00', '1,500.00', '1500'],
    ['money', '1250000.75', '1,250,000.75', '1250000.75'],
    ['percent', '33.33', '33.33', '33.33'],
    ['money', '1234567.891', '1,234,567.89', '1234567.89'],
    ['twoDigit', '123', '12', '12'],
    ['shares', '12ab-3.4', '1234', '1234'],
  ])('%s: typing %p shows %p and reports %p', async (mask, typed, shown, raw) => {
    const onRaw = jest.fn();
    render(<Controlled mask={mask} onRaw={onRaw} />);
    const input = screen.getByLabelText('Value');
    await userEvent.type(input, typed);
    expect(input).toHaveValue(shown);
    expect(onRaw).toHaveBeenLastCalledWith(raw);
  });

  it('ignores letters in digit masks', async () => {
    render(<Controlled mask="phone" />);
    const input = screen.getByLabelText('Value');
    await userEvent.type(input, '55a5-12b3');
    expect(input).toHaveValue('(555) 123');
  });

  it('formats an initial raw value and shows the date placeholder', () => {
    render(
      <>
        <Controlled mask="phone" initial="5551234567" />
        <Field label="Birth date">
          <MaskedInput mask="date" value="" onChange={() => {}} />
        </Field>
      </>,
    );
    expect(screen.getByLabelText('Value')).toHaveValue('(555) 123-4567');
    expect(screen.getByLabelText('Birth date')).toHaveAttribute('placeholder', 'MM/DD/YYYY');
  });

  it('follows a value changed from outside', async () => {
    function Resettable() {
      const [value, setValue] = useState('5551234567');
      return (
        <>
          <Field label="Phone">
            <MaskedInput mask="phone" value={value} onChange={setValue} />
          </Field>
          <button type="button" onClick={() => setValue('')}>
            Clear
          </button>
        </>
      );
    }
    render(<Resettable />);
    await userEvent.click(screen.getByRole('button', { name: 'Clear' }));
    expect(screen.getByLabelText('Phone')).toHaveValue('');
  });

  it('works with react-hook-form Controller: raw value submitted, ref focuses the input', async () => {
    const onSubmit = jest.fn();
    function Form() {
      const { control, handleSubmit, setFocus } = useForm({ defaultValues: { phone: '', dob: '' } });
      return (
        <form onSubmit={handleSubmit(onSubmit)}>
          <Field label="Phone">
            <Controller name="phone" control={control} render={({ field }) => <MaskedInput mask="phone" {...field} />} />
          </Field>
          <Field label="Date of birth">
            <Controller name="dob" control={control} render={({ field }) => <MaskedInput mask="date" {...field} />} />
          </Field>
          <button type="button" onClick={() => setFocus('dob')}>
            Focus
          </button>
          <button type="submit">Save</button>
        </form>
      );
    }
    render(<Form />);
    await userEvent.type(screen.getByLabelText('Phone'), '5551234567');
    await userEvent.type(screen.getByLabelText('Date of birth'), '02291980');
    await userEvent.click(screen.getByRole('button', { name: 'Focus' }));
    expect(screen.getByLabelText('Date of birth')).toHaveFocus();
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(onSubmit).toHaveBeenCalledWith({ phone: '5551234567', dob: '02/29/1980' }, expect.anything());
  });

  it('takes aria wiring from the Field', () => {
    render(
      <Field label="SSN" error="Enter all nine digits" hint="Used for the trust documents" required>
        <MaskedInput mask="ssn" value="123" onChange={() => {}} />
      </Field>,
    );
    // The required marker is aria-hidden, so the accessible name is just 'SSN'.
    const input = screen.getByRole('textbox', { name: 'SSN' });
    expect(input).toHaveValue('123');
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input).toHaveAttribute('aria-required', 'true');
    expect(input).toHaveAccessibleDescription('Used for the trust documents Enter all nine digits');
  });
});
