'use server';

import { CLIENTS_CREATED, createClients } from '@/lib/advisors/create-clients';
import { setFirmSecondFactor } from '@/lib/advisors/firm-security';
import { REMINDER_SENT, sendReminder } from '@/lib/advisors/send-reminder';
import { action } from '@/lib/http/action';
import { INVITE_RESENT, INVITE_SENT, listInvites, resendInvite, sendInvite } from '@/lib/invites/invites';
import {
  createClientsSchema,
  firmSecondFactorSchema,
  inviteListSchema,
  resendInviteSchema,
  sendInviteSchema,
  sendReminderSchema,
} from '@/lib/validation/advisors';

// Every export of a 'use server' file is a public endpoint: this file exports wrapped actions only.
export const createClientsAction = action('client.create', createClientsSchema, createClients, { message: CLIENTS_CREATED });
export const sendInviteAction = action('invite.send', sendInviteSchema, sendInvite, { message: INVITE_SENT });
export const resendInviteAction = action('invite.send', resendInviteSchema, resendInvite, { message: INVITE_RESENT });
export const listInvitesAction = action('invite.send', inviteListSchema, listInvites);
export const sendReminderAction = action('client.remind', sendReminderSchema, sendReminder, { message: REMINDER_SENT });
// My Team (issue 31): a firm's supervisors (or an admin) require a second factor of its advisors.
export const setFirmSecondFactorAction = action('firm.security.update', firmSecondFactorSchema, setFirmSecondFactor);
