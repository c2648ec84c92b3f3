import { deleteClient } from '@/lib/admin/delete-client';
import { route } from '@/lib/http/route';
import { deleteClientSchema } from '@/lib/validation/admin';

/**
 * POST /api/admin/delete/client/ — hash (a client's) → { message, advisors }. The hidden tool: admins on
 * CLIENT_DELETE_ALLOWED_EMAILS only (any other admin: 404, nothing written).
 */
export const POST = route('client.delete', deleteClientSchema, async ({ ctx, input }) => deleteClient(ctx, input));
