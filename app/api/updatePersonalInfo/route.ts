import { route } from '@/lib/http/route';
import { toLegacyClient } from '@/lib/legacy/client-answer';
import { legacyAnswer } from '@/lib/legacy/client-extras';
import { legacyPersonalInfoSchema } from '@/lib/legacy/intake-payloads';
import { updatePersonalInfo } from '@/lib/intake/update-personal-info';

/** POST /api/updatePersonalInfo/ — the earlier front end's personal info save of hash_id's client; answers `{ client }`. */
export const POST = route('intake.write', legacyPersonalInfoSchema, async ({ ctx, input }) =>
  legacyAnswer(ctx, await updatePersonalInfo(ctx, input), input.client_hash, toLegacyClient),
);
