import 'server-only';
import { eq } from 'drizzle-orm';
import { db } from '@/db';
import { persons } from '@/db/schema';
import type { RequestContext } from '@/lib/kernel/context';
import { audit } from '@/lib/kernel/audit';
import { SETTINGS_MESSAGES, type UpdatePhoneInput } from '@/lib/validation/settings';
import { authorizeOwnSave } from './own-account';

/** Changes the signed-in user's own phone number (10 digits, stored unformatted), after checking their current password. */
export async function updatePhone(ctx: RequestContext, input: UpdatePhoneInput): Promise<{ message: string; phone: string }> {
  const { person } = await authorizeOwnSave(ctx, input.password_check);
  const phone = input.contact_info.phone;
  await db.transaction(async (tx) => {
    await tx.update(persons).set({ phone }).where(eq(persons.id, person.id));
    await audit(tx, ctx, 'settings.phone.update', { type: 'user', id: ctx.actor.userId });
  });
  return { message: SETTINGS_MESSAGES.phone, phone };
}
