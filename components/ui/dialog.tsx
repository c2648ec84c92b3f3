'use client';

import * as Dialog from '@radix-ui/react-dialog';
import { useCallback, useLayoutEffect, useMemo, useRef } from 'react';
import type { ComponentPropsWithRef, FormEventHandler, ReactNode } from 'react';
import { Button } from './button';
import type { ButtonVariant } from './button';
import { cx } from './class-names';
import styles from './dialog.module.css';

const FOCUSABLE_FIELD = 'input:not([type="hidden"]):not(:disabled), select:not(:disabled), textarea:not(:disabled)';

/**
 * Focus handling shared by both dialogs. Opened from code (not from a Radix Trigger), Radix would send
 * focus to <body> on close, so the element focused before opening is remembered and focused again.
 * `onClosed` runs once the dialog is gone and the focus is back (a dialog that must not stack on this one
 * waits for it).
 */
function useFocusReturn(pickInitial: (content: HTMLElement) => HTMLElement | null | undefined, onClosed?: () => void) {
  const contentRef = useRef<HTMLDivElement>(null);
  const returnTo = useRef<HTMLElement | null>(null);
  const closed = useRef(onClosed);
  useLayoutEffect(() => {
    closed.current = onClosed;
  });

  const onOpenAutoFocus = useCallback(
    (event: Event) => {
      const active = document.activeElement;
      // Reopened with nothing focused (a record modal hidden while its confirmation showed): the element it
      // first opened from stays the one to return to.
      if (active instanceof HTMLElement && active !== document.body) returnTo.current = active;
      const content = contentRef.current;
      const target = content ? pickInitial(content) : null;
      if (target) {
        event.preventDefault();
        target.focus();
      }
    },
    [pickInitial],
  );

  const onCloseAutoFocus = useCallback((event: Event) => {
    event.preventDefault();
    const target = returnTo.current;
    // Code may already have placed focus on purpose (a record form reset for 'Add Another'): leave it there.
    const active = document.activeElement;
    if (!(active && active !== document.body && active.isConnected) && target?.isConnected) target.focus();
    closed.current?.();
  }, []);

  return { contentRef, onOpenAutoFocus, onCloseAutoFocus };
}

/** How long `untilClosed` waits at most for the close signal (a modal its parent unmounted sends none). */
const CLOSE_FALLBACK_MS = 500;

/**
 * Never two dialogs at once (issue 27): `const exit = useModalExit()`, pass `exit.onClosed` to the Modal,
 * and after a save `const gone = exit.untilClosed(); setOpen(false); await gone;` before showing the
 * confirmation. It resolves once the modal is gone and the focus is back on what opened it.
 */
export function useModalExit(): { onClosed: () => void; untilClosed: () => Promise<void> } {
  const waiting = useRef<(() => void)[]>([]);
  const onClosed = useCallback(() => {
    for (const resume of waiting.current.splice(0)) resume();
  }, []);
  const untilClosed = useCallback(
    () =>
      new Promise<void>((resolve) => {
        const fallback = setTimeout(resolve, CLOSE_FALLBACK_MS);
        waiting.current.push(() => {
          clearTimeout(fallback);
          resolve();
        });
      }),
    [],
  );
  return useMemo(() => ({ onClosed, untilClosed }), [onClosed, untilClosed]);
}

/** The first enabled field of a modal's body (or of any container), or null. */
export function firstField(container: ParentNode | null | undefined): HTMLElement | null {
  const body = container?.querySelector('[data-dialog-body]') ?? container;
  return body?.querySelector<HTMLElement>(FOCUSABLE_FIELD) ?? null;
}

/** Modal focus target: an element marked `data-autofocus`, else the first enabled field of the body. */
function pickModalFocus(content: HTMLElement) {
  return content.querySelector<HTMLElement>('[data-autofocus]') ?? firstField(content);
}

/** Message dialog focus target: the button chosen by `focusCancel` (marked `data-autofocus`). */
function pickMarkedFocus(content: HTMLElement) {
  return content.querySelector<HTMLElement>('[data-autofocus]');
}

export type ModalSize = 'sm' | 'md' | 'lg' | 'xl';

export type ModalProps = {
  open: boolean;
  /** Called with false by the × button; backdrop clicks and Escape never close a record modal. */
  onOpenChange?: (open: boolean) => void;
  /** Rendered as the Radix Dialog.Title (the dialog's accessible name). */
  title: ReactNode;
  /** Rendered as Dialog.Description when given. */
  description?: ReactNode;
  children?: ReactNode;
  footer?: ReactNode;
  size?: ModalSize;
  /** While saving: the × button is disabled, so the modal cannot be closed mid-request. */
  busy?: boolean;
  /** Runs once the modal has closed and handed the focus back (see useFocusReturn). */
  onClosed?: () => void;
  hideClose?: boolean;
  closeLabel?: string;
  /** When given, body and footer are wrapped in a <form noValidate>, so a submit button in the footer works. */
  onSubmit?: FormEventHandler<HTMLFormElement>;
  /**
   * The children bring their own ModalBody and ModalFooter (a form component that spans both, such as the
   * RecordDialog's); `footer` and `onSubmit` are then not used.
   */
  bare?: boolean;
  className?: string;
};

/** The scrolling body of a Modal; its first field gets the focus on open. */
export function ModalBody({ children }: { children?: ReactNode }) {
  return (
    <div className={styles.body} data-dialog-body="">
      {children}
    </div>
  );
}

