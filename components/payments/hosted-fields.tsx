'use client';

import { useCallback, useEffect, useId, useMemo, useRef, useState } from 'react';
import fieldStyles from '@/components/ui/field.module.css';
import { cx } from '@/components/ui/class-names';
import type { PaymentFormConfig } from '@/lib/payments/types';
import styles from './payments.module.css';

/*
 * LawPay's hosted fields (AffiniPay's fieldGen library): the card number and CVV, or the routing and account
 * numbers, are typed into frames served by the gateway, which turns them into a one-time token. This page
 * never reads them and this server never receives them: the form posts the token with the other fields.
 * The library's API, as far as the app uses it (developers.8am.com, "Creating payment forms using hosted
 * fields"): `AffiniPay.HostedFields.initializeFields(config, onState)` fills each selected container with a
 * frame and returns `{ getState(), getPaymentToken(extra) }`.
 */

export type HostedConfig = Extract<PaymentFormConfig, { kind: 'hosted' }>;
type HostedFieldType = 'credit_card_number' | 'cvv' | 'routing_number' | 'bank_account_number';
type FieldState = { selector?: string; type?: string; error?: string };
type HostedState = { isReady?: boolean; fields?: FieldState[] };
type HostedInstance = { getState?: () => HostedState; getPaymentToken: (extra: Record<string, unknown>) => Promise<{ id?: unknown }> };
type HostedLibrary = {
  initializeFields: (config: unknown, onState: (state: HostedState) => void) => HostedInstance;
  parseException?: (error: unknown) => { message?: string; messages?: unknown[] } | undefined;
};

declare global {
  interface Window {
    AffiniPay?: { HostedFields?: HostedLibrary };
  }
}

/** The frames of each kind of method, with the labels the page shows beside them. */
export const HOSTED_FIELDS: Record<'card' | 'bank', { type: HostedFieldType; label: string; wide?: boolean }[]> = {
  card: [
    { type: 'credit_card_number', label: 'Card number', wide: true },
    { type: 'cvv', label: 'CVV' },
  ],
  bank: [
    { type: 'routing_number', label: 'Routing number' },
    { type: 'bank_account_number', label: 'Account number' },
  ],
};

/**
 * The look of the input inside each frame: the app's own inputs (components/ui/field.module.css `.control`),
 * written out because a stylesheet of this page cannot reach into the gateway's frames.
 */
const FRAME_INPUT_CSS = {
  'box-sizing': 'border-box',
  width: '100%',
  height: '2.75rem',
  margin: '0',
  padding: '0.5rem 0.75rem',
  border: '1px solid #4a5259',
  'border-radius': '4px',
  background: '#ffffff',
  color: '#1b1f23',
  'font-family': 'system-ui, -apple-system, "Segoe UI", Roboto, sans-serif',
  'font-size': '16px',
  // Drawn inside the input: an outline would be clipped by the frame's edge.
  ':focus': { outline: 'none', 'border-color': '#2f6fed', 'box-shadow': 'inset 0 0 0 2px #2f6fed' },
  ':invalid': { 'border-color': '#b3261e' },
};

export const HOSTED_FIELDS_UNAVAILABLE = 'The secure payment fields could not be loaded. Please check your connection and reload the page.';
export const HOSTED_FIELDS_INCOMPLETE = 'Please complete the payment details.';

/** A refusal from the hosted fields (a field incomplete, the gateway unreachable), in words for the payer. */
export class HostedFieldsError extends Error {}

const scripts = new Map<string, Promise<HostedLibrary>>();

function sameErrors(a: Partial<Record<string, string>>, b: Partial<Record<string, string>>): boolean {
  const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
  return [...keys].every((key) => a[key] === b[key]);
}

