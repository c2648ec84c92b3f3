import type { Metadata } from 'next';
import { Link } from '@/components/ui/link';
import { Fragment } from 'react';
import { MAIN_CONTENT_ID } from '@/components/shell/site-header';
import { Button } from '@/components/ui/button';
import { ControlRow, Field, TextInput } from '@/components/ui/field';
import { requireActor } from '@/lib/http/page';
import { listOutbox } from '@/lib/mail/outbox';
import styles from './outbox.module.css';

export const metadata: Metadata = { title: 'Mail Outbox', robots: { index: false } };

type Props = { searchParams: Promise<{ to?: string | string[] }> };

const when = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short', timeZone: process.env.APP_TIME_ZONE || 'America/New_York' });

/** Links in a mail's text become links, so a join link can be followed from here. */
function Linked({ text }: { text: string }) {
  const parts = text.split(/(https?:\/\/[^\s]+)/g);
  return (
    <>
      {parts.map((part, i) =>
        /^https?:\/\//.test(part) ? (
          <a key={i} href={part}>
            {part}
          </a>
        ) : (
          <Fragment key={i}>{part}</Fragment>
        ),
      )}
    </>
  );
}

/**
 * /outbox (admins): the newest 50 mails, newest first, optionally for one recipient (`?to=`). Without SMTP
 * this is where the app's mail is read (docs/operations.md, "Reading mail without SMTP"). A mail's link or
 * temporary password shows only where listOutbox allows it; elsewhere its text says why it is not there.
 */
export default async function OutboxPage({ searchParams }: Props) {
  const actor = await requireActor('outbox.read', '/outbox');
  const raw = (await searchParams).to;
  const to = (Array.isArray(raw) ? raw[0] : raw) ?? '';
  const mails = await listOutbox(actor, { to }, new Date());
  return (
    <main id={MAIN_CONTENT_ID} className={`container ${styles.page}`}>
      <div className={styles.heading}>
        <h1>Mail Outbox</h1>
        <Link href="/outbox/templates">Mail templates</Link>
      </div>
      <form method="get" action="/outbox" className={styles.filter}>
        <ControlRow>
          <Field label="Recipient" id="outbox-to" inline>
            <TextInput name="to" type="email" defaultValue={to} />
          </Field>
          <Button type="submit" variant="secondary">
            Show
          </Button>
        </ControlRow>
      </form>
      {mails.length === 0 ? <p>No mail.</p> : null}
      {mails.map((mail) => (
        <article key={mail.hash} className={styles.mail} aria-label={`${mail.subject} to ${mail.to}`}>
          <h2>{mail.subject}</h2>
          <p className={styles.meta}>
            To {mail.to} · {when.format(mail.createdAt)} ·{' '}
            {mail.status === 'sent' ? 'sent by SMTP' : mail.status === 'failed' ? 'delivery failed' : 'in the outbox (no SMTP)'}
          </p>
          <pre className={styles.body}>
            <Linked text={mail.text} />
          </pre>
        </article>
      ))}
    </main>
  );
}
