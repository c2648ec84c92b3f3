import { desc, eq } from 'drizzle-orm';
import { db } from '@/db';
import { mailOutbox } from '@/db/schema';
import { outgoingBodies } from '@/lib/mail/mail-secrets';

/**
 * The mails to an address, newest first, with the bodies they go out with (a stored secret put back, as
 * delivery does): what the addressee's mailbox would hold. The stored rows keep secrets apart from the body.
 */
export async function mailboxOf(to: string) {
  const rows = await db.select().from(mailOutbox).where(eq(mailOutbox.to, to)).orderBy(desc(mailOutbox.id));
  const now = new Date();
  return rows.map((row) => ({ ...row, text: outgoingBodies(row, now).text }));
}
