import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { CallProvider } from '@/components/ui/call-provider';
import type { ActionResult } from '@/lib/http/result';
import { axeViolations } from './axe';
import { ChildrenSection } from './children-section';
import type { Child, ChildInput } from './children-section';

const jamie: Child = { hash: 'c1', first_name: 'Jamie', last_name: 'Lee', dob: '2015-03-02', relationship: 'Child', owner: 'both' };

function setup(initial: Child[] = [], { withQuestion = false } = {}) {
  let rows = [...initial];
  let next = 1;
  const save = jest.fn(async (input: ChildInput, hash: string | null): Promise<ActionResult<Child[]>> => {
    if (hash) rows = rows.map((row) => (row.hash === hash ? { ...row, ...input } : row));
    else rows = [...rows, { ...input, hash: `new${next++}`, owner: '1' }];
    return { ok: true, data: rows };
  });
  const remove = jest.fn(async (hash: string): Promise<ActionResult<Child[]>> => {
    rows = rows.filter((row) => row.hash !== hash);
    return { ok: true, data: rows };
  });
  const user = userEvent.setup();
  const sentKeys: string[] = [];
  render(
    <CallProvider>
      <ChildrenSection initial={initial} save={save} remove={remove} withQuestion={withQuestion} sentKeys={sentKeys} />
    </CallProvider>,
  );
  return { user, save, remove, sentKeys };
}

const dialog = (name: string | RegExp = /Child/) => screen.getByRole('dialog', { name });

/** Every dialog in the document, hidden from the accessibility tree or not: exactly one is expected. */
function oneDialog(): HTMLElement {
  const all = [...screen.queryAllByRole('dialog', { hidden: true }), ...screen.queryAllByRole('alertdialog', { hidden: true })];
  expect(all).toHaveLength(1);
  return all[0];
}

async function fillChild(user: ReturnType<typeof userEvent.setup>, first: string, last = 'Doe') {
  const modal = dialog();
  await user.type(within(modal).getByRole('textbox', { name: 'First Name' }), first);
  await user.type(within(modal).getByRole('textbox', { name: 'Last Name' }), last);
  await user.type(within(modal).getByRole('textbox', { name: 'Date of Birth' }), '06012019');
  await user.selectOptions(within(modal).getByRole('combobox', { name: 'Relationship' }), 'Step-Child');
}

/** A promise the test settles by hand. */
function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((done) => {
    resolve = done;
  });
  return { promise, resolve };
}

