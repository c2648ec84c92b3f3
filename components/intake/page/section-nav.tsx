'use client';

import { useEffect, useId, useRef, useState } from 'react';
import { cx } from '@/components/ui/class-names';
import { isOptionalSection } from '@/lib/intake/completion';
import type { SectionKey, SectionState } from '@/lib/intake/types';
import { useIntake } from '../intake-context';
import { sectionAnchor } from './section-anchors';
import styles from './section-nav.module.css';

/**
 * What a section's state reads as, beside its name: a broken rule says what it is, questions are counted,
 * and an optional section with nothing in it is 'Optional' (it does not hold the percentage back).
 */
export function stateText(section: SectionState): string {
  if (section.state === 'complete') return 'Complete';
  if (section.state === 'empty') return isOptionalSection(section.key) ? 'Optional' : 'Not started';
  return section.problem ?? `${section.unanswered} unanswered`;
}

const ICONS: Record<SectionState['state'], string> = { complete: '✓', incomplete: '!', empty: '○' };

/*
 * The section in view: the one crossing a reading line about a third of the way down the viewport (a thin
 * band, 35-36 %: the tail of the section above, still at the top, is not what is being read). While the
 * line is in the gap between two sections the last one found stays current.
 */
const IN_VIEW_BAND = '-35% 0px -64% 0px';

/** Tracks which of the given sections is in view (IntersectionObserver; nothing where there is none). */
function useSectionInView(keys: readonly SectionKey[]): [SectionKey | null, (key: SectionKey) => void] {
  const [current, setCurrent] = useState<SectionKey | null>(null);
  const joined = keys.join(',');
  useEffect(() => {
    if (typeof IntersectionObserver === 'undefined') return;
    const targets = joined
      .split(',')
      .map((key) => ({ key: key as SectionKey, element: document.getElementById(sectionAnchor(key as SectionKey)) }))
      .filter((t): t is { key: SectionKey; element: HTMLElement } => t.element !== null);
    const inBand = new Set<Element>();
    const observer = new IntersectionObserver(
      (entries) => {
        for (const entry of entries) {
          if (entry.isIntersecting) inBand.add(entry.target);
          else inBand.delete(entry.target);
        }
        const first = targets.find((t) => inBand.has(t.element));
        if (first) setCurrent(first.key);
      },
      { rootMargin: IN_VIEW_BAND },
    );
    for (const target of targets) observer.observe(target.element);
    return () => observer.disconnect();
  }, [joined]);
  return [current, setCurrent];
}

/**
 * Where the household stands: each section complete, incomplete (with its count of unanswered questions,
 * or the rule it breaks) or not started, and the completion percentage. Beside the content from 1024px
 * (sticky, scrolling on its own when taller than the screen); on narrower screens a sticky 'Sections'
 * button opens it as a disclosure. Its links jump to the sections; the section in view is marked
 * (aria-current="location") and kept in view within the navigation.
 */
export function SectionNav({ hidden = [] }: { hidden?: SectionKey[] }) {
  const { view } = useIntake();
  const { sections, percent } = view.completion;
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const progressId = useId();
  const rootRef = useRef<HTMLElement>(null);
  const toggleRef = useRef<HTMLButtonElement>(null);
  const panelRef = useRef<HTMLDivElement>(null);
  const shown = sections.filter((section) => !hidden.includes(section.key));
  const [current, setCurrent] = useSectionInView(shown.map((section) => section.key));

  // The current item stays visible in a navigation that scrolls on its own (the page does not move).
  useEffect(() => {
    const panel = panelRef.current;
    const link = panel?.querySelector<HTMLElement>('[aria-current="location"]');
    if (!panel || !link || panel.scrollHeight <= panel.clientHeight) return;
    const box = panel.getBoundingClientRect();
    const item = link.getBoundingClientRect();
    if (item.top < box.top) panel.scrollTop -= box.top - item.top;
    else if (item.bottom > box.bottom) panel.scrollTop += item.bottom - box.bottom;
  }, [current]);

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
      <div id={panelId} ref={panelRef} className={styles.panel}>
        <p id={progressId} className={styles.completion}>
          <span className={styles.percent}>{percent}%</span> complete
        </p>
        <progress className={styles.progress} value={percent} max={100} aria-labelledby={progressId} />
        <ol className={styles.list}>
          {shown.map((section) => (
            <li key={section.key}>
              <a
                href={`#${sectionAnchor(section.key)}`}
                className={cx(styles.link, styles[section.state], section.key === current && styles.current)}
                aria-current={section.key === current ? 'location' : undefined}
                onClick={() => {
                  setOpen(false);
                  setCurrent(section.key);
                }}
              >
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
