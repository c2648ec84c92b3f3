'use client';

import { useEffect, useId, useRef, useState } from 'react';
import { cx } from '@/components/ui/class-names';
import type { SectionKey, SectionState } from '@/lib/intake/types';
import { useIntake } from '../intake-context';
import { sectionAnchor } from './section-anchors';
import styles from './section-nav.module.css';

/** What a section's state reads as, beside its name: a broken rule says what it is, questions are counted. */
export function stateText(section: SectionState): string {
  if (section.state === 'complete') return 'Complete';
  if (section.state === 'empty') return 'Not started';
  return section.problem ?? `${section.unanswered} unanswered`;
}

const ICONS: Record<SectionState['state'], string> = { complete: '✓', incomplete: '!', empty: '○' };

/**
 * Where the household stands: each section complete, incomplete (with its count of unanswered questions,
 * or the rule it breaks) or not started, and the completion percentage. Beside the content from 1024px
 * (sticky); on narrower screens a sticky 'Sections' button opens it as a disclosure. Its links jump to the
 * sections.
 */
export function SectionNav({ hidden = [] }: { hidden?: SectionKey[] }) {
  const { view } = useIntake();
  const { sections, percent } = view.completion;
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const progressId = useId();
  const rootRef = useRef<HTMLElement>(null);
  const toggleRef = useRef<HTMLButtonElement>(null);

  // On phones the open panel closes with Escape (back to its button) or a click elsewhere.
  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setOpen(false);
      toggleRef.current?.focus();
    };
    const onPointer = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('keydown', onKey);
    document.addEventListener('pointerdown', onPointer);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('pointerdown', onPointer);
    };
  }, [open]);

  const shown = sections.filter((section) => !hidden.includes(section.key));

  return (
    <nav ref={rootRef} aria-label="Intake sections" className={cx(styles.nav, open && styles.open)}>
      <button
        ref={toggleRef}
        type="button"
        className={styles.toggle}
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((current) => !current)}
      >
        <span>Sections</span>
        <span className={styles.togglePercent}>{percent}% complete</span>
        <span aria-hidden="true" className={styles.chevron} />
      </button>
      <div id={panelId} className={styles.panel}>
        <p id={progressId} className={styles.completion}>
          <span className={styles.percent}>{percent}%</span> complete
        </p>
        <progress className={styles.progress} value={percent} max={100} aria-labelledby={progressId} />
        <ol className={styles.list}>
          {shown.map((section) => (
            <li key={section.key}>
              <a href={`#${sectionAnchor(section.key)}`} className={cx(styles.link, styles[section.state])} onClick={() => setOpen(false)}>
                <span aria-hidden="true" className={styles.icon}>
                  {ICONS[section.state]}
                </span>
                <span className={styles.title}>{section.title}</span>
                <span className={styles.state}>
                  <span className="visually-hidden">: </span>
                  {stateText(section)}
                </span>
              </a>
            </li>
          ))}
        </ol>
      </div>
    </nav>
  );
}
