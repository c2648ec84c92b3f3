'use server';

import { action } from '@/lib/http/action';
import { loadAdvisorClients } from '@/lib/overview/queries';
import { advisorRefSchema } from '@/lib/validation/advisors';

// Every export of a 'use server' file is a public endpoint: this file exports wrapped actions only.
/** The advisors overview's expansion: one advisor's households and their documents (reads only). */
export const advisorClientsAction = action('advisors.list', advisorRefSchema, loadAdvisorClients);
