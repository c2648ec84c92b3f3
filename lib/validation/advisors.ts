import { z } from 'zod';
import { birthDate, choice, email, fromLegacy, personName, phone, publicId, ssn, suffix } from './fields';
import { GENDERS } from './lists';

/*
 * The advisor workspace's inputs (the New Client screen, invites, the advisor data calls), one schema per
 * use case, composed of the field rules. `advisor_id` is the advisor's public hash, as the earlier front end
 * sent it.
 */

/** At most this many clients (a couple) are created in one New Client call. */
export const MAX_CLIENTS_PER_CREATION = 2;
export const CLIENT_EMAILS_SAME = 'Client emails cannot be the same';

export const advisorRefSchema = z.object({ advisor_id: publicId('Advisor') });
export type AdvisorRefInput = z.output<typeof advisorRefSchema>;

export const sendInviteSchema = z.object({
  advisor_id: publicId('Advisor'),
  client_name: personName('Client name'),
  client_email: email({ label: 'Client email' }),
});
export type SendInviteInput = z.output<typeof sendInviteSchema>;

/** The page of the invites card a call answers with (1 = the newest; a page past the end answers the last). */
const invitePage = z
  .number({ message: 'The page is not valid.' })
  .int('The page is not valid.')
  .min(1, 'The page is not valid.')
  .max(1_000_000, 'The page is not valid.')
  .optional();

/** The invites card's list and its pages (the compatibility call sends no page: the newest). */
export const inviteListSchema = advisorRefSchema.extend({ page: invitePage });
export type InviteListInput = z.output<typeof inviteListSchema>;

export const resendInviteSchema = z.object({ id: publicId('Invite'), page: invitePage });
export type ResendInviteInput = z.output<typeof resendInviteSchema>;

export const sendReminderSchema = z.object({ client_hash: publicId('Client') });
export type SendReminderInput = z.output<typeof sendReminderSchema>;

/** One client of the New Client screen: the spec's `/api/advisorCreateClient/` fields for client n. */
export const newClientSchema = z.object({
  first_name: personName('First name'),
  middle_name: personName('Middle name', { optional: true }),
  last_name: personName('Last name'),
  suffix: suffix(),
  // Each client gets an invitation e-mail, so the address is required; stored lower-cased and trimmed.
  email: email(),
  mobile_phone: phone({ optional: true, label: 'Mobile phone' }),
  date_of_birth: birthDate({ optional: true }),
  social_security_number: ssn({ optional: true, label: 'SSN' }),
  gender: choice(GENDERS, { optional: true, label: 'Gender' }),
});

/** The New Client screen: one or two clients (client and spouse) for an advisor; their emails must differ. */
export const createClientsSchema = z
  .object({
    advisor_id: publicId('Advisor'),
    clients: z
      .array(newClientSchema)
      .min(1, 'Please enter a client.')
      .max(MAX_CLIENTS_PER_CREATION, `At most ${MAX_CLIENTS_PER_CREATION} clients can be created at once.`),
  })
  .check((ctx) => {
    const [a, b] = ctx.value.clients;
    if (a && b && a.email && b.email && a.email.trim().toLowerCase() === b.email.trim().toLowerCase()) {
      ctx.issues.push({ code: 'custom', message: CLIENT_EMAILS_SAME, path: ['clients', 1, 'email'], input: b.email });
    }
  });
export type CreateClientsInput = z.output<typeof createClientsSchema>;

const LEGACY_FIELDS = [
  'first_name',
  'middle_name',
  'last_name',
  'suffix',
  'email',
  'mobile_phone',
  'date_of_birth',
  'social_security_number',
  'gender',
] as const;

/**
 * The earlier front end's `POST /api/advisorCreateClient/`: client_count, advisor_id and per client n
 * client_{n}_first_name … client_{n}_gender, read into the New Client screen's shape.
 */
export const legacyCreateClientsSchema = z
  .object({
    client_count: z.coerce
      .number({ error: 'Client count is required.' })
      .int()
      .min(1, 'Please enter a client.')
      .max(MAX_CLIENTS_PER_CREATION, `At most ${MAX_CLIENTS_PER_CREATION} clients can be created at once.`),
    advisor_id: fromLegacy(publicId('Advisor')),
  })
  .catchall(z.unknown())
  .transform((body) => {
    const clients = Array.from({ length: body.client_count }, (_, i) => {
      const out: Record<string, unknown> = {};
      for (const field of LEGACY_FIELDS) {
        const value = body[`client_${i + 1}_${field}`];
        out[field] = value === null ? undefined : typeof value === 'number' ? String(value) : value;
      }
      return out;
    });
    return { advisor_id: body.advisor_id, clients };
  })
  .pipe(createClientsSchema);

/** The legacy calls' advisor_id (null reads as missing). */
export const legacyAdvisorRefSchema = z.object({ advisor_id: fromLegacy(publicId('Advisor')) });

/** `POST /api/sendInvite/`: client_name, client_email, advisor_id. */
export const legacySendInviteSchema = z.object({
  advisor_id: fromLegacy(sendInviteSchema.shape.advisor_id),
  client_name: fromLegacy(sendInviteSchema.shape.client_name),
  client_email: fromLegacy(sendInviteSchema.shape.client_email),
});

/** My Team (issue 31): a firm's rule that its advisors sign in with a second factor. */
export const firmSecondFactorSchema = z.object({
  firm_id: publicId('Firm'),
  required: z.boolean({ error: 'Say whether the firm requires an authenticator app.' }),
});
export type FirmSecondFactorInput = z.output<typeof firmSecondFactorSchema>;
