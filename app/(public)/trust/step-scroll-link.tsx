'use client';

import type { MouseEvent, ReactNode } from 'react';

/** Spec 9: the wide-screen scroll animation moves in steps of 50 pixels. */
export const SCROLL_STEP_PX = 50;
const WIDE = '(min-width: 1024px)';
const REDUCED = '(prefers-reduced-motion: reduce)';

/**
 * An ordinary in-page link to `#targetId`. On wide screens, unless the visitor prefers reduced motion,
 * it scrolls there in 50 px steps (one per frame); any wheel, touch or key press hands control back.
 * Elsewhere, and without JavaScript, the browser's own jump applies.
 */
export function StepScrollLink({ targetId, className, children }: { targetId: string; className?: string; children: ReactNode }) {
  function onClick(event: MouseEvent<HTMLAnchorElement>) {
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    const target = document.getElementById(targetId);
    if (!target || !window.matchMedia(WIDE).matches) return;
    event.preventDefault();

    const destination = () => {
      const margin = parseFloat(getComputedStyle(target).scrollMarginTop) || 0;
      const top = target.getBoundingClientRect().top + window.scrollY - margin;
      const max = document.documentElement.scrollHeight - window.innerHeight;
      return Math.max(0, Math.min(Math.round(top), max));
    };
    const finish = () => {
      window.history.pushState(null, '', `#${targetId}`);
      target.focus({ preventScroll: true });
    };

    if (window.matchMedia(REDUCED).matches) {
      window.scrollTo({ top: destination(), behavior: 'instant' });
      finish();
      return;
    }

    let cancelled = false;
    const cancel = () => {
      cancelled = true;
    };
    const events = ['wheel', 'touchstart', 'keydown'] as const;
    events.forEach((name) => window.addEventListener(name, cancel, { passive: true, once: true }));
    const cleanup = () => events.forEach((name) => window.removeEventListener(name, cancel));

    let previous = Number.NaN;
    const step = () => {
      const remaining = destination() - window.scrollY;
      // Stop when cancelled, or when the page refuses to move (nothing left to scroll).
      if (cancelled || window.scrollY === previous) return cleanup();
      if (Math.abs(remaining) <= SCROLL_STEP_PX) {
        window.scrollTo({ top: window.scrollY + remaining, behavior: 'instant' });
        cleanup();
        finish();
        return;
      }
      previous = window.scrollY;
      window.scrollTo({ top: window.scrollY + Math.sign(remaining) * SCROLL_STEP_PX, behavior: 'instant' });
      window.requestAnimationFrame(step);
    };
    window.requestAnimationFrame(step);
  }

  return (
    <a href={`#${targetId}`} className={className} onClick={onClick}>
      {children}
    </a>
  );
}
