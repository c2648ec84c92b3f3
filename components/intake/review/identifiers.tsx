'use client';

import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';
import { useCall } from '@/components/ui/call-provider';
import { revealIdentifiersAction } from '@/lib/actions/plans';
import { maskSsn } from '@/lib/format/ssn';
import type { IdentifierRef } from '@/lib/validation/plans';
import { useIntake } from '../intake-context';
import styles from './review.module.css';

/*
 * Masked identifiers on the review (intake §5): everyone sees XXX-XX-1234. Attorneys and admins get an eye
 * button that fetches the full value from the server (audited there), shows it, and hides it again when the
 * button loses focus; printing fetches every identifier shown and prints them in full for those users only.
 * The browser of anyone else never holds a full value: the page's data carries only the last four digits.
 */

type Revealed = {
  /** Identifiers on show through the eye button (hash → full value). */
  shown: Record<string, string>;
  /** Full values fetched for printing (printed instead of the masked ones). */
  printed: Record<string, string>;
  reveal: (ref: IdentifierRef) => Promise<void>;
  hide: (hash: string) => void;
  /** Fetches every identifier on the review for printing; resolves true when they are in place. */
  fetchForPrint: (refs: IdentifierRef[]) => Promise<boolean>;
  clearPrinted: () => void;
};

const RevealContext = createContext<Revealed | null>(null);

export function RevealProvider({ children }: { children: ReactNode }) {
  const { view } = useIntake();
  const call = useCall();
  const [shown, setShown] = useState<Record<string, string>>({});
  const [printed, setPrinted] = useState<Record<string, string>>({});

  const reveal = useCallback(
    async (ref: IdentifierRef) => {
      const result = await call(() => revealIdentifiersAction({ client_hash: view.client.hash, items: [ref] }));
      if (result.ok) setShown((s) => ({ ...s, ...result.data.values }));
    },
    [call, view.client.hash],
  );
  const hide = useCallback(
    (hash: string) =>
      setShown((current) => {
        const rest = { ...current };
        delete rest[hash];
        return rest;
      }),
    [],
  );
  const fetchForPrint = useCallback(
    async (refs: IdentifierRef[]) => {
      if (refs.length === 0) return true;
      const result = await call(() => revealIdentifiersAction({ client_hash: view.client.hash, items: refs }));
      if (result.ok) setPrinted(result.data.values);
      return result.ok;
    },
    [call, view.client.hash],
  );
  const clearPrinted = useCallback(() => setPrinted({}), []);
  const value = useMemo(() => ({ shown, printed, reveal, hide, fetchForPrint, clearPrinted }), [shown, printed, reveal, hide, fetchForPrint, clearPrinted]);
  return (
    <RevealContext.Provider value={value}>
      {view.abilities.canRevealIdentifiers ? <EyeSymbol /> : null}
      {children}
    </RevealContext.Provider>
  );
}

function useReveal(): Revealed {
  const context = useContext(RevealContext);
  if (!context) throw new Error('useReveal() must be used inside <RevealProvider>.');
  return context;
}
export { useReveal };

/** A masked SSN or identifier, with the eye button for those who may reveal it. */
export function MaskedIdentifier({ refOf, last4, label }: { refOf: IdentifierRef; last4: string | null; label: string }) {
  const { view } = useIntake();
  const { shown, printed, reveal, hide } = useReveal();
  const masked = maskSsn(last4);
  if (!masked) return <>—</>;
  const full = shown[refOf.hash];
  const canReveal = view.abilities.canRevealIdentifiers;
  const forPrint = printed[refOf.hash];
  return (
    <span className={styles.identifier}>
      <span className={forPrint ? styles.screenOnly : undefined} data-identifier={refOf.hash}>
        {full ?? masked}
      </span>
      {forPrint && <span className={styles.printOnly}>{forPrint}</span>}
      {canReveal && (
        <button
          type="button"
          className={styles.eye}
          aria-label={full ? `Hide ${label}` : `Show ${label}`}
          aria-pressed={!!full}
          onClick={() => (full ? hide(refOf.hash) : reveal(refOf))}
          onBlur={() => full && hide(refOf.hash)}
        >
          <EyeIcon open={!full} />
        </button>
      )}
    </span>
  );
}

const EYE = 'icon-eye';

/** The eye, drawn once for the review: each reveal button refers to it (a review has dozens of identifiers). */
function EyeSymbol() {
  return (
    <svg aria-hidden="true" focusable="false" className="visually-hidden">
      <symbol id={EYE} viewBox="0 0 24 24">
        <path d="M1 12s4-7 11-7 11 7 11 7-4 7-11 7S1 12 1 12z" />
        <circle cx="12" cy="12" r="3" />
      </symbol>
    </svg>
  );
}

function EyeIcon({ open }: { open: boolean }) {
  return (
    // Size and strokes come from the button's CSS (.eye svg): the same for every eye on the page.
    <svg aria-hidden="true" focusable="false" viewBox="0 0 24 24">
      <use href={`#${EYE}`} />
      {!open && <line x1="3" y1="3" x2="21" y2="21" />}
    </svg>
  );
}
