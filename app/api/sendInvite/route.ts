import { route } from '@/lib/http/route';
import { API_INVITES, INVITE_SENT, sendInvite } from '@/lib/invites/invites';
import { legacySendInviteSchema } from '@/lib/validation/advisors';

/** POST /api/sendInvite/ — client_name, client_email, advisor_id → { message, invites } (platform spec §7). */
export const POST = route('invite.send', legacySendInviteSchema, async ({ ctx, input }) => ({
  message: INVITE_SENT,
  invites: (await sendInvite(ctx, input, API_INVITES)).invites,
}));
