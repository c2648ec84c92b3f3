import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { CallProvider, useCall, useMessage } from '@/components/ui/call-provider';
import type { CallOptions } from '@/components/ui/call-provider';
import type { ActionResult } from '@/lib/http/result';

/** A promise the test settles by hand, standing in for a server action in flight. */
function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

function CallButton({
  action,
  options,
  onResult,
}: {
  action: () => Promise<ActionResult<string>>;
  options?: CallOptions;
  onResult: (result: ActionResult<string>) => void;
}) {
  const call = useCall();
  return (
    <button type="button" onClick={async () => onResult(await call(action, options))}>
      Save
    </button>
  );
}

function renderCall(action: () => Promise<ActionResult<string>>, options?: CallOptions) {
  const onResult = jest.fn();
  render(
    <CallProvider>
      <CallButton action={action} options={options} onResult={onResult} />
    </CallProvider>,
  );
  return onResult;
}

describe('useCall', () => {
  it('shows the loading overlay while the call is pending and resolves with the data', async () => {
    const pending = deferred<ActionResult<string>>();
    const onResult = renderCall(() => pending.promise);
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));

    const overlay = screen.getByRole('status');
    expect(overlay).toHaveTextContent('Loading');
    expect(overlay).toHaveAttribute('aria-live', 'polite');

    await act(async () => pending.resolve({ ok: true, data: 'saved' }));
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    expect(onResult).toHaveBeenCalledWith({ ok: true, data: 'saved' });
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
  });

  it('on { ok: false } removes the overlay and shows the Error dialog with the message', async () => {
    const failure: ActionResult<string> = { ok: false, status: 404, message: 'Beneficiary not found', fieldErrors: { name: 'Required' } };
    const onResult = renderCall(async () => failure);
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));

    const dialog = await screen.findByRole('alertdialog', { name: 'Error' });
    expect(dialog).toHaveTextContent('Beneficiary not found');
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    expect(onResult).toHaveBeenCalledWith(failure);

    await userEvent.click(screen.getByRole('button', { name: 'OK' }));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
  });

  it('on a thrown error shows the generic Error dialog and resolves with a failure', async () => {
    jest.spyOn(console, 'error').mockImplementation(() => {});
    const onResult = renderCall(() => Promise.reject(new TypeError('Failed to fetch')));
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));

    const dialog = await screen.findByRole('alertdialog', { name: 'Error' });
    expect(dialog).toHaveTextContent('Something went wrong. Please try again.');
    expect(onResult).toHaveBeenCalledWith({ ok: false, status: 0, message: 'Something went wrong. Please try again.' });
    expect(console.error).toHaveBeenCalled();
  });

  it('shows no overlay with { overlay: false } (the note save) but still reports failures', async () => {
    const pending = deferred<ActionResult<string>>();
    renderCall(() => pending.promise, { overlay: false });
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.queryByRole('status')).not.toBeInTheDocument();

    await act(async () => pending.resolve({ ok: false, status: 422, message: 'Note too long' }));
    expect(await screen.findByRole('alertdialog', { name: 'Error' })).toHaveTextContent('Note too long');
  });

  it('shows one dialog at a time, in order', async () => {
    const onResult = renderCall(async () => ({ ok: false as const, status: 422, message: 'First' }));
    const button = screen.getByRole('button', { name: 'Save' });
    await userEvent.click(button);
    await waitFor(() => expect(onResult).toHaveBeenCalledTimes(1));
    // The dialog is modal, so the second call is started programmatically.
    await act(async () => button.click());
    expect(screen.getAllByRole('alertdialog')).toHaveLength(1);
    await userEvent.click(screen.getByRole('button', { name: 'OK' }));
    expect(await screen.findByRole('alertdialog', { name: 'Error' })).toHaveTextContent('First');
    await userEvent.click(screen.getByRole('button', { name: 'OK' }));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
  });

  it('throws a clear error outside the provider', () => {
    jest.spyOn(console, 'error').mockImplementation(() => {});
    function Orphan() {
      useCall();
      return null;
    }
    expect(() => render(<Orphan />)).toThrow('useCall() must be used inside <CallProvider>.');
  });
});

