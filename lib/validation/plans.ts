import { z } from 'zod';
import { ESTATE_PLAN_STATUS_CODES } from '@/db/schema/enums';
import { publicHash } from './intake';

/*
 * The review page's calls: the submission with the Agreement and Receipt acknowledgements, the attorney's
 * status change, and the reveal of a full identifier. snake_case, as the intake schemas.
 */

/** The spec's texts of the consent step (platform §5, §8). */
export const MISSING_CONSENT_TITLE = 'Missing Consent';
export const MISSING_CONSENT_MESSAGE = 'Please read and acknowledge the entire Agreement';
export const SUBMITTED_MESSAGE = 'the estate plan information has been sent for attorney review.';
export const STATUS_UPDATED_MESSAGE = 'Success! Estate plan status has been updated.';

/** The Agreement and Receipt's three statements, acknowledged by each client (platform §9: 3 per person). */
export const CONSENT_STATEMENTS = [
  'I have read the Agreement and Receipt above and agree to its terms, including the fees and the scope of the attorney review.',
  'The information I entered is true and complete to the best of my knowledge, and I have reviewed it on the review page.',
  'I understand that the attorney prepares my documents from this information and may contact me before they are finalized.',
] as const;
export const CONSENT_STATEMENT_NUMBERS = [1, 2, 3] as const;

const statement = z.union([z.literal(1), z.literal(2), z.literal(3)], { error: 'Unknown statement.' });

export const submitTrustSchema = z.object({
  client_hash: publicHash('Client'),
  /** Per client of the household: the statements that client acknowledged (all three are required). */
  acknowledgements: z.array(z.object({ client_hash: publicHash('Client'), statements: z.array(statement).max(3) }), { error: MISSING_CONSENT_MESSAGE }).max(2),
});
export type SubmitTrustInput = z.output<typeof submitTrustSchema>;

const status = z.enum(ESTATE_PLAN_STATUS_CODES, { error: 'Please choose a status from the list.' });

export const updatePlanStatusSchema = z.object({
  plan_hash: publicHash('Estate plan'),
  status,
  /** The status the attorney saw when choosing ('from old to new'); a change in between answers 409. */
  from_status: status.optional(),
});
export type UpdatePlanStatusInput = z.output<typeof updatePlanStatusSchema>;

const identifierRef = z.object({
  /** A person's SSN (clients, children, beneficiaries) or an entity beneficiary's identifier. */
  kind: z.enum(['person', 'entity'], { error: 'Unknown identifier.' }),
  hash: publicHash('Record'),
});
export type IdentifierRef = z.output<typeof identifierRef>;

/** One identifier (the eye icon) or every identifier shown on the review (printing), of one household. */
export const revealIdentifierSchema = z.object({
  client_hash: publicHash('Client'),
  items: z.array(identifierRef).min(1, 'Nothing to reveal.').max(200),
});
export type RevealIdentifierInput = z.output<typeof revealIdentifierSchema>;
