'use server';

import { createAdvisor } from '@/lib/admin/create-advisor';
import { deleteClient } from '@/lib/admin/delete-client';
import { listAdvisorChoices, listUsers } from '@/lib/admin/queries';
import { resetPassword } from '@/lib/admin/reset-password';
import { resetSecondFactor } from '@/lib/admin/reset-second-factor';
import { updateUser } from '@/lib/admin/update-user';
import { startImpersonation } from '@/lib/auth/impersonate';
import { action } from '@/lib/http/action';
import {
  actAsSchema,
  advisorChoicesSchema,
  createAdvisorSchema,
  deleteClientSchema,
  listUsersSchema,
  resetPasswordSchema,
  updateUserSchema,
} from '@/lib/validation/admin';

// Every export of a 'use server' file is a public endpoint: this file exports wrapped actions only.
export const createAdvisorAction = action('advisor.create', createAdvisorSchema, createAdvisor, { message: (data) => (data as { message: string }).message });
// The staff checklists' choices, loaded when one opens (not on every admin dashboard render).
export const listAdvisorChoicesAction = action('advisor.create', advisorChoicesSchema, (ctx) => listAdvisorChoices(ctx.actor));
export const listUsersAction = action('user.update', listUsersSchema, (ctx, input) => listUsers(ctx.actor, input));
export const updateUserAction = action('user.update', updateUserSchema, updateUser, { message: (data) => (data as { message: string }).message });
export const resetPasswordAction = action('user.resetPassword', resetPasswordSchema, resetPassword, {
  message: (data) => (data as { message: string }).message,
});
// A lost phone (issue 31): the user's authenticator app removed, their sessions ended, they are told.
export const resetSecondFactorAction = action('user.resetPassword', resetPasswordSchema, resetSecondFactor, {
  message: (data) => (data as { message: string }).message,
});
// Changes the caller's own session; startImpersonation checks 'user.impersonate' or 'client.actAs' and the target.
export const actAsAction = action('own', actAsSchema, (ctx, input) => startImpersonation(ctx, input.user_id));
// The hidden Delete Client tool: deleteClient also requires the admin to be on CLIENT_DELETE_ALLOWED_EMAILS (404 otherwise).
export const deleteClientAction = action('client.delete', deleteClientSchema, deleteClient, { message: (data) => (data as { message: string }).message });
