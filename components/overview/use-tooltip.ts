'use client';

import { useCallback, useEffect, useState } from 'react';
import { TOOLTIP_REFRESH_AFTER_FOCUS_MS } from '@/lib/overview/rules';
import type { Later } from './use-later';

/** The one tooltip of the overview: a shortened document name's whole name, placed under its anchor. */
export type Tip = { anchorId: string; text: string; top: number; left: number };

/**
 * The tooltip's state: shown under an anchor, hidden when that anchor leaves; it refreshes 100 ms after the
 * window gains or loses focus, and when the caller says rows moved (`refreshTooltips`).
 */
export function useTooltip(later: Later) {
  const [tip, setTip] = useState<Tip | null>(null);

  /** Tooltips follow their anchors: gone with a collapsed row, moved with rows that moved. */
  const refreshTooltips = useCallback(() => {
    setTip((current) => {
      if (!current) return current;
      const anchor = document.getElementById(current.anchorId);
      if (!anchor) return null;
      const box = anchor.getBoundingClientRect();
      return { ...current, top: box.bottom + window.scrollY + 4, left: box.left + window.scrollX };
    });
  }, []);

  useEffect(() => {
    const refresh = () => later(TOOLTIP_REFRESH_AFTER_FOCUS_MS, refreshTooltips);
    window.addEventListener('focus', refresh);
    window.addEventListener('blur', refresh);
    return () => {
      window.removeEventListener('focus', refresh);
      window.removeEventListener('blur', refresh);
    };
  }, [later, refreshTooltips]);

  const showTip = (anchor: HTMLElement, text: string) => {
    const box = anchor.getBoundingClientRect();
    setTip({ anchorId: anchor.id, text, top: box.bottom + window.scrollY + 4, left: box.left + window.scrollX });
  };
  const hideTip = (anchorId: string) => setTip((current) => (current?.anchorId === anchorId ? null : current));

  return { tip, refreshTooltips, showTip, hideTip };
}