/** Loads the library once per page (with its integrity digest when one is known); a failed load may be retried. */
function loadLibrary(script: HostedConfig['script']): Promise<HostedLibrary> {
  const cached = scripts.get(script.src);
  if (cached) return cached;
  const loading = new Promise<HostedLibrary>((resolve, reject) => {
    if (window.AffiniPay?.HostedFields) return resolve(window.AffiniPay.HostedFields);
    const element = document.createElement('script');
    // A script that fails, or loads without defining the library, leaves the page: a retry adds it afresh.
    const failed = (reason: string) => {
      element.remove();
      reject(new Error(reason));
    };
    const ready = () => (window.AffiniPay?.HostedFields ? resolve(window.AffiniPay.HostedFields) : failed('no hosted fields'));
    element.src = script.src;
    // A digest is checked on a cross-origin script only when fetched with CORS (AffiniPay's CDN allows it).
    if (script.integrity) {
      element.integrity = script.integrity;
      element.crossOrigin = 'anonymous';
    }
    element.async = true;
    element.onload = ready;
    element.onerror = () => failed('the hosted fields script did not load');
    document.head.appendChild(element);
  });
  scripts.set(script.src, loading);
  loading.catch(() => scripts.delete(script.src));
  return loading;
}

/** The containers' ids (useId's colons are not valid in the CSS selectors the library takes). */
function containerId(base: string, type: HostedFieldType): string {
  return `hosted-${base.replace(/[^A-Za-z0-9_-]/g, '')}-${type}`;
}

export type HostedFields = {
  config: HostedConfig;
  /** 'loading' until the frames are there; 'failed' when the library could not be loaded. */
  status: 'loading' | 'ready' | 'failed';
  /** Each frame's own complaint ('' or absent when fine), by field type. */
  errors: Partial<Record<HostedFieldType, string>>;
  containerId: (type: HostedFieldType) => string;
  /** Puts the frames of `kind` into their containers (rendered by HostedFieldSlots); returns the cleanup. */
  mount: (kind: 'card' | 'bank') => () => void;
  /** The one-time token for what was typed, sent to the gateway with `extra` (expiry, name, address…). */
  tokenize: (extra: Record<string, unknown>) => Promise<string>;
};

/** The hosted fields of one payment form; null when the gateway takes the app's own inputs (the sandbox). */
export function useHostedFields(form: PaymentFormConfig): HostedFields | null {
  const base = useId();
  // Kept by value: a parent passing a fresh but equal object must not put new frames in (and lose what was typed).
  const publicKey = form.kind === 'hosted' ? form.publicKey : null;
  const src = form.kind === 'hosted' ? form.script.src : null;
  const integrity = form.kind === 'hosted' ? form.script.integrity : null;
  const config = useMemo<HostedConfig | null>(
    () => (publicKey && src ? { kind: 'hosted', publicKey, script: { src, integrity } } : null),
    [publicKey, src, integrity],
  );
  const [status, setStatus] = useState<HostedFields['status']>('loading');
  const [errors, setErrors] = useState<HostedFields['errors']>({});
  const instance = useRef<HostedInstance | null>(null);
  const library = useRef<HostedLibrary | null>(null);

  const idOf = useCallback((type: HostedFieldType) => containerId(base, type), [base]);

  const mount = useCallback(
    (kind: 'card' | 'bank') => {
      if (!config) return () => undefined;
      let active = true;
      const fields = HOSTED_FIELDS[kind];
      setStatus('loading');
      setErrors({});
      loadLibrary(config.script).then(
        (loaded) => {
          if (!active) return;
          library.current = loaded;
          instance.current = loaded.initializeFields(
            {
              publicKey: config.publicKey,
              input: { css: FRAME_INPUT_CSS },
              fields: fields.map(({ type }) => ({ selector: `#${idOf(type)}`, input: { type } })),
            },
            (state) => {
              if (!active) return;
              const next: HostedFields['errors'] = {};
              for (const field of state.fields ?? []) {
                const type = field.type ?? fields.find((f) => field.selector === `#${idOf(f.type)}`)?.type;
                if (type && field.error) next[type as HostedFieldType] = field.error;
              }
              // The library reports on every keystroke: the form re-renders only when a message changes.
              setErrors((previous) => (sameErrors(previous, next) ? previous : next));
            },
          );
          // Each frame is named after its label, for screen readers (and axe), when the library has not.
          for (const { type, label } of fields) {
            const frame = document.getElementById(idOf(type))?.querySelector('iframe');
            if (frame && !frame.title) frame.title = label;
          }
          setStatus('ready');
        },
        () => active && setStatus('failed'),
      );
      return () => {
        active = false;
        instance.current = null;
        for (const { type } of fields) document.getElementById(idOf(type))?.replaceChildren();
      };
    },
    [config, idOf],
  );

  const tokenize = useCallback(async (extra: Record<string, unknown>) => {
    const fields = instance.current;
    if (!fields) throw new HostedFieldsError(HOSTED_FIELDS_UNAVAILABLE);
    if (fields.getState && fields.getState().isReady === false) throw new HostedFieldsError(HOSTED_FIELDS_INCOMPLETE);
    try {
      const token = await fields.getPaymentToken(extra);
      if (typeof token?.id !== 'string' || !token.id) throw new Error('no token');
      return token.id;
    } catch (error) {
      const parsed = library.current?.parseException?.(error);
      const reason = parsed?.messages?.find((m): m is string => typeof m === 'string') ?? (error as { message?: unknown })?.message;
      throw new HostedFieldsError(typeof reason === 'string' && reason && reason !== 'no token' ? reason : HOSTED_FIELDS_UNAVAILABLE);
    }
  }, []);

  return useMemo(() => (config ? { config, status, errors, containerId: idOf, mount, tokenize } : null), [config, status, errors, idOf, mount, tokenize]);
}

