'use client';

import { zodResolver } from '@hookform/resolvers/zod';
import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import type { BaseSyntheticEvent } from 'react';
import { get, useForm } from 'react-hook-form';
import type { DefaultValues, FieldErrors, FieldValues, Path, UseFormProps, UseFormReturn } from 'react-hook-form';
import type { z } from 'zod';
import { ERROR_TITLE, useCall, useMessage } from '@/components/ui/call-provider';
import type { ActionResult } from '@/lib/http/result';

/** A form schema: an object schema whose input is what the fields hold and whose output is what is sent. */
export type FormSchema = z.ZodType<FieldValues, FieldValues>;
export type FormInput<S extends FormSchema> = z.input<S>;
export type FormOutput<S extends FormSchema> = z.output<S>;
export type ActionFormMethods<S extends FormSchema> = UseFormReturn<FormInput<S>, unknown, FormOutput<S>>;

type Failure = Extract<ActionResult<unknown>, { ok: false }>;

/** What a precheck reports: a message for the Error dialog, or a dialog of its own ('Missing Consent'). */
export type PrecheckProblem = string | { title: string; message: string };

export type SuccessContext<S extends FormSchema> = {
  /** The parsed values that were sent. */
  values: FormOutput<S>;
  /** The action's optional success message. */
  message?: string;
  form: ActionFormMethods<S>;
};

export type UseActionFormOptions<S extends FormSchema, R> = {
  /** The schema the server action parses with; the form validates with the very same one. */
  schema: S;
  /** Calls the server action with the parsed values (reshape them here when the action wants more). */
  action: (values: FormOutput<S>) => Promise<ActionResult<R>>;
  /** Initial values of every field (a field without a default cannot receive a server error). */
  defaults: DefaultValues<FormInput<S>>;
  /** Runs after a successful call, once the form has settled (no longer submitting). */
  onSuccess?: (data: R, context: SuccessContext<S>) => void | Promise<void>;
  /** Runs after a failed call, after the Error dialog was queued and field errors were set. */
  onFailure?: (result: Failure) => void;
  /**
   * Client-side rules that need more than the schema (an unchanged email, 'Client emails cannot be the
   * same'): a returned problem opens the Error dialog (or the given title) and nothing is sent.
   */
  precheck?: (values: FormOutput<S>) => PrecheckProblem | null | undefined | false;
  /** After failed client validation: a returned message also opens the Error dialog (settings' current password). */
  invalidAlert?: (errors: FieldErrors<FormInput<S>>) => string | null | undefined;
  /** The full-page loading overlay during the call (default true; the note save passes false). */
  overlay?: boolean;
  /** The Error dialog on failure (default true). */
  errorDialog?: boolean;
  /** Reset the fields to `defaults` after a successful call. */
  resetOnSuccess?: boolean;
  /** A field to focus when the form mounts (edit-in-place forms). */
  initialFocus?: Path<FormInput<S>>;
  /** react-hook-form's validation mode (default 'onSubmit', re-validating on change afterwards). */
  mode?: UseFormProps['mode'];
};

export type ActionForm<S extends FormSchema, R> = {
  form: ActionFormMethods<S>;
  /**
   * Validates, prechecks and calls the action; usable as a form's onSubmit or a button's onClick, or
   * called from code (the note's blur). Resolves with the action's result, or null when nothing was sent.
   */
  submit: (event?: BaseSyntheticEvent) => Promise<ActionResult<R> | null>;
  /**
   * True while the call runs. Not during client validation, so a form that locks its fields while saving
   * (the RecordDialog) still lets the first invalid field take the focus.
   */
  saving: boolean;
};

/**
 * Puts a server answer's per-field messages on the form's fields (dotted paths such as
 * 'contact_info.email') and focuses the first; paths that are not fields of this form ('_') are skipped,
 * since the Error dialog already shows the message. Returns the paths it set.
 */
