import { route } from '@/lib/http/route';
import { listInvites } from '@/lib/invites/invites';
import { legacyAdvisorRefSchema } from '@/lib/validation/advisors';

/** POST /api/getInvites/ — advisor_id → { invites } (platform spec §7). */
export const POST = route('invite.send', legacyAdvisorRefSchema, async ({ ctx, input }) => ({ invites: await listInvites(ctx, input) }));
