'use client';

import { useLayoutEffect, useRef, useState } from 'react';
import { shortenFileName } from '@/lib/format/file-name';
import styles from './files.module.css';

/**
 * A document's name: whole whenever it fits on its line (issue 27: never cut when there is room), else the
 * spec's shortened form (platform §5: the first 26 characters, '...', the last 4), which keeps the start and
 * the extension and wraps between its words on a line narrower still. The whole name's width is measured
 * once, while it shows (the first render, also the server's), and compared with the line's on every resize.
 */
export function FittedFileName({ name }: { name: string }) {
  const ref = useRef<HTMLSpanElement>(null);
  const short = shortenFileName(name);
  const [fits, setFits] = useState(true);
  useLayoutEffect(() => {
    const line = ref.current;
    // Short names have nothing shorter to show; jsdom has no layout (and no ResizeObserver).
    if (!line || short === name || typeof ResizeObserver === 'undefined') return;
    const whole = line.scrollWidth;
    const check = () => setFits(whole <= line.clientWidth);
    check();
    const observer = new ResizeObserver(check);
    observer.observe(line);
    return () => observer.disconnect();
  }, [name, short]);
  return (
    <span ref={ref} className={fits ? styles.nameLine : styles.nameShort}>
      {fits ? name : short}
    </span>
  );
}
