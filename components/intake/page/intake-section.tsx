import type { ReactNode } from 'react';
import { SECTION_TITLES } from '@/lib/intake/completion';
import type { SectionKey } from '@/lib/intake/types';
import { sectionAnchor } from './section-anchors';
import styles from './intake-page.module.css';

type Props = {
  section: SectionKey;
  /** Beside the heading: help buttons, the edit pencil. */
  tools?: ReactNode;
  children: ReactNode;
};

/** One section of the questionnaire: a card with its heading, the target of the navigation's anchor. */
export function IntakeSection({ section, tools, children }: Props) {
  const anchor = sectionAnchor(section);
  return (
    <section id={anchor} aria-labelledby={`${anchor}-title`} className={styles.section}>
      <div className={styles.sectionHeader}>
        <h2 id={`${anchor}-title`} tabIndex={-1}>
          {SECTION_TITLES[section]}
        </h2>
        {tools && <div className={styles.sectionTools}>{tools}</div>}
      </div>
      {children}
    </section>
  );
}