/** The button row of a Modal (main action on top on phones, at the right from 600px). */
export function ModalFooter({ children }: { children?: ReactNode }) {
  return <div className={styles.footer}>{children}</div>;
}

/** A <form> that spans a bare Modal's body and footer, keeping the footer pinned below the scrolling body. */
export function ModalForm({ className, ...rest }: ComponentPropsWithRef<'form'>) {
  return <form noValidate {...rest} className={cx(styles.form, className)} />;
}

/**
 * A static record modal: closes only through its own buttons (no backdrop click, no Escape).
 * Focus goes to the element marked `data-autofocus`, else to the first field of the body.
 */
export function Modal({
  open,
  onOpenChange,
  title,
  description,
  children,
  footer,
  size = 'md',
  busy = false,
  hideClose = false,
  closeLabel = 'Close',
  onSubmit,
  bare = false,
  className,
  onClosed,
}: ModalProps) {
  const { contentRef, onOpenAutoFocus, onCloseAutoFocus } = useFocusReturn(pickModalFocus, onClosed);

  const inner = bare ? (
    children
  ) : (
    <>
      <ModalBody>{children}</ModalBody>
      {footer && <ModalFooter>{footer}</ModalFooter>}
    </>
  );

  return (
    <Dialog.Root open={open} onOpenChange={(next) => !busy && onOpenChange?.(next)}>
      <Dialog.Portal>
        <Dialog.Overlay className={styles.backdrop} />
        <Dialog.Content
          ref={contentRef}
          className={cx(styles.content, styles[size], className)}
          aria-busy={busy || undefined}
          onOpenAutoFocus={onOpenAutoFocus}
          onCloseAutoFocus={onCloseAutoFocus}
          // Static: entered data must not be lost to a stray click or key press.
          onPointerDownOutside={(event) => event.preventDefault()}
          onInteractOutside={(event) => event.preventDefault()}
          onEscapeKeyDown={(event) => event.preventDefault()}
        >
          <div className={styles.header}>
            <div>
              <Dialog.Title className={styles.title}>{title}</Dialog.Title>
              {description && <Dialog.Description className={styles.description}>{description}</Dialog.Description>}
            </div>
            {!hideClose && (
              <Dialog.Close className={styles.close} aria-label={closeLabel} disabled={busy}>
                <span aria-hidden="true">×</span>
              </Dialog.Close>
            )}
          </div>
          {onSubmit && !bare ? <ModalForm onSubmit={onSubmit}>{inner}</ModalForm> : inner}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

export type MessageTone = 'info' | 'success' | 'warning' | 'error';

export type MessageButton = {
  label: string;
  /** What `onClose` receives when this button is pressed. */
  value: string;
  variant?: ButtonVariant;
  /** The cancelling button: Escape reports its value, and `focusCancel` focuses it. */
  cancel?: boolean;
};

export type MessageDialogProps = {
  open: boolean;
  /** Rendered as the Radix Dialog.Title. */
  title: ReactNode;
  /** Rendered as Dialog.Description. */
  message?: ReactNode;
  tone?: MessageTone;
  /** Defaults to a single OK button. */
  buttons?: readonly MessageButton[];
  /** Focus the cancel button on open (confirmations); otherwise the last button is focused. */
  focusCancel?: boolean;
  /** The pressed button's value; Escape gives the cancel button's value, or null without one. */
  onClose: (value: string | null) => void;
};

const TONE_ICON: Record<MessageTone, string> = { info: 'i', success: '✓', warning: '!', error: '!' };
const DEFAULT_BUTTONS: readonly MessageButton[] = [{ label: 'OK', value: 'ok' }];

/** An alert-style dialog with a title, a message and a row of buttons; backdrop clicks do nothing. */
export function MessageDialog({ open, title, message, tone = 'info', buttons = DEFAULT_BUTTONS, focusCancel = false, onClose }: MessageDialogProps) {
  const cancelButton = buttons.find((button) => button.cancel);
  const focusValue = focusCancel && cancelButton ? cancelButton.value : buttons[buttons.length - 1]?.value;
  const { contentRef, onOpenAutoFocus, onCloseAutoFocus } = useFocusReturn(pickMarkedFocus);

  return (
    <Dialog.Root open={open} onOpenChange={(next) => !next && onClose(cancelButton?.value ?? null)}>
      <Dialog.Portal>
        <Dialog.Overlay className={cx(styles.backdrop, styles.messageBackdrop)} />
        <Dialog.Content
          ref={contentRef}
          role="alertdialog"
          className={cx(styles.content, styles.messageContent, styles.sm, styles.message, styles[tone])}
          onOpenAutoFocus={onOpenAutoFocus}
          onCloseAutoFocus={onCloseAutoFocus}
          onPointerDownOutside={(event) => event.preventDefault()}
          onInteractOutside={(event) => event.preventDefault()}
        >
          <div className={styles.header}>
            <div className={styles.titleRow}>
              <span className={styles.toneIcon} aria-hidden="true">
                {TONE_ICON[tone]}
              </span>
              <Dialog.Title className={styles.title}>{title}</Dialog.Title>
            </div>
          </div>
          {message && (
            <Dialog.Description asChild>
              <div className={styles.body}>{message}</div>
            </Dialog.Description>
          )}
          <div className={styles.footer}>
            {buttons.map((button) => (
              <Button
                key={button.value}
                variant={button.variant ?? (button.cancel ? 'secondary' : 'primary')}
                data-autofocus={button.value === focusValue ? '' : undefined}
                onClick={() => onClose(button.value)}
              >
                {button.label}
              </Button>
            ))}
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
