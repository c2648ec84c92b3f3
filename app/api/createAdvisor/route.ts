import { createAdvisor } from '@/lib/admin/create-advisor';
import { route } from '@/lib/http/route';
import { createAdvisorSchema } from '@/lib/validation/admin';

/**
 * POST /api/createAdvisor/ — first_name, middle_name, last_name, suffix, email, phone, firm_id, firm_name,
 * is_firm_supervisor, is_waiving_fee, staff_advisors (+ account_type) → { message, advisors, firms, users }.
 */
export const POST = route('advisor.create', createAdvisorSchema, async ({ ctx, input }) => createAdvisor(ctx, input));
