import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { z } from 'zod';
import { Form, PhoneField, TextField, useActionForm } from '@/components/forms';
import type { UseActionFormOptions } from '@/components/forms';
import { CallProvider } from '@/components/ui/call-provider';
import type { ActionResult } from '@/lib/http/result';
import { email, personName, phone } from '@/lib/validation/fields';
import { renderKit } from './harness';

const contactSchema = z.object({
  name: personName('Name'),
  contact_info: z.object({ email: email(), phone: phone() }),
});
const contactDefaults = { name: 'Jamie', contact_info: { email: 'jamie@example.com', phone: '5551234567' } };
const contactFields = (
  <>
    <TextField name="name" label="Name" />
    <TextField name="contact_info.email" label="Email" type="email" />
    <PhoneField name="contact_info.phone" label="Phone" />
  </>
);

/** A promise the test settles by hand, to look at the form while the call runs. */
function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((done) => {
    resolve = done;
  });
  return { promise, resolve };
}

async function closeDialog(user: ReturnType<typeof userEvent.setup>, title: string) {
  const dialog = await screen.findByRole('alertdialog', { name: title });
  await user.click(within(dialog).getAllByRole('button').at(-1)!);
  await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
}

describe('useActionForm', () => {
  it("puts the server's field errors on their fields (dotted paths), focuses the first and shows the Error dialog", async () => {
    const action = jest.fn(async (): Promise<ActionResult<unknown>> => ({
      ok: false,
      status: 422,
      message: 'That email is already in use.',
      fieldErrors: {
        _: 'ignored: not a field',
        'contact_info.email': 'That email is already in use.',
        'contact_info.phone': 'That phone is blocked.',
        not_a_field: 'ignored too',
      },
    }));
    const { user } = renderKit({ schema: contactSchema, defaults: contactDefaults, action, children: contactFields });
    await user.click(screen.getByRole('button', { name: 'Save' }));

    const dialog = await screen.findByRole('alertdialog', { name: 'Error' });
    expect(dialog).toHaveTextContent('That email is already in use.');
    // The page behind the dialog is hidden from the accessibility tree while it is open.
    const emailInput = screen.getByRole('textbox', { name: 'Email', hidden: true });
    expect(emailInput).toHaveAttribute('aria-invalid', 'true');
    expect(emailInput).toHaveAccessibleDescription('That email is already in use.');
    expect(screen.getByRole('textbox', { name: 'Phone', hidden: true })).toHaveAccessibleDescription('That phone is blocked.');
    expect(screen.getByRole('textbox', { name: 'Name', hidden: true })).not.toHaveAttribute('aria-invalid');

    // Closing the Error dialog returns to the first field in error.
    await closeDialog(user, 'Error');
    expect(emailInput).toHaveFocus();
  });

  it('sends the parsed values (the same schema as the server) and answers the result', async () => {
    const onSuccess = jest.fn();
    const action = jest.fn(async () => ({ ok: true as const, data: { id: 'h1' }, message: 'Saved.' }));
    const { user } = renderKit({ schema: contactSchema, defaults: contactDefaults, action, onSuccess, children: contactFields });
    await user.clear(screen.getByRole('textbox', { name: 'Email' }));
    await user.type(screen.getByRole('textbox', { name: 'Email' }), ' New@Example.com ');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onSuccess).toHaveBeenCalledTimes(1));
    const expected = { name: 'Jamie', contact_info: { email: 'new@example.com', phone: '5551234567' } };
    expect(action).toHaveBeenCalledWith(expected);
    expect(onSuccess).toHaveBeenCalledWith({ id: 'h1' }, expect.objectContaining({ values: expected, message: 'Saved.' }));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
  });

  it('a precheck problem opens the Error dialog (or its own title) and sends nothing', async () => {
    const action = jest.fn();
    const { user } = renderKit({
      schema: contactSchema,
      defaults: contactDefaults,
      action,
      precheck: (values) =>
        values.name === 'Jamie' ? "Your email hasn't been changed." : { title: 'Missing Consent', message: 'Please read and acknowledge the entire Agreement' },
      children: contactFields,
    });
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('alertdialog', { name: 'Error' })).toHaveTextContent("Your email hasn't been changed.");
    await closeDialog(user, 'Error');

    await user.type(screen.getByRole('textbox', { name: 'Name' }), 'x');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('alertdialog', { name: 'Missing Consent' })).toHaveTextContent('Please read and acknowledge the entire Agreement');
    expect(action).not.toHaveBeenCalled();
  });

  it('invalidAlert adds an Error dialog to a failed client validation', async () => {
    const { user } = renderKit({
      schema: contactSchema,
      defaults: { ...contactDefaults, name: '' },
      invalidAlert: (errors) => errors.name?.message,
      children: contactFields,
    });
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('alertdialog', { name: 'Error' })).toHaveTextContent('Name is required.');
    await closeDialog(user, 'Error');
    expect(screen.getByRole('textbox', { name: 'Name' })).toHaveFocus();
  });

  it('shows the loading overlay during the call, or not at all with overlay: false (the note save)', async () => {
    for (const overlay of [true, false]) {
      const pending = deferred<ActionResult<null>>();
      const { user, unmount } = renderKit({
        schema: contactSchema,
        defaults: contactDefaults,
        action: jest.fn(() => pending.promise),
        overlay,
        children: contactFields,
      });
      await user.click(screen.getByRole('button', { name: 'Save' }));
      await waitFor(() => expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled());
      expect(Boolean(screen.queryByTestId('loading-overlay'))).toBe(overlay);
      await act(async () => pending.resolve({ ok: true, data: null }));
      await waitFor(() => expect(screen.getByRole('button', { name: 'Save' })).toBeEnabled());
      expect(screen.queryByTestId('loading-overlay')).not.toBeInTheDocument();
      unmount();
    }
  });

  it('resets to the defaults after success when asked', async () => {
    const { user, action } = renderKit({
      schema: contactSchema,
      defaults: contactDefaults,
      resetOnSuccess: true,
      children: contactFields,
    });
    const name = screen.getByRole('textbox', { name: 'Name' });
    await user.clear(name);
    await user.type(name, 'Robin');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(action).toHaveBeenCalledWith(expect.objectContaining({ name: 'Robin' })));
    await waitFor(() => expect(name).toHaveValue('Jamie'));
  });

  it('focuses initialFocus on mount, and submit() answers the result or null', async () => {
    const results: Array<ActionResult<unknown> | null> = [];
    function NoteForm(props: Pick<UseActionFormOptions<typeof contactSchema, unknown>, 'action'>) {
      const { form, submit } = useActionForm({ schema: contactSchema, defaults: contactDefaults, initialFocus: 'contact_info.phone', ...props });
      return (
        <Form form={form} aria-label="Note">
          {contactFields}
          <button type="button" onClick={async () => results.push(await submit())}>
            Save now
          </button>
        </Form>
      );
    }
    const user = userEvent.setup();
    const action = jest.fn(async () => ({ ok: true as const, data: 7 }));
    render(
      <CallProvider>
        <NoteForm action={action} />
      </CallProvider>,
    );
    // react-hook-form's setFocus waits for a timer.
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'Phone' })).toHaveFocus());
    // Without onSubmit, Enter does not submit.
    await user.keyboard('{Enter}');
    expect(action).not.toHaveBeenCalled();

    await user.click(screen.getByRole('button', { name: 'Save now' }));
    await user.clear(screen.getByRole('textbox', { name: 'Name' }));
    await user.click(screen.getByRole('button', { name: 'Save now' }));
    await waitFor(() => expect(results).toEqual([{ ok: true, data: 7 }, null]));
    expect(action).toHaveBeenCalledTimes(1);
  });
});
