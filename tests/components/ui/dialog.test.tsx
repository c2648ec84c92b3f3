import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import { Button } from '@/components/ui/button';
import { MessageDialog, Modal, ModalBody, ModalFooter, ModalForm } from '@/components/ui/dialog';
import { Field, TextInput } from '@/components/ui/field';

function RecordModal({ onOpenChange = () => {} }: { onOpenChange?: (open: boolean) => void }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button onClick={() => setOpen(true)}>Add child</Button>
      <Modal
        open={open}
        onOpenChange={(next) => {
          onOpenChange(next);
          setOpen(next);
        }}
        title="Add Child"
        description="Children of the client or spouse"
        footer={<Button onClick={() => setOpen(false)}>Cancel</Button>}
      >
        <Field label="First name">
          <TextInput name="first" />
        </Field>
      </Modal>
    </>
  );
}

describe('Modal', () => {
  it('is named by its Radix title and described by its description', async () => {
    render(<RecordModal />);
    await userEvent.click(screen.getByRole('button', { name: 'Add child' }));
    const dialog = screen.getByRole('dialog', { name: 'Add Child' });
    expect(dialog).toHaveAccessibleDescription('Children of the client or spouse');
    expect(screen.getByRole('heading', { name: 'Add Child' })).toBeInTheDocument();
  });

  it('focuses the first field on open', async () => {
    render(<RecordModal />);
    await userEvent.click(screen.getByRole('button', { name: 'Add child' }));
    expect(screen.getByRole('textbox', { name: 'First name' })).toHaveFocus();
  });

  it('is static: Escape and backdrop clicks do not close it', async () => {
    const onOpenChange = jest.fn();
    render(<RecordModal onOpenChange={onOpenChange} />);
    await userEvent.click(screen.getByRole('button', { name: 'Add child' }));
    await userEvent.keyboard('{Escape}');
    expect(screen.getByRole('dialog', { name: 'Add Child' })).toBeInTheDocument();
    // Radix sets pointer-events:none outside a modal; the check is switched off to click the page anyway.
    await userEvent.setup({ pointerEventsCheck: 0 }).click(document.body);
    expect(screen.getByRole('dialog', { name: 'Add Child' })).toBeInTheDocument();
    expect(onOpenChange).not.toHaveBeenCalled();
  });

  it('closes through its own buttons and returns focus to the opener', async () => {
    const onOpenChange = jest.fn();
    render(<RecordModal onOpenChange={onOpenChange} />);
    const opener = screen.getByRole('button', { name: 'Add child' });
    await userEvent.click(opener);
    await userEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(onOpenChange).toHaveBeenCalledWith(false);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(opener).toHaveFocus();
  });

  it('cannot be closed while busy', async () => {
    const onOpenChange = jest.fn();
    render(
      <Modal open busy title="Saving" onOpenChange={onOpenChange}>
        body
      </Modal>,
    );
    expect(screen.getByRole('button', { name: 'Close' })).toBeDisabled();
  });

  it('wraps body and footer in a form when onSubmit is given', async () => {
    const onSubmit = jest.fn((event: { preventDefault: () => void }) => event.preventDefault());
    render(
      <Modal open title="Edit" onSubmit={onSubmit} footer={<Button type="submit">Save</Button>}>
        <Field label="Name">
          <TextInput />
        </Field>
      </Modal>,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(onSubmit).toHaveBeenCalled();
  });

  it('bare: the children bring their own body and footer (a form spanning both); the body field gets the focus', async () => {
    const onSubmit = jest.fn((event: { preventDefault: () => void }) => event.preventDefault());
    render(
      <Modal open bare title="New Child">
        <ModalForm onSubmit={onSubmit} aria-label="Child">
          <ModalBody>
            <Field label="First name">
              <TextInput />
            </Field>
          </ModalBody>
          <ModalFooter>
            <Button type="submit">Create</Button>
          </ModalFooter>
        </ModalForm>
      </Modal>,
    );
    expect(screen.getByRole('textbox', { name: 'First name' })).toHaveFocus();
    expect(screen.getByRole('form', { name: 'Child' })).toHaveAttribute('novalidate');
    await userEvent.click(screen.getByRole('button', { name: 'Create' }));
    expect(onSubmit).toHaveBeenCalled();
  });

  it('on close, leaves focus that code has placed elsewhere (a form reset for Add Another)', async () => {
    function Placed() {
      const [open, setOpen] = useState(false);
      const elsewhere = useRef<HTMLInputElement>(null);
      return (
        <>
          <Button onClick={() => setOpen(true)}>Open</Button>
          <Field label="Elsewhere">
            <TextInput ref={elsewhere} />
          </Field>
          <Modal
            open={open}
            title="Saved"
            footer={
              <Button
                onClick={() => {
                  // Closed at once, then focus placed before Radix's deferred focus return runs.
                  flushSync(() => setOpen(false));
                  elsewhere.current?.focus();
                }}
              >
                Done
              </Button>
            }
          >
            text
          </Modal>
        </>
      );
    }
    render(<Placed />);
    await userEvent.click(screen.getByRole('button', { name: 'Open' }));
    await userEvent.click(screen.getByRole('button', { name: 'Done' }));
    await new Promise((done) => setTimeout(done, 10));
    expect(screen.getByRole('textbox', { name: 'Elsewhere' })).toHaveFocus();
  });
});

describe('MessageDialog', () => {
  it('is an alertdialog with title, message and the last button focused', () => {
    render(<MessageDialog open title="Child Added" message="Would you like to add another child?" onClose={() => {}} />);
    const dialog = screen.getByRole('alertdialog', { name: 'Child Added' });
    expect(dialog).toHaveAccessibleDescription('Would you like to add another child?');
    expect(screen.getByRole('button', { name: 'OK' })).toHaveFocus();
  });

  it('focuses the cancel button when asked and reports Escape as cancel', async () => {
    const onClose = jest.fn();
    render(
      <MessageDialog
        open
        tone="warning"
        title="Remove Child?"
        message="Are you sure you would like to remove this child?"
        buttons={[
          { label: 'Cancel', value: 'cancel', cancel: true },
          { label: 'Remove', value: 'remove', variant: 'danger' },
        ]}
        focusCancel
        onClose={onClose}
      />,
    );
    expect(screen.getByRole('button', { name: 'Cancel' })).toHaveFocus();
    await userEvent.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalledWith('cancel');
  });
});
