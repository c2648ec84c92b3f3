import type { Metadata } from 'next';
import { Link } from '@/components/ui/link';
import { notFound } from 'next/navigation';
import { MAIN_CONTENT_ID } from '@/components/shell/site-header';
import { requireActor } from '@/lib/http/page';
import { previewMailTemplate } from '@/lib/mail/previews';
import styles from '../templates.module.css';

export const metadata: Metadata = { title: 'Mail Template Preview', robots: { index: false } };

type Props = { params: Promise<{ name: string }> };

const SECRET_NOTE = {
  link: 'Carries a link only its addressee may use: the outbox stores it apart, encrypted, and drops it once sent, used or expired.',
  password: 'Carries a temporary password: the outbox stores it apart, encrypted, and drops it once sent or used.',
} as const;

/**
 * /outbox/templates/{name} (admins, the outbox's permission): one template rendered with its sample data.
 * The HTML is shown in a sandboxed frame (srcdoc, nothing allowed: no script, no navigation, no form) so the
 * mail's markup and styles stay apart from the page; the plain text beside it, as a text-only reader sees it.
 */
export default async function MailTemplatePreviewPage({ params }: Props) {
  const { name } = await params;
  const actor = await requireActor('outbox.read', `/outbox/templates/${encodeURIComponent(name)}`);
  const preview = previewMailTemplate(actor, name);
  if (!preview) notFound();
  return (
    <main id={MAIN_CONTENT_ID} className={`container ${styles.page}`}>
      <p className={styles.back}>
        <Link href="/outbox/templates">← All mail templates</Link>
      </p>
      <h1>{preview.title}</h1>
      <p className={styles.intro}>{preview.description}</p>
      <dl className={styles.facts}>
        <dt>Subject</dt>
        <dd>{preview.subject}</dd>
        <dt>To</dt>
        <dd>{preview.to} (sample)</dd>
        {preview.secretKind ? (
          <>
            <dt>Secret</dt>
            <dd>{SECRET_NOTE[preview.secretKind]}</dd>
          </>
        ) : null}
        {Object.keys(preview.headers).length ? (
          <>
            <dt>Headers</dt>
            <dd>{Object.keys(preview.headers).join(', ')}</dd>
          </>
        ) : null}
      </dl>
      <div className={styles.views}>
        <section className={styles.view} aria-labelledby="preview-html">
          <h2 id="preview-html">HTML</h2>
          {preview.html ? (
            <iframe className={styles.frame} title={`${preview.title}: the HTML mail`} srcDoc={preview.html} sandbox="" referrerPolicy="no-referrer" />
          ) : (
            <p>This mail has no HTML body.</p>
          )}
        </section>
        <section className={styles.view} aria-labelledby="preview-text">
          <h2 id="preview-text">Plain text</h2>
          <pre className={styles.text}>{preview.text}</pre>
        </section>
      </div>
    </main>
  );
}
