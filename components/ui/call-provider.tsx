'use client';

import { createContext, useCallback, useContext, useMemo, useRef, useState } from 'react';
import type { ReactNode } from 'react';
import { createPortal } from 'react-dom';
import type { ActionResult } from '@/lib/http/result';
import type { ButtonVariant } from './button';
import { MessageDialog } from './dialog';
import { NoticeProvider } from './notice';
import type { MessageButton, MessageTone } from './dialog';
import styles from './call-provider.module.css';

/** Shown when a call throws instead of answering (network failure, server crash). */
export const GENERIC_ERROR_MESSAGE = 'Something went wrong. Please try again.';
/** Title of the spec's failure dialog. */
export const ERROR_TITLE = 'Error';

export type CallOptions = {
  /** Show the full-page loading overlay while the call runs (default true; the note save passes false). */
  overlay?: boolean;
  /** Show the Error dialog on failure (default true). */
  errorDialog?: boolean;
  /**
   * Runs on failure before the Error dialog opens: focus placed here (the first field in error) is where
   * the dialog returns it when closed.
   */
  onFailure?: (failure: CallFailure) => void;
};

export type CallFailure = Extract<ActionResult<unknown>, { ok: false }>;

export type Call = <T>(run: () => Promise<ActionResult<T>>, options?: CallOptions) => Promise<ActionResult<T>>;

export type ShowMessageOptions = {
  title: string;
  message?: ReactNode;
  tone?: MessageTone;
  okLabel?: string;
};

export type ConfirmOptions = {
  title: string;
  message?: ReactNode;
  confirmLabel?: string;
  cancelLabel?: string;
  /** Confirmations are warning-style by default (spec). */
  tone?: MessageTone;
  /**
   * The confirm button's look: primary by default; 'danger' only for what destroys or ends something (Delete,
   * Remove, Cancel Annual Charge), never for Confirm, Continue or Update Status (issue 27).
   */
  confirmVariant?: ButtonVariant;
  /** Cancel is focused by default (spec); pass false to focus the confirm button instead. */
  focusCancel?: boolean;
};

type QueuedMessage = {
  id: number;
  title: string;
  message?: ReactNode;
  tone: MessageTone;
  buttons: readonly MessageButton[];
  focusCancel: boolean;
};

type CallContextValue = {
  call: Call;
  runWithOverlay: <T>(work: () => Promise<T>) => Promise<T>;
  showMessage: (options: ShowMessageOptions) => Promise<void>;
  confirm: (options: ConfirmOptions) => Promise<boolean>;
};

const CallContext = createContext<CallContextValue | null>(null);

function useCallContext(hook: string): CallContextValue {
  const context = useContext(CallContext);
  if (!context) throw new Error(`${hook}() must be used inside <CallProvider>.`);
  return context;
}

/**
 * Owns the app's loading overlay and message dialogs (one at a time, in order), and hands out `call`,
 * which runs a server action with both. Mount it once near the root of the client tree. It mounts the
 * NoticeProvider too: every page that can show a dialog can say a non-blocking notice instead (useNotice).
 */
