import { CLIENTS_CREATED, createClients } from '@/lib/advisors/create-clients';
import { route } from '@/lib/http/route';
import { legacyCreateClientsSchema } from '@/lib/validation/advisors';

/**
 * POST /api/advisorCreateClient/ — client_count, advisor_id, client_{n}_… (platform spec §7) →
 * { message: 'Client(s) created successfully', clients: [{ hash, name }], household }.
 */
export const POST = route('client.create', legacyCreateClientsSchema, async ({ ctx, input }) => ({
  message: CLIENTS_CREATED,
  ...(await createClients(ctx, input)),
}));