describe('RecordDialog', () => {
  it('opens from the add button with its first field focused, and is static (Escape and backdrop do nothing)', async () => {
    const { user } = setup();
    await user.click(screen.getByRole('button', { name: 'Add Child' }));
    const modal = dialog('New Child');
    expect(within(modal).getByRole('textbox', { name: 'First Name' })).toHaveFocus();

    await user.keyboard('{Escape}');
    expect(dialog('New Child')).toBeInTheDocument();
    await userEvent.setup({ pointerEventsCheck: 0 }).click(document.body);
    expect(dialog('New Child')).toBeInTheDocument();
    expect(within(modal).getByRole('button', { name: 'Create' })).toBeInTheDocument();
    // A new record has nothing to remove.
    expect(within(modal).queryByRole('button', { name: 'Remove' })).not.toBeInTheDocument();
  });

  it('has no axe violation while open', async () => {
    const { user } = setup([jamie]);
    await user.click(screen.getByRole('button', { name: 'Edit Child: Jamie Lee' }));
    expect(dialog('Edit Child')).toBeInTheDocument();
    expect(await axeViolations()).toEqual([]);
    // Nor with errors shown and Other switched to free text.
    await user.clear(within(dialog()).getByRole('textbox', { name: 'First Name' }));
    await user.selectOptions(within(dialog()).getByRole('combobox', { name: 'Relationship' }), 'Other');
    await user.click(within(dialog()).getByRole('button', { name: 'Save' }));
    expect(within(dialog()).getByText('First name is required.')).toBeInTheDocument();
    expect(await axeViolations()).toEqual([]);
  });

  it('create → Child Added → Add Another empties the form for the next child; Finished With Children closes', async () => {
    const { user, save } = setup();
    const add = screen.getByRole('button', { name: 'Add Child' });
    await user.click(add);
    await fillChild(user, 'Avery');
    await user.click(within(dialog()).getByRole('button', { name: 'Create' }));

    const added = await screen.findByRole('alertdialog', { name: 'Child Added' });
    expect(added).toHaveTextContent('Would you like to add another child?');
    // Never two dialogs at once (issue 27): the record modal is gone while the question shows.
    expect(oneDialog()).toBe(added);
    expect(save).toHaveBeenCalledWith({ first_name: 'Avery', last_name: 'Doe', dob: '2019-06-01', relationship: 'Step-Child' }, null);
    // The table behind already shows the new child.
    expect(screen.getByRole('button', { name: 'Edit Child: Avery Doe', hidden: true })).toBeInTheDocument();

    await user.click(within(added).getByRole('button', { name: 'Add Another' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    const fresh = dialog('New Child');
    const first = within(fresh).getByRole('textbox', { name: 'First Name' });
    expect(first).toHaveValue('');
    expect(within(fresh).getByRole('textbox', { name: 'Date of Birth' })).toHaveValue('');
    expect(within(fresh).getByRole('combobox', { name: 'Relationship' })).toHaveValue('');
    await waitFor(() => expect(first).toHaveFocus());
    // And it stays there once the closed dialog's focus handling has run.
    await act(() => new Promise((done) => setTimeout(done, 10)));
    expect(first).toHaveFocus();

    await fillChild(user, 'Blake');
    await user.click(within(dialog()).getByRole('button', { name: 'Create' }));
    const again = await screen.findByRole('alertdialog', { name: 'Child Added' });
    await user.click(within(again).getByRole('button', { name: 'Finished With Children' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getAllByRole('button', { name: /^Edit Child/ }).map((button) => button.getAttribute('aria-label'))).toEqual([
      'Edit Child: Avery Doe',
      'Edit Child: Blake Doe',
    ]);
    await waitFor(() => expect(add).toHaveFocus());
  });

  it('update → Child Updated → closes, focus back on the row', async () => {
    const { user, save } = setup([jamie]);
    const edit = screen.getByRole('button', { name: 'Edit Child: Jamie Lee' });
    await user.click(edit);
    const modal = dialog('Edit Child');
    expect(within(modal).getByRole('textbox', { name: 'First Name' })).toHaveValue('Jamie');
    expect(within(modal).getByRole('textbox', { name: 'Date of Birth' })).toHaveValue('03/02/2015');
    const last = within(modal).getByRole('textbox', { name: 'Last Name' });
    await user.clear(last);
    await user.type(last, 'Lee-Park');
    await user.click(within(modal).getByRole('button', { name: 'Save' }));

    const updated = await screen.findByRole('alertdialog', { name: 'Child Updated' });
    // Never two dialogs at once (issue 27): the record modal closed before 'Child Updated' opened.
    expect(oneDialog()).toBe(updated);
    expect(save).toHaveBeenCalledWith({ first_name: 'Jamie', last_name: 'Lee-Park', dob: '2015-03-02', relationship: 'Child' }, 'c1');
    await user.click(within(updated).getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const row = screen.getByRole('button', { name: 'Edit Child: Jamie Lee-Park' });
    await waitFor(() => expect(row).toHaveFocus());
  });

  it("remove → 'Remove Child?' in warning style with Cancel focused; Remove closes once removed", async () => {
    const { user, remove } = setup([jamie]);
    await user.click(screen.getByRole('button', { name: 'Edit Child: Jamie Lee' }));
    await user.click(within(dialog()).getByRole('button', { name: 'Remove' }));

    let confirmation = await screen.findByRole('alertdialog', { name: 'Remove Child?' });
    expect(confirmation).toHaveTextContent('Are you sure you would like to remove this child?');
    expect(confirmation.className).toContain('warning');
    // Removing destroys the record: its button is the danger one (the app's confirmations default to primary).
    expect(within(confirmation).getByRole('button', { name: 'Remove' }).className).toContain('danger');
    expect(within(confirmation).getByRole('button', { name: 'Cancel' })).toHaveFocus();
    await user.click(within(confirmation).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(remove).not.toHaveBeenCalled();
    expect(dialog('Edit Child')).toBeInTheDocument();

    await user.click(within(dialog()).getByRole('button', { name: 'Remove' }));
    confirmation = await screen.findByRole('alertdialog', { name: 'Remove Child?' });
    await user.click(within(confirmation).getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(remove).toHaveBeenCalledWith('c1');
    expect(screen.getByRole('cell', { name: 'No Records to Display' })).toBeInTheDocument();
  });

  it('a failed removal shows the Error dialog and keeps the record open', async () => {
    const { user, remove } = setup([jamie]);
    remove.mockResolvedValueOnce({ ok: false, status: 403, message: 'You do not have permission.' });
    await user.click(screen.getByRole('button', { name: 'Edit Child: Jamie Lee' }));
    await user.click(within(dialog()).getByRole('button', { name: 'Remove' }));
    await user.click(within(await screen.findByRole('alertdialog', { name: 'Remove Child?' })).getByRole('button', { name: 'Remove' }));
    const error = await screen.findByRole('alertdialog', { name: 'Error' });
    expect(error).toHaveTextContent('You do not have permission.');
    await user.click(within(error).getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(dialog('Edit Child')).toBeInTheDocument();
    expect(within(dialog()).getByRole('button', { name: 'Remove' })).toBeEnabled();
  });

  it('Cancel on a new record discards it, and the next opening starts empty', async () => {
    const { user, save } = setup();
    await user.click(screen.getByRole('button', { name: 'Add Child' }));
    await fillChild(user, 'Casey');
    await user.click(within(dialog()).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(save).not.toHaveBeenCalled();
    expect(screen.getByRole('cell', { name: 'No Records to Display' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Add Child' }));
    expect(within(dialog()).getByRole('textbox', { name: 'First Name' })).toHaveValue('');
    // The × closes the same way.
    await user.click(within(dialog()).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('edits made and cancelled are not kept for the next opening', async () => {
    const { user } = setup([jamie]);
    await user.click(screen.getByRole('button', { name: 'Edit Child: Jamie Lee' }));
    await user.type(within(dialog()).getByRole('textbox', { name: 'First Name' }), 'xyz');
    await user.click(within(dialog()).getByRole('button', { name: 'Cancel' }));
    await user.click(screen.getByRole('button', { name: 'Edit Child: Jamie Lee' }));
    expect(within(dialog()).getByRole('textbox', { name: 'First Name' })).toHaveValue('Jamie');
  });

  it('locks every field and button while saving', async () => {
    const { user, save } = setup();
    const pending = deferred<ActionResult<Child[]>>();
    save.mockImplementationOnce(() => pending.promise);
    await user.click(screen.getByRole('button', { name: 'Add Child' }));
    await fillChild(user, 'Drew');
    await user.click(within(dialog()).getByRole('button', { name: 'Create' }));

    const modal = dialog();
    await waitFor(() => expect(within(modal).getByRole('button', { name: 'Cancel', hidden: true })).toBeDisabled());
    for (const name of ['First Name', 'Last Name', 'Date of Birth']) {
      expect(within(modal).getByRole('textbox', { name, hidden: true })).toBeDisabled();
    }
    expect(within(modal).getByRole('combobox', { name: 'Relationship', hidden: true })).toBeDisabled();
    expect(within(modal).getByRole('button', { name: 'Create', hidden: true })).toBeDisabled();
    expect(within(modal).getByRole('button', { name: 'Close', hidden: true })).toBeDisabled();
    expect(modal).toHaveAttribute('aria-busy', 'true');
    // Still static while busy.
    await user.keyboard('{Escape}');
    expect(dialog()).toBeInTheDocument();

    await act(async () => pending.resolve({ ok: true, data: [] }));
    expect(await screen.findByRole('alertdialog', { name: 'Child Added' })).toBeInTheDocument();
    // The record modal left first: the confirmation is the one dialog (issue 27).
    expect(modal).not.toBeInTheDocument();
  });

  it("puts the server's field errors on the dialog's fields and stays open", async () => {
    const { user, save } = setup();
    save.mockResolvedValueOnce({
      ok: false,
      status: 422,
      message: 'First name may contain only letters, apostrophes, periods, hyphens and spaces.',
      fieldErrors: { first_name: 'First name may contain only letters, apostrophes, periods, hyphens and spaces.' },
    });
    await user.click(screen.getByRole('button', { name: 'Add Child' }));
    await fillChild(user, 'Eli');
    await user.click(within(dialog()).getByRole('button', { name: 'Create' }));
    const error = await screen.findByRole('alertdialog', { name: 'Error' });
    await user.click(within(error).getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    const first = within(dialog('New Child')).getByRole('textbox', { name: 'First Name' });
    expect(first).toHaveAttribute('aria-invalid', 'true');
    expect(first).toHaveAccessibleDescription('First name may contain only letters, apostrophes, periods, hyphens and spaces.');
    await waitFor(() => expect(first).toHaveFocus());
  });

  it('validates with the schema before calling, focusing the first invalid field', async () => {
    const { user, save } = setup();
    await user.click(screen.getByRole('button', { name: 'Add Child' }));
    await user.type(within(dialog()).getByRole('textbox', { name: 'First Name' }), 'Finn');
    await user.click(within(dialog()).getByRole('button', { name: 'Create' }));
    expect(within(dialog()).getByRole('textbox', { name: 'Last Name' })).toHaveFocus();
    expect(within(dialog()).getByText('Last name is required.')).toBeInTheDocument();
    expect(within(dialog()).getByText('Relationship is required.')).toBeInTheDocument();
    expect(save).not.toHaveBeenCalled();
  });

  it('a question held with useHoldSubmit hides Create, and Enter saves nothing, until it is answered', async () => {
    const { user, save } = setup([], { withQuestion: true });
    await user.click(screen.getByRole('button', { name: 'Add Child' }));
    const modal = dialog('New Child');
    expect(within(modal).queryByRole('button', { name: 'Create' })).not.toBeInTheDocument();
    await fillChild(user, 'Robin');
    await user.type(within(modal).getByRole('textbox', { name: 'First Name' }), '{Enter}');
    expect(save).not.toHaveBeenCalled();

    await user.click(within(modal).getByRole('checkbox', { name: 'Answered' }));
    await user.click(within(modal).getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(save).toHaveBeenCalledTimes(1));
  });

  describe('the request key (one create per form, issue 18)', () => {
    it('a retry after a failed save sends the same key; Add Another and the next opening send new ones', async () => {
      const { user, save, sentKeys } = setup();
      save.mockResolvedValueOnce({ ok: false, status: 500, message: 'Something went wrong. Please try again.' });
      await user.click(screen.getByRole('button', { name: 'Add Child' }));
      await fillChild(user, 'Avery');
      await user.click(within(dialog()).getByRole('button', { name: 'Create' }));
      await user.click(within(await screen.findByRole('alertdialog', { name: 'Error' })).getByRole('button', { name: 'OK' }));
      await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
      // The retry (the answer was lost, the record may exist): the same key, so the server creates it once.
      await user.click(within(dialog('New Child')).getByRole('button', { name: 'Create' }));
      await user.click(within(await screen.findByRole('alertdialog', { name: 'Child Added' })).getByRole('button', { name: 'Add Another' }));
      await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
      await fillChild(user, 'Blake');
      await user.click(within(dialog('New Child')).getByRole('button', { name: 'Create' }));
      await user.click(within(await screen.findByRole('alertdialog', { name: 'Child Added' })).getByRole('button', { name: 'Finished With Children' }));
      await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
      await user.click(screen.getByRole('button', { name: 'Add Child' }));
      await fillChild(user, 'Casey');
      await user.click(within(dialog('New Child')).getByRole('button', { name: 'Create' }));
      await screen.findByRole('alertdialog', { name: 'Child Added' });

      expect(save).toHaveBeenCalledTimes(4);
      const [first, retry, another, reopened] = sentKeys;
      expect(first).toMatch(/^[A-Za-z0-9_-]{22}$/);
      expect(retry).toBe(first);
      expect(new Set([first, another, reopened]).size).toBe(3);
    });

    it('a double submit sends the same key twice', async () => {
      const { user, save, sentKeys } = setup();
      const pending = deferred<ActionResult<Child[]>>();
      save.mockImplementation(() => pending.promise);
      await user.click(screen.getByRole('button', { name: 'Add Child' }));
      await fillChild(user, 'Drew');
      const form = within(dialog()).getByRole('button', { name: 'Create' }).closest('form')!;
      // Two submits before the first answer (a double click, Enter then a click).
      fireEvent.submit(form);
      fireEvent.submit(form);
      await waitFor(() => expect(save).toHaveBeenCalledTimes(2));
      await act(async () => pending.resolve({ ok: true, data: [] }));
      expect(sentKeys).toHaveLength(2);
      expect(sentKeys[1]).toBe(sentKeys[0]);
    });
  });
});
