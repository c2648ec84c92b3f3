'use server';

import { createClientAccount } from '@/lib/accounts/create-client-account';
import { action } from '@/lib/http/action';
import { createClientAccountSchema } from '@/lib/validation/accounts';

// Every export of a 'use server' file is a public endpoint: this file exports wrapped actions only.
export const createClientAccountAction = action('public', createClientAccountSchema, createClientAccount);