export function applyServerErrors<T extends FieldValues>(
  form: Pick<UseFormReturn<T, unknown, unknown>, 'getValues' | 'setError'>,
  fieldErrors: Record<string, string> | undefined,
): Path<T>[] {
  const values = form.getValues();
  const applied: Path<T>[] = [];
  for (const [path, message] of Object.entries(fieldErrors ?? {})) {
    if (!message || get(values, path) === undefined) continue;
    form.setError(path as Path<T>, { type: 'server', message }, { shouldFocus: applied.length === 0 });
    applied.push(path as Path<T>);
  }
  return applied;
}

/**
 * The one way a form talks to the server: react-hook-form validating with the server's own schema
 * (zodResolver), the call wrapper (loading overlay, the spec's Error dialog with the server's message), the
 * server's field errors on their fields, and the first invalid field focused.
 *
 *     const { form, submit, saving } = useActionForm({
 *       schema: updatePhoneSchema,
 *       defaults: { contact_info: { email, phone }, password_check: '' },
 *       action: updatePhoneAction,
 *       onSuccess: (data) => onSaved(data),
 *     });
 *     return <Form form={form} onSubmit={submit}><PhoneField name="contact_info.phone" label="Phone" required /></Form>;
 */
export function useActionForm<S extends FormSchema, R>(options: UseActionFormOptions<S, R>): ActionForm<S, R> {
  const call = useCall();
  const { showMessage } = useMessage();
  const form = useForm<FormInput<S>, unknown, FormOutput<S>>({
    resolver: zodResolver(options.schema as never) as never,
    defaultValues: options.defaults,
    mode: options.mode,
  });

  const [saving, setSaving] = useState(false);
  // The latest options, so `submit` keeps one identity while callers pass fresh closures every render.
  const latest = useRef(options);
  useLayoutEffect(() => {
    latest.current = options;
  });

  const { initialFocus } = options;
  useEffect(() => {
    if (initialFocus) form.setFocus(initialFocus);
    // Only on mount: later renders must not pull the focus back.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const submit = useCallback(
    async (event?: BaseSyntheticEvent): Promise<ActionResult<R> | null> => {
      let sent: { result: ActionResult<R>; values: FormOutput<S> } | null = null;

      const onValid = async (values: FormOutput<S>) => {
        const { precheck, action, overlay = true, errorDialog = true } = latest.current;
        const problem = precheck?.(values);
        if (problem) {
          const { title, message } = typeof problem === 'string' ? { title: ERROR_TITLE, message: problem } : problem;
          void showMessage({ title, message, tone: 'error' });
          return;
        }
        // Unlocked at once (not on the next render), so a field in error can take the focus.
        const unlock = () => flushSync(() => setSaving(false));
        setSaving(true);
        let result: ActionResult<R>;
        try {
          result = await call(() => action(values), {
            overlay,
            errorDialog,
            // Before the Error dialog opens, so closing it returns to the first field in error.
            onFailure: (failure) => {
              unlock();
              applyServerErrors(form, failure.fieldErrors);
            },
          });
        } finally {
          unlock();
        }
        // A redirecting action resolves without a result: nothing more to do here.
        if (result) sent = { result, values };
      };

      const onInvalid = (errors: FieldErrors<FormInput<S>>) => {
        // react-hook-form focuses the first invalid field right after this (shouldFocusError), before the
        // dialog mounts, so closing the dialog returns there.
        const message = latest.current.invalidAlert?.(errors);
        if (message) void showMessage({ title: ERROR_TITLE, message, tone: 'error' });
      };

      await form.handleSubmit(onValid, onInvalid)(event);

      const outcome = sent as { result: ActionResult<R>; values: FormOutput<S> } | null;
      if (!outcome) return null;
      const { result, values } = outcome;
      const { onSuccess, onFailure, resetOnSuccess } = latest.current;
      if (result.ok) {
        if (resetOnSuccess) form.reset();
        await onSuccess?.(result.data, { values, message: result.message, form });
      } else {
        onFailure?.(result);
      }
      return result;
    },
    [call, form, showMessage],
  );

  return { form, submit, saving };
}
