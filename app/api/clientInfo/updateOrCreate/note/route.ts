import { route } from '@/lib/http/route';
import { legacyAnswer } from '@/lib/intake/legacy-answer';
import { legacySaveNoteSchema, toLegacyData } from '@/lib/intake/legacy-assets';
import { saveNote } from '@/lib/intake/save-note';

/**
 * POST /api/clientInfo/updateOrCreate/note/ — the earlier front end's note save: note, hash (the client),
 * hash2 (the spouse, optional: one note per household, so it adds nothing). Answers the full refreshed data.
 */
export const POST = route('intake.write', legacySaveNoteSchema, async ({ ctx, input }) =>
  legacyAnswer(ctx, await saveNote(ctx, input), input.client_hash, toLegacyData),
);