type MethodValues = { charge_type: 'card' | 'bank'; token?: string } & Record<string, unknown>;

/** What the gateway keeps with the token besides the numbers: the expiry, the cardholder and address; the account holder and type. */
export function tokenExtras(method: MethodValues): Record<string, unknown> {
  // LawPay's own spelling of the account type, as the server's adapter sends it (lib/payments/lawpay-gateway.ts).
  if (method.charge_type === 'bank')
    return { name: method.name, account_type: method.account_type === 'savings' ? 'SAVINGS' : 'CHECKING', account_holder_type: 'individual' };
  const [month, year] = String(method.expiry ?? '').split('/');
  return {
    name: method.name,
    exp_month: Number(month),
    exp_year: 2000 + Number(year),
    address1: method.street,
    city: method.city,
    state: method.state,
    postal_code: method.zip,
  };
}

/**
 * The form's method with the hosted fields' token added (the numbers were never in it), or the refusal as
 * a failed result the form shows like any other; nothing is sent to this server without a token.
 */
export async function withHostedToken<M extends MethodValues>(
  hosted: HostedFields | null,
  method: M,
): Promise<{ ok: true; method: M } | { ok: false; status: number; message: string }> {
  if (!hosted) return { ok: true, method };
  try {
    return { ok: true, method: { ...method, token: await hosted.tokenize(tokenExtras(method)) } };
  } catch (error) {
    if (error instanceof HostedFieldsError) return { ok: false, status: 422, message: error.message };
    throw error;
  }
}

/**
 * The containers the frames go into, labelled like the app's own fields. They are React's to render and
 * the library's to fill: React renders them empty and never touches their children.
 */
export function HostedFieldSlots({ hosted, kind }: { hosted: HostedFields; kind: 'card' | 'bank' }) {
  const { mount } = hosted;
  useEffect(() => mount(kind), [mount, kind]);
  return (
    <>
      {HOSTED_FIELDS[kind].map(({ type, label, wide }) => {
        const id = hosted.containerId(type);
        const error = hosted.errors[type];
        return (
          <div key={type} className={cx(fieldStyles.field, wide && styles.wide)}>
            <span id={`${id}-label`} className={fieldStyles.label}>
              {label}
              <span className={fieldStyles.required} aria-hidden="true">
                *
              </span>
            </span>
            <div id={id} className={styles.hostedFrame} role="group" aria-labelledby={`${id}-label`} aria-busy={hosted.status === 'loading'} />
            {error ? <p className={fieldStyles.error}>{error}</p> : null}
          </div>
        );
      })}
      {hosted.status === 'failed' ? (
        <p className={cx(fieldStyles.error, styles.wide)} role="alert">
          {HOSTED_FIELDS_UNAVAILABLE}
        </p>
      ) : null}
    </>
  );
}
