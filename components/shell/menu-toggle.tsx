'use client';

import { useId, useRef, useState, type KeyboardEvent, type MouseEvent, type ReactNode } from 'react';
import { usePathname } from 'next/navigation';
import styles from './site-header.module.css';

/**
 * Disclosure for the header links on narrow screens. The links themselves are server-rendered
 * children; this component only owns the open/closed state. On wide screens CSS hides the button
 * and always shows the panel.
 */
export function MenuToggle({ children, label = 'Menu' }: { children: ReactNode; label?: string }) {
  const panelId = useId();
  const buttonRef = useRef<HTMLButtonElement>(null);
  const pathname = usePathname() ?? '';
  // Remember the page the menu was opened on: moving to another page closes it without an effect.
  const [openOn, setOpenOn] = useState<string | null>(null);
  const open = openOn === pathname;

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    if (event.key === 'Escape' && open) {
      setOpenOn(null);
      buttonRef.current?.focus();
    }
  }

  function onPanelClick(event: MouseEvent<HTMLDivElement>) {
    // A link to the current page (About Us → /) does not change the path; close anyway.
    if ((event.target as Element).closest('a')) setOpenOn(null);
  }

  return (
    <div className={styles.menu} onKeyDown={onKeyDown}>
      <button
        ref={buttonRef}
        type="button"
        className={styles.toggle}
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpenOn(open ? null : pathname)}
      >
        <svg width="20" height="20" viewBox="0 0 20 20" aria-hidden="true" focusable="false">
          {open ? (
            <path d="M5 5l10 10M15 5L5 15" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
          ) : (
            <path d="M3 5h14M3 10h14M3 15h14" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
          )}
        </svg>
        <span>{label}</span>
      </button>
      <div id={panelId} className={styles.panel} data-open={open} onClick={onPanelClick}>
        {children}
      </div>
    </div>
  );
}
