import type { ReactNode } from 'react';
import { buttonClass } from '@/components/ui/button';
import { MAIN_CONTENT_ID } from './header-view';
import styles from './status-page.module.css';

type Props = { code: string; title: string; children: ReactNode; actions?: ReactNode };

/** Class names for the link buttons of a status page's actions: the kit's buttons. */
export const statusLinkClass = { primary: buttonClass(), secondary: buttonClass({ variant: 'secondary' }) };

/** The frame of the app's own error pages (not found, something went wrong): a card with a way onward. */
export function StatusPage({ code, title, children, actions }: Props) {
  return (
    <main id={MAIN_CONTENT_ID} className={styles.page}>
      <section className={styles.card} aria-labelledby="status-title">
        <p className={styles.code}>{code}</p>
        <h1 id="status-title">{title}</h1>
        <div className={styles.lead}>{children}</div>
        {actions ? <div className={styles.actions}>{actions}</div> : null}
      </section>
    </main>
  );
}
