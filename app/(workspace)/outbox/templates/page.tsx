import type { Metadata } from 'next';
import { Link } from '@/components/ui/link';
import { MAIN_CONTENT_ID } from '@/components/shell/site-header';
import { requireActor } from '@/lib/http/page';
import { listMailTemplates } from '@/lib/mail/previews';
import styles from './templates.module.css';

export const metadata: Metadata = { title: 'Mail Templates', robots: { index: false } };

/**
 * /outbox/templates (admins, the outbox's permission): every mail the app writes, each opening its preview
 * rendered with invented sample data (lib/mail/templates/registry.ts).
 */
export default async function MailTemplatesPage() {
  const actor = await requireActor('outbox.read', '/outbox/templates');
  const templates = listMailTemplates(actor);
  return (
    <main id={MAIN_CONTENT_ID} className={`container ${styles.page}`}>
      <p className={styles.back}>
        <Link href="/outbox">← Mail outbox</Link>
      </p>
      <h1>Mail Templates</h1>
      <p className={styles.intro}>
        The mails the app sends, each shown with invented sample data as its recipient would read it: the HTML and the plain text made from one template.
      </p>
      <ul className={styles.list}>
        {templates.map((t) => (
          <li key={t.name} className={styles.item}>
            <h2>
              <Link href={`/outbox/templates/${t.name}`}>{t.title}</Link>
            </h2>
            <p>{t.description}</p>
            <p className={styles.subject}>Subject: {t.subject}</p>
          </li>
        ))}
      </ul>
    </main>
  );
}
