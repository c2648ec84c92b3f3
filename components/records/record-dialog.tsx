'use client';

import { createContext, useCallback, useContext, useEffect, useLayoutEffect, useRef, useState } from 'react';
import type { FormEvent, ReactNode } from 'react';
import { FormProvider } from 'react-hook-form';
import type { DefaultValues } from 'react-hook-form';
import { useActionForm } from '@/components/forms/use-action-form';
import type { ActionFormMethods, FormInput, FormOutput, FormSchema, PrecheckProblem } from '@/components/forms/use-action-form';
import { Button } from '@/components/ui/button';
import { useCall, useMessage } from '@/components/ui/call-provider';
import { firstField, Modal, ModalBody, ModalFooter, ModalForm, useModalExit } from '@/components/ui/dialog';
import type { ModalSize } from '@/components/ui/dialog';
import type { ActionResult } from '@/lib/http/result';
import { newRequestKey } from '@/lib/request-key';
import { recordTexts } from './record-texts';
import type { RecordTexts, RecordTextsConfig } from './record-texts';
import styles from './record-dialog.module.css';

export type RecordMode = 'create' | 'update';

/** Reports from a part of the form that the Create / Save button must wait (see useHoldSubmit). */
const SubmitHoldContext = createContext<((held: boolean) => void) | null>(null);

/**
 * Hides the record dialog's Create / Save button while `held`: a question that decides what the form is
 * (intake §4, 'Link from existing record?') shows the button only once answered. Outside a RecordDialog it
 * does nothing.
 */
export function useHoldSubmit(held: boolean): void {
  const setHeld = useContext(SubmitHoldContext);
  useEffect(() => {
    setHeld?.(held);
    return () => setHeld?.(false);
  }, [held, setHeld]);
}

export type RecordDialogProps<S extends FormSchema, R> = {
  open: boolean;
  /** 'create' for a new record (Create, then Add Another / Finished With …), 'update' for an existing one. */
  mode: RecordMode;
  /** The section's words: `{ noun: 'Child', section: 'Children' }`, with overrides for the spec's exceptions. */
  texts: RecordTextsConfig;
  /** The upsert's schema: the form validates with the one the server parses with. */
  schema: S;
  /** The record's values (or a new record's defaults); read each time the dialog opens. */
  defaults: DefaultValues<FormInput<S>>;
  /**
   * Calls the upsert action with the parsed values. `requestKey` is made once per form (each opening, each
   * Add Another): a retry or a second submit of the same form sends the same key, so the server makes a new
   * record once (lib/idempotency.ts).
   */
  save: (values: FormOutput<S>, call: { requestKey: string }) => Promise<ActionResult<R>>;
  /** Calls the delete action; with it, an existing record gets a Remove button. */
  remove?: () => Promise<ActionResult<unknown>>;
  /** After a successful save (the section refreshes its list from `data`), before the success dialog. */
  onSaved?: (data: R, mode: RecordMode) => void;
  /** After a successful removal, before the dialog closes. */
  onRemoved?: (data: unknown) => void;
  /** The dialog asks to close (Cancel, ×, Finished With …, after an update or a removal). */
  onClose: () => void;
  /** Client-side rules beyond the schema (see useActionForm). */
  precheck?: (values: FormOutput<S>) => PrecheckProblem | null | undefined | false;
  /** The fields; a function receives the form (to watch a value and show dependent fields). */
  children: ReactNode | ((form: ActionFormMethods<S>) => ReactNode);
  /** Defaults to the texts' 'New …' or 'Edit …'. */
  title?: ReactNode;
  description?: ReactNode;
  size?: ModalSize;
};

/**
 * The intake sections' record modal (intake §2, §8): static (no backdrop or Escape dismissal), every field
 * and button locked while saving or removing, and the spec's lifecycle:
 * - create → '<Noun> Added' asks 'Would you like to add another …?': Add Another empties the form for the
 *   next record; 'Finished With <Section>' closes;
 * - update → '<Noun> Updated', then closes;
 * - Remove → 'Remove <Noun>?' (warning, Cancel focused, button 'Remove') → closes once removed;
 * - Cancel (or ×) closes; a new record that was never saved is discarded.
 * Each opening (and each Add Another) starts from fresh `defaults`: the form is remounted, not patched,
 * and gets a new request key for its save.
 * Never two dialogs at once (issue 27): after a save the modal is hidden first, and the '… Added' or
 * '… Updated' dialog opens once it is gone (the focus back on the button that opened it); Add Another
 * shows the modal again with a fresh form.
 */
