import 'server-only';
import { eq } from 'drizzle-orm';
import { db } from '@/db';
import { persons } from '@/db/schema';
import type { RequestContext } from '@/lib/kernel/context';
import { audit } from '@/lib/kernel/audit';
import { SETTINGS_MESSAGES, type UpdateNameInput } from '@/lib/validation/settings';
import { authorizeOwnSave, orNull } from './own-account';
import type { SettingsName } from './types';

/** Changes the signed-in user's own name parts and nickname, after checking their current password. */
export async function updateName(ctx: RequestContext, input: UpdateNameInput): Promise<{ message: string; name: SettingsName }> {
  const { person } = await authorizeOwnSave(ctx, input.password_check);
  const name: SettingsName = {
    nickname: input.nickname,
    first_name: input.first_name,
    middle_name: input.middle_name,
    last_name: input.last_name,
    suffix: input.suffix,
  };
  await db.transaction(async (tx) => {
    await tx
      .update(persons)
      .set({
        nickname: orNull(name.nickname),
        firstName: name.first_name,
        middleName: orNull(name.middle_name),
        lastName: name.last_name,
        suffix: orNull(name.suffix),
      })
      .where(eq(persons.id, person.id));
    await audit(tx, ctx, 'settings.name.update', { type: 'user', id: ctx.actor.userId });
  });
  return { message: SETTINGS_MESSAGES.name, name };
}