function ConfirmButton({ onAnswer }: { onAnswer: (answer: boolean) => void }) {
  const { confirm } = useMessage();
  return (
    <button
      type="button"
      onClick={async () =>
        onAnswer(
          await confirm({
            title: 'Remove Child?',
            message: 'Are you sure you would like to remove this child?',
            confirmLabel: 'Remove',
          }),
        )
      }
    >
      Remove
    </button>
  );
}

describe('confirm', () => {
  function renderConfirm() {
    const onAnswer = jest.fn();
    render(
      <CallProvider>
        <ConfirmButton onAnswer={onAnswer} />
      </CallProvider>,
    );
    return onAnswer;
  }

  it('is a warning dialog with Cancel focused by default', async () => {
    renderConfirm();
    await userEvent.click(screen.getByRole('button', { name: 'Remove' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Remove Child?' });
    expect(dialog).toHaveAccessibleDescription('Are you sure you would like to remove this child?');
    expect(dialog.className).toContain('warning');
    expect(screen.getByRole('button', { name: 'Cancel' })).toHaveFocus();
  });

  it('resolves false on Cancel (or Enter on the focused Cancel) and Escape', async () => {
    const onAnswer = renderConfirm();
    await userEvent.click(screen.getByRole('button', { name: 'Remove' }));
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(onAnswer).toHaveBeenLastCalledWith(false));

    await userEvent.click(screen.getByRole('button', { name: 'Remove' }));
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(onAnswer).toHaveBeenCalledTimes(2));
    expect(onAnswer).toHaveBeenLastCalledWith(false);
  });

  it('resolves true on the confirm button', async () => {
    const onAnswer = renderConfirm();
    await userEvent.click(screen.getByRole('button', { name: 'Remove' }));
    const dialog = screen.getByRole('alertdialog');
    await userEvent.click(dialog.querySelector('button:last-child')!);
    await waitFor(() => expect(onAnswer).toHaveBeenCalledWith(true));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
  });
});

describe('confirm’s button colour (issue 27: danger red only for destructive actions)', () => {
  function Ask({ options }: { options: Parameters<ReturnType<typeof useMessage>['confirm']>[0] }) {
    const { confirm } = useMessage();
    return (
      <button type="button" onClick={() => void confirm(options)}>
        Ask
      </button>
    );
  }
  const confirmButton = async (options: Parameters<ReturnType<typeof useMessage>['confirm']>[0]) => {
    render(
      <CallProvider>
        <Ask options={options} />
      </CallProvider>,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Ask' }));
    return within(screen.getByRole('alertdialog')).getByRole('button', { name: options.confirmLabel });
  };

  it.each([
    ['Act as Advisor?', 'Confirm', undefined],
    ['Change the status?', 'Update Status', 'warning'],
    ['Missing Information', 'Continue', 'error'],
  ] as const)('%s: a warning or error tone alone keeps %s primary', async (title, confirmLabel, tone) => {
    const button = await confirmButton({ title, confirmLabel, tone });
    expect(button.className).toContain('primary');
    expect(button.className).not.toContain('danger');
  });

  it('is danger red when the caller says the action destroys something', async () => {
    const button = await confirmButton({ title: 'Delete document?', confirmLabel: 'Delete', confirmVariant: 'danger' });
    expect(button.className).toContain('danger');
  });
});

describe('showMessage', () => {
  it('resolves when the dialog is closed', async () => {
    const closed = jest.fn();
    function Show() {
      const { showMessage } = useMessage();
      const [shown, setShown] = useState(false);
      return (
        <button
          type="button"
          onClick={async () => {
            setShown(true);
            await showMessage({ title: 'Child Updated', tone: 'success' });
            closed(shown);
          }}
        >
          Show
        </button>
      );
    }
    render(
      <CallProvider>
        <Show />
      </CallProvider>,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Show' }));
    expect(screen.getByRole('alertdialog', { name: 'Child Updated' })).toBeInTheDocument();
    expect(closed).not.toHaveBeenCalled();
    await userEvent.click(screen.getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(closed).toHaveBeenCalled());
  });
});
