'use client';

import { useEffect, useRef } from 'react';
import type { Later } from './use-later';

/** What the overview remembers when a client row opens client-info, so the return expands that client's documents. */
export const RETURN_KEY = 'trustwell.overview.return';
/** A remembered return older than this is ignored (someone who wandered off and came back later). */
const RETURN_MAX_AGE_MS = 30 * 60 * 1000;

/** Remembers the client row whose client-info link was followed (for the way back). */
export function rememberReturn(advisorHash: string, clientHash: string) {
  try {
    window.sessionStorage.setItem(RETURN_KEY, JSON.stringify({ advisor: advisorHash, client: clientHash, at: Date.now() }));
  } catch {
    // Storage refused (private mode): the return simply does not reopen the group.
  }
}

/**
 * Once, on the first render: a remembered, recent return to an advisor on this page is consumed and, after
 * the first paint (not inside the effect's own run), handed to `reopen`.
 */
export function useReturnToClient(rows: readonly { hash: string }[], later: Later, reopen: (advisorHash: string, clientHash: string) => void) {
  const returned = useRef(false);
  useEffect(() => {
    if (returned.current) return;
    returned.current = true;
    let remembered: { advisor?: string; client?: string; at?: number } | null = null;
    try {
      remembered = JSON.parse(window.sessionStorage.getItem(RETURN_KEY) ?? 'null');
      window.sessionStorage.removeItem(RETURN_KEY);
    } catch {
      remembered = null;
    }
    if (!remembered?.advisor || !remembered.client || Date.now() - (remembered.at ?? 0) > RETURN_MAX_AGE_MS) return;
    if (!rows.some((row) => row.hash === remembered.advisor)) return;
    const { advisor, client } = remembered;
    later(0, () => reopen(advisor, client));
  }, [rows, later, reopen]);
}
