import { route } from '@/lib/http/route';
import { API_INVITES, listInvites } from '@/lib/invites/invites';
import { legacyAdvisorRefSchema } from '@/lib/validation/advisors';

/** POST /api/getInvites/ — advisor_id → { invites }, the newest API_INVITES (platform spec §7). */
export const POST = route('invite.send', legacyAdvisorRefSchema, async ({ ctx, input }) => ({ invites: (await listInvites(ctx, input, API_INVITES)).invites }));
