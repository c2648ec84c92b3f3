import { eq } from 'drizzle-orm';
import { db } from '@/db';
import { persons } from '@/db/schema';
import type { Actor } from '@/lib/auth/actor';
import { audit } from '@/lib/audit';
import { SETTINGS_MESSAGES, type UpdatePhoneInput } from '@/lib/validation/settings';
import { authorizeOwnSave } from './own-account';

/** Changes the signed-in user's own phone number (10 digits, stored unformatted), after checking their current password. */
export async function updatePhone(actor: Actor, input: UpdatePhoneInput): Promise<{ message: string; phone: string }> {
  const { person } = await authorizeOwnSave(actor, input.password_check);
  const phone = input.contact_info.phone;
  await db.transaction(async (tx) => {
    await tx.update(persons).set({ phone }).where(eq(persons.id, person.id));
    await audit(tx, actor, 'settings.phone.update', { type: 'user', id: actor.userId });
  });
  return { message: SETTINGS_MESSAGES.phone, phone };
}
