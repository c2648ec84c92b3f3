import { fetchAdvisor } from '@/lib/legacy/fetch-advisor';
import { route } from '@/lib/http/route';
import { legacyAdvisorRefSchema } from '@/lib/validation/advisors';

/** POST /api/advisor/fetch — advisor_id → { advisor, clients, invites, invoices } (platform spec §7). */
export const POST = route('advisor.read', legacyAdvisorRefSchema, ({ ctx, input }) => fetchAdvisor(ctx, input));
