'use client';

import { useCallback, useEffect, useRef } from 'react';

/** Runs `fn` after `ms`; every timer still pending when the component unmounts is cleared. */
export type Later = (ms: number, fn: () => void) => void;

/** A `setTimeout` bound to the component's life: the overview's delayed refreshes and reopenings use it. */
export function useLater(): Later {
  const timers = useRef(new Set<ReturnType<typeof setTimeout>>());
  const later = useCallback((ms: number, fn: () => void) => {
    const id = setTimeout(() => {
      timers.current.delete(id);
      fn();
    }, ms);
    timers.current.add(id);
  }, []);
  useEffect(() => {
    const pending = timers.current;
    return () => pending.forEach((id) => clearTimeout(id));
  }, []);
  return later;
}
