import { z } from 'zod';
import { route } from '@/lib/http/route';
import { API_INVITES, INVITE_RESENT, resendInvite } from '@/lib/invites/invites';
import { resendInviteSchema } from '@/lib/validation/advisors';

/** POST /api/resendInvite/{id} — no body → { message, invites } (platform spec §7); id is the invite's public id. */
export const POST = route('invite.send', z.object({}).passthrough(), async ({ ctx, params }) => ({
  message: INVITE_RESENT,
  invites: (await resendInvite(ctx, resendInviteSchema.parse({ id: params.id }), API_INVITES)).invites,
}));
