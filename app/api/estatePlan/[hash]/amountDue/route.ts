import { z } from 'zod';
import { getAmountDue } from '@/lib/billing/trust-fee';
import { route } from '@/lib/http/route';

/** GET /estatePlan/{hash}/amountDue — the plan's payment product: { amountFull, amountWaived, amountDue, amountRecurring, … }. */
export const GET = route('intake.read', z.object({}).passthrough(), async ({ ctx, params }) => getAmountDue(ctx, String(params.hash ?? '')));
