import 'server-only';
import { eq } from 'drizzle-orm';
import { notes } from '@/db/schema';
import { audit } from '@/lib/kernel/audit';
import type { RequestContext } from '@/lib/kernel/context';
import type { SaveNoteInput } from '@/lib/validation/intake-assets';
import type { IntakeView } from './types';
import { intakeWrite } from './write';
import { staleVersion, updateVersioned } from './write-steps';

/**
 * Saves the household's note to the attorney (one per household, kept on owner 1): creates it on the
 * first save, else updates it at the version the page read (409 when someone saved in between).
 */
export async function saveNote(ctx: RequestContext, input: SaveNoteInput): Promise<IntakeView> {
  return intakeWrite(ctx, input.client_hash, async (tx, household) => {
    const [stored] = await tx.select({ id: notes.id, version: notes.version }).from(notes).where(eq(notes.clientId, household.clientId)).limit(1);
    let noteId: number;
    if (stored) {
      await updateVersioned(tx, notes, stored.id, input.version, { body: input.body });
      noteId = stored.id;
    } else {
      // A version sent for a note that does not exist: someone removed it in between (a household change).
      if (input.version !== undefined) throw staleVersion();
      const [row] = await tx.insert(notes).values({ clientId: household.clientId, body: input.body }).returning({ id: notes.id });
      noteId = row.id;
    }
    await audit(tx, ctx, 'intake.note.save', { type: 'note', id: noteId });
  });
}