export function CallProvider({ children }: { children: ReactNode }) {
  const [pending, setPending] = useState(0);
  const [queue, setQueue] = useState<QueuedMessage[]>([]);
  const nextId = useRef(0);
  // Resolvers live outside state: state updaters must stay pure (React may run them twice).
  const resolvers = useRef(new Map<number, (value: string | null) => void>());

  const enqueue = useCallback((message: Omit<QueuedMessage, 'id'>) => {
    return new Promise<string | null>((resolve) => {
      nextId.current += 1;
      const id = nextId.current;
      resolvers.current.set(id, resolve);
      setQueue((current) => [...current, { ...message, id }]);
    });
  }, []);

  const close = useCallback((id: number, value: string | null) => {
    resolvers.current.get(id)?.(value);
    resolvers.current.delete(id);
    setQueue((current) => current.filter((message) => message.id !== id));
  }, []);

  const runWithOverlay = useCallback(async <T,>(work: () => Promise<T>): Promise<T> => {
    // A counter, not a flag: overlapping calls keep the overlay until the last one ends.
    setPending((count) => count + 1);
    try {
      return await work();
    } finally {
      setPending((count) => count - 1);
    }
  }, []);

  const call = useCallback<Call>(
    async (run, options = {}) => {
      const { overlay = true, errorDialog = true, onFailure } = options;
      let result: Awaited<ReturnType<typeof run>>;
      try {
        result = overlay ? await runWithOverlay(run) : await run();
      } catch (error) {
        console.error(error);
        // No answer from the server (network down, action crashed in transit): status 0.
        result = { ok: false, status: 0, message: GENERIC_ERROR_MESSAGE };
      }
      // A redirecting action resolves without a result; only an explicit failure opens the dialog.
      if (result?.ok === false) onFailure?.(result);
      if (result?.ok === false && errorDialog) {
        void enqueue({
          title: ERROR_TITLE,
          message: result.message || GENERIC_ERROR_MESSAGE,
          tone: 'error',
          buttons: [{ label: 'OK', value: 'ok' }],
          focusCancel: false,
        });
      }
      return result;
    },
    [enqueue, runWithOverlay],
  );

  const showMessage = useCallback(
    async ({ title, message, tone = 'info', okLabel = 'OK' }: ShowMessageOptions) => {
      await enqueue({ title, message, tone, buttons: [{ label: okLabel, value: 'ok' }], focusCancel: false });
    },
    [enqueue],
  );

  const confirm = useCallback(
    async ({
      title,
      message,
      confirmLabel = 'OK',
      cancelLabel = 'Cancel',
      tone = 'warning',
      confirmVariant = 'primary',
      focusCancel = true,
    }: ConfirmOptions) => {
      const value = await enqueue({
        title,
        message,
        tone,
        buttons: [
          { label: cancelLabel, value: 'cancel', cancel: true },
          { label: confirmLabel, value: 'confirm', variant: confirmVariant },
        ],
        focusCancel,
      });
      return value === 'confirm';
    },
    [enqueue],
  );

  const value = useMemo(() => ({ call, runWithOverlay, showMessage, confirm }), [call, runWithOverlay, showMessage, confirm]);
  const current = queue[0];

  return (
    <CallContext.Provider value={value}>
      <NoticeProvider>{children}</NoticeProvider>
      {current && (
        <MessageDialog
          key={current.id}
          open
          title={current.title}
          message={current.message}
          tone={current.tone}
          buttons={current.buttons}
          focusCancel={current.focusCancel}
          onClose={(result) => close(current.id, result)}
        />
      )}
      {pending > 0 && typeof document !== 'undefined' && createPortal(<LoadingOverlay />, document.body)}
    </CallContext.Provider>
  );
}

/** The full-page loading overlay; announced politely as 'Loading'. */
function LoadingOverlay() {
  return (
    <div className={styles.overlay} role="status" aria-live="polite" data-testid="loading-overlay">
      <span className={styles.spinner} aria-hidden="true" />
      <span className="visually-hidden">Loading</span>
    </div>
  );
}

/**
 * `const call = useCall(); const result = await call(() => saveAction(input))` runs a server action with the
 * loading overlay and, when it fails, the Error dialog; it always resolves with the ActionResult.
 */
export function useCall(): Call {
  return useCallContext('useCall').call;
}

/** Runs any async work (an upload, a fetch) under the loading overlay, without result handling. */
export function useLoadingOverlay(): <T>(work: () => Promise<T>) => Promise<T> {
  return useCallContext('useLoadingOverlay').runWithOverlay;
}

/** Message and confirmation dialogs: `await showMessage({...})` resolves on close, `await confirm({...})` to a boolean. */
export function useMessage(): Pick<CallContextValue, 'showMessage' | 'confirm'> {
  const { showMessage, confirm } = useCallContext('useMessage');
  return useMemo(() => ({ showMessage, confirm }), [showMessage, confirm]);
}

/** Shortcut for `useMessage().confirm`. */
export function useConfirm(): CallContextValue['confirm'] {
  return useCallContext('useConfirm').confirm;
}
