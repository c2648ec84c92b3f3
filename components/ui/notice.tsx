'use client';

import { createContext, useCallback, useContext, useEffect, useRef, useState } from 'react';
import type { ReactNode } from 'react';
import { createPortal } from 'react-dom';
import styles from './notice.module.css';

/** How long a notice stays before it leaves by itself (paused while pointed at or focused). */
export const NOTICE_DURATION_MS = 5000;
/** At most this many notices show at once; an older one leaves when a newer one arrives. */
const MAX_NOTICES = 3;

export type NoticeTone = 'success' | 'info';

export type NoticeOptions = {
  tone?: NoticeTone;
};

type Notice = { id: number; message: ReactNode; tone: NoticeTone };

type Notify = (message: ReactNode, options?: NoticeOptions) => void;

const NoticeContext = createContext<Notify | null>(null);

/**
 * Holds the app's non-blocking notices (issue 27, "fewer interruptions"): a confirmation the spec does not
 * name as a dialog is said politely in a small status box that leaves after a few seconds and never takes
 * the focus or blocks the page. The CallProvider mounts it, so every page with the Error dialog has notices.
 */
export function NoticeProvider({ children }: { children: ReactNode }) {
  const [notices, setNotices] = useState<Notice[]>([]);
  const nextId = useRef(0);

  const notify = useCallback<Notify>((message, { tone = 'success' } = {}) => {
    nextId.current += 1;
    const id = nextId.current;
    setNotices((current) => [...current, { id, message, tone }].slice(-MAX_NOTICES));
  }, []);

  const dismiss = useCallback((id: number) => {
    setNotices((current) => current.filter((notice) => notice.id !== id));
  }, []);

  return (
    <NoticeContext.Provider value={notify}>
      {children}
      {/* Notices are only ever added in the browser, after the page hydrated: the server renders none. */}
      {notices.length > 0 &&
        typeof document !== 'undefined' &&
        createPortal(
          <div className={styles.region} data-testid="notices">
            {notices.map((notice) => (
              <NoticeItem key={notice.id} notice={notice} onDismiss={dismiss} />
            ))}
          </div>,
          document.body,
        )}
    </NoticeContext.Provider>
  );
}

/** One notice: announced politely, closed by its × or by itself after NOTICE_DURATION_MS. */
function NoticeItem({ notice, onDismiss }: { notice: Notice; onDismiss: (id: number) => void }) {
  const [paused, setPaused] = useState(false);
  useEffect(() => {
    // Pointing at or focusing the notice holds it (WCAG 2.2.1: time to read it); leaving restarts the count.
    if (paused) return;
    const timer = setTimeout(() => onDismiss(notice.id), NOTICE_DURATION_MS);
    return () => clearTimeout(timer);
  }, [paused, notice.id, onDismiss]);

  return (
    <div
      role="status"
      aria-live="polite"
      aria-atomic="true"
      className={`${styles.notice} ${styles[notice.tone]}`}
      onMouseEnter={() => setPaused(true)}
      onMouseLeave={() => setPaused(false)}
      onFocus={() => setPaused(true)}
      onBlur={() => setPaused(false)}
    >
      <span className={styles.icon} aria-hidden="true">
        {notice.tone === 'success' ? '✓' : 'i'}
      </span>
      <span className={styles.message}>{notice.message}</span>
      <button type="button" className={styles.close} aria-label="Dismiss notice" onClick={() => onDismiss(notice.id)}>
        <span aria-hidden="true">×</span>
      </button>
    </div>
  );
}

/** `const notify = useNotice(); notify('Personal info updated successfully')` shows a non-blocking notice. */
export function useNotice(): Notify {
  const notify = useContext(NoticeContext);
  if (!notify) throw new Error('useNotice() must be used inside <NoticeProvider> (the CallProvider mounts one).');
  return notify;
}

export type { Notify };
