'use client';

import { createContext, useCallback, useContext, useMemo, useState, useTransition } from 'react';
import type { ReactNode } from 'react';
import { useRouter } from 'next/navigation';
import type { ActionResult } from '@/lib/http/result';
import type { Owner } from '@/lib/intake/owners';
import { peopleOf } from '@/lib/intake/people';
import type { IntakeView, LinkCandidate } from '@/lib/intake/types';
import { STALE_VERSION_MESSAGE } from '@/lib/validation/intake';
import { ownerNamesOf } from './shared/people';

/**
 * A save based on a stale version: 409 with the server's message. Other 409s (a beneficiary who receives a
 * gift cannot be removed) are no conflict to reload for.
 */
export function isStaleVersion(result: ActionResult<unknown> | undefined): boolean {
  return result?.ok === false && result.status === 409 && result.message === STALE_VERSION_MESSAGE;
}

type IntakeContextValue = {
  /** The household as last answered by the server (the page's load, then every save's refreshed view). */
  view: IntakeView;
  hasSpouse: boolean;
  /** False for read-only viewers: no add, edit or remove controls. */
  canEdit: boolean;
  /**
   * Everyone on the household's lists (and the guardians), for 'Link from existing record?': derived here
   * from the lists the view already holds rather than sent twice; empty for a viewer who may not edit.
   */
  people: LinkCandidate[];
  /** How owners read in tables and selects: the clients' first names, and 'Both'. */
  ownerNames: Record<Owner, string>;
  /** Error highlighting of unanswered required questions, switched on by the review check (intake §5). */
  showErrors: boolean;
  setShowErrors: (on: boolean) => void;
  /**
   * Runs an intake action: its refreshed view replaces what is shown; a stale-version answer (409) marks a
   * conflict, which offers a reload. Always resolves with the action's result, for the form kit.
   */
  run: (action: () => Promise<ActionResult<IntakeView>>) => Promise<ActionResult<IntakeView>>;
  /** A save was refused because someone else changed the record since it was loaded. */
  conflict: boolean;
  /** Loads the latest version of the household from the server (after a conflict). */
  reload: () => void;
  reloading: boolean;
  /**
   * Bumped when a reload has brought the latest version: record dialogs are keyed by it, so an open form
   * starts again from the reloaded record instead of keeping values based on the stale one.
   */
  generation: number;
};

const IntakeContext = createContext<IntakeContextValue | null>(null);

/** The intake page's state for every section: one view of the household, replaced by each save's answer. */
export function useIntake(): IntakeContextValue {
  const context = useContext(IntakeContext);
  if (!context) throw new Error('useIntake() must be used inside <IntakeProvider>.');
  return context;
}

type State = {
  view: IntakeView;
  /** The server render the view was last taken from; a new one (a reload, a revalidation) replaces the view. */
  source: IntakeView;
  conflict: boolean;
  reloadRequested: boolean;
  generation: number;
};

/**
 * Holds the IntakeView for the client components of the page. One pattern for every save: the intake
 * actions answer with the refreshed view, which replaces the local one (no second request). A new server
 * render of the page (the reload after a conflict) replaces it too.
 */
export function IntakeProvider({ initial, children }: { initial: IntakeView; children: ReactNode }) {
  const router = useRouter();
  const [reloading, startReload] = useTransition();
  const [state, setState] = useState<State>({ view: initial, source: initial, conflict: false, reloadRequested: false, generation: 0 });
  const [showErrors, setShowErrors] = useState(false);

  // A new render from the server (adjusting state while rendering, as React recommends for props).
  let current = state;
  if (initial !== state.source) {
    current = {
      view: initial,
      source: initial,
      conflict: false,
      reloadRequested: false,
      generation: state.reloadRequested ? state.generation + 1 : state.generation,
    };
    setState(current);
  }

  const run = useCallback(async (action: () => Promise<ActionResult<IntakeView>>) => {
    const result = await action();
    if (result?.ok) setState((s) => ({ ...s, view: result.data, conflict: false }));
    else if (isStaleVersion(result)) setState((s) => ({ ...s, conflict: true }));
    return result;
  }, []);

  const reload = useCallback(() => {
    setState((s) => ({ ...s, reloadRequested: true }));
    startReload(() => router.refresh());
  }, [router]);

  const { view, conflict, generation } = current;
  const value = useMemo<IntakeContextValue>(
    () => ({
      view,
      hasSpouse: view.spouse !== null,
      canEdit: view.abilities.canEdit,
      people: view.abilities.canEdit ? peopleOf(view) : [],
      ownerNames: ownerNamesOf(view),
      showErrors,
      setShowErrors,
      run,
      conflict,
      reload,
      reloading,
      generation,
    }),
    [view, showErrors, run, conflict, reload, reloading, generation],
  );
  return <IntakeContext.Provider value={value}>{children}</IntakeContext.Provider>;
}