export function RecordDialog<S extends FormSchema, R>(props: RecordDialogProps<S, R>) {
  const { open, mode, title, description, size = 'md', onClose } = props;
  const texts = recordTexts(props.texts);
  const [generation, setGeneration] = useState(0);
  const [busy, setBusy] = useState(false);
  // Hidden while the save's confirmation shows, so two dialogs never stack.
  const [hidden, setHidden] = useState(false);
  const exit = useModalExit();
  // Set by Add Another: the next form focuses its first field (Radix only does so when the modal opens).
  const focusNext = useRef(false);

  /** Hides the modal; resolves once it is gone and the focus is back where it was opened from. */
  const { untilClosed } = exit;
  const hide = useCallback(() => {
    const gone = untilClosed();
    setHidden(true);
    return gone;
  }, [untilClosed]);

  return (
    <Modal
      open={open && !hidden}
      onClosed={exit.onClosed}
      onOpenChange={(next) => {
        if (!next) onClose();
      }}
      title={title ?? (mode === 'create' ? texts.newTitle : texts.editTitle)}
      description={description}
      size={size}
      busy={busy}
      bare
    >
      <RecordForm
        key={generation}
        {...props}
        resolvedTexts={texts}
        onBusyChange={setBusy}
        focusOnMountRef={focusNext}
        hide={hide}
        onClose={() => {
          setHidden(false);
          onClose();
        }}
        onAddAnother={() => {
          focusNext.current = true;
          setGeneration((current) => current + 1);
          setHidden(false);
        }}
      />
    </Modal>
  );
}

type RecordFormProps<S extends FormSchema, R> = RecordDialogProps<S, R> & {
  /** Hides the modal (the form unmounts); resolves once it is gone. */
  hide: () => Promise<void>;
  resolvedTexts: RecordTexts;
  onBusyChange: (busy: boolean) => void;
  focusOnMountRef: { current: boolean };
  onAddAnother: () => void;
};

function RecordForm<S extends FormSchema, R>({
  mode,
  schema,
  defaults,
  save,
  remove,
  onSaved,
  onRemoved,
  onClose,
  precheck,
  children,
  resolvedTexts: texts,
  onBusyChange,
  focusOnMountRef,
  onAddAnother,
  hide,
}: RecordFormProps<S, R>) {
  const call = useCall();
  const { confirm, showMessage } = useMessage();
  const [removing, setRemoving] = useState(false);
  const [submitHeld, setSubmitHeld] = useState(false);
  const fieldsRef = useRef<HTMLFieldSetElement>(null);
  // One per form: the form is remounted for each opening and each Add Another.
  const [requestKey] = useState(newRequestKey);

  const { form, submit, saving } = useActionForm({
    schema,
    defaults,
    action: (values) => save(values, { requestKey }),
    precheck,
    onSuccess: async (data) => {
      onSaved?.(data, mode);
      // The modal goes first: the confirmation never opens on top of it. This form unmounts here; what
      // follows only calls the dialog's own callbacks.
      await hide();
      if (mode === 'create') {
        const another = await confirm({
          title: texts.added,
          message: texts.addAnother,
          confirmLabel: 'Add Another',
          cancelLabel: texts.finished,
          tone: 'success',
          confirmVariant: 'primary',
          focusCancel: false,
        });
        if (another) onAddAnother();
        else onClose();
      } else {
        await showMessage({ title: texts.updated, tone: 'success' });
        onClose();
      }
    },
  });

  const busy = saving || removing;
  // A layout effect: the × is disabled in the same paint as the rest of the form.
  useLayoutEffect(() => onBusyChange(busy), [busy, onBusyChange]);

  useEffect(() => {
    if (!focusOnMountRef.current) return;
    focusOnMountRef.current = false;
    firstField(fieldsRef.current)?.focus();
  }, [focusOnMountRef]);

  const onRemove = async () => {
    if (!remove) return;
    const confirmed = await confirm({
      title: texts.removeTitle,
      message: texts.removeMessage,
      confirmLabel: 'Remove',
      tone: 'warning',
      confirmVariant: 'danger',
      focusCancel: true,
    });
    if (!confirmed) return;
    setRemoving(true);
    let result: ActionResult<unknown> | undefined;
    try {
      result = await call(remove);
    } finally {
      setRemoving(false);
    }
    if (result?.ok) {
      onRemoved?.(result.data);
      onClose();
    }
  };

  // Enter in a field submits the form even without a visible button: a held form does not save.
  const submitUnlessHeld = (event: FormEvent<HTMLFormElement>) => {
    if (submitHeld) event.preventDefault();
    else return submit(event);
  };

  return (
    <FormProvider {...form}>
      <ModalForm onSubmit={submitUnlessHeld} aria-busy={busy || undefined}>
        <ModalBody>
          {/* One disabled fieldset locks every field at once while a call runs. */}
          <fieldset ref={fieldsRef} disabled={busy} className={styles.lock}>
            <SubmitHoldContext.Provider value={setSubmitHeld}>{typeof children === 'function' ? children(form) : children}</SubmitHoldContext.Provider>
          </fieldset>
        </ModalBody>
        <ModalFooter>
          {mode === 'update' && remove && (
            <Button variant="danger" className={styles.remove} onClick={onRemove} disabled={busy} loading={removing}>
              Remove
            </Button>
          )}
          <Button variant="secondary" onClick={onClose} disabled={busy}>
            Cancel
          </Button>
          {!submitHeld && (
            <Button type="submit" loading={saving} disabled={removing}>
              {mode === 'create' ? 'Create' : 'Save'}
            </Button>
          )}
        </ModalFooter>
      </ModalForm>
    </FormProvider>
  );
}
