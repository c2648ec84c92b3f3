import { route } from '@/lib/http/route';
import { toLegacyData } from '@/lib/legacy/asset-answer';
import { legacySaveNoteSchema } from '@/lib/legacy/asset-payloads';
import { legacyAnswer } from '@/lib/legacy/client-extras';
import { saveNote } from '@/lib/intake/save-note';

/**
 * POST /api/clientInfo/updateOrCreate/note/ — the earlier front end's note save: note, hash (the client),
 * hash2 (the spouse, optional: one note per household, so it adds nothing). Answers the full refreshed data.
 */
export const POST = route('intake.write', legacySaveNoteSchema, async ({ ctx, input }) =>
  legacyAnswer(ctx, await saveNote(ctx, input), input.client_hash, toLegacyData),
);
