import { z } from 'zod';
import { HASH_SHAPE } from '@/db/schema/columns';

/*
 * The admin audit log's filters (issue 29), shared by its page (a GET form over the address) and its CSV
 * export (the same parameters). An empty field is no filter. A value that cannot be what its field asks for
 * (an e-mail or user id that is neither, an action with characters no action has, a date that is not a day,
 * 10,000 characters) is refused with a message for its field, never passed to the database.
 */

/** The longest value a filter field takes: an e-mail address (254) is the longest that can mean anything. */
export const AUDIT_FILTER_MAX_LENGTH = 254;
/** Rows on a page of the audit log. */
export const AUDIT_PAGE_SIZE = 50;

/** Actions are dotted names ('user.update', 'intake.beneficiary.create', 'payment.setup_card'). */
const ACTION_SHAPE = /^[A-Za-z0-9._-]+$/;
const DAY_SHAPE = /^\d{4}-\d{2}-\d{2}$/;
const EMAIL_SHAPE = /^[^\s@]+@[^\s@]+$/;
const CONTROL = /[\u0000-\u001f\u007f]/;

/** A calendar day written YYYY-MM-DD (as a date input sends it) that exists: not 2026-02-30. */
export function isCalendarDay(value: string): boolean {
  if (!DAY_SHAPE.test(value)) return false;
  const [year, month, day] = value.split('-').map(Number);
  const date = new Date(Date.UTC(year, month - 1, day));
  return year >= 1900 && year <= 9999 && date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/** A query parameter given twice counts once (its first value); an empty or blank one is no filter. */
const first = (value: unknown) => (Array.isArray(value) ? value[0] : value);
const text = (message: string, valid: (value: string) => boolean) =>
  z.preprocess(
    first,
    z
      .string({ message })
      .max(AUDIT_FILTER_MAX_LENGTH, `${message} (at most ${AUDIT_FILTER_MAX_LENGTH} characters).`)
      .transform((value) => value.trim())
      // No filter holds a control character (a NUL could not even reach PostgreSQL's text).
      .refine((value) => value === '' || (!CONTROL.test(value) && valid(value)), message)
      .optional()
      .transform((value) => value || undefined),
  );
/** A keyset cursor: the id of the row a page starts after (positive 32-bit, as audit_log.id is serial). */
const cursor = z.preprocess(
  (value) => {
    const one = first(value);
    return one === '' ? undefined : one;
  },
  z.coerce
    .number({ message: 'The page link is not valid.' })
    .int('The page link is not valid.')
    .min(1, 'The page link is not valid.')
    .max(2_147_483_647, 'The page link is not valid.')
    .optional(),
);

export const auditLogQuerySchema = z
  .object({
    /** Who acted: a user's e-mail or public id (also matches what an admin did while acting as someone). */
    user: text("Enter a user's e-mail address or user id.", (value) => EMAIL_SHAPE.test(value) || HASH_SHAPE.test(value)),
    /** The start of the action's name: 'user.' lists user.update, user.resetPassword … */
    action: text('Enter the start of an action name (letters, digits, dots, dashes, underscores).', (value) => ACTION_SHAPE.test(value)),
    /** A household's id, or one of its clients' ids. */
    household: text("Enter a household's or a client's id.", (value) => HASH_SHAPE.test(value)),
    /** The first and last day (inclusive) in the app's time zone. */
    from: text('Enter a valid date.', isCalendarDay),
    to: text('Enter a valid date.', isCalendarDay),
    /** Keyset paging: rows older than this id (the Older link), or newer than it (the Newer link). */
    before: cursor,
    after: cursor,
  })
  .refine((q) => !(q.from && q.to && q.from > q.to), { message: 'The end date is before the start date.', path: ['to'] })
  .refine((q) => !(q.before && q.after), { message: 'The page link is not valid.', path: ['before'] });

export type AuditLogQuery = z.output<typeof auditLogQuerySchema>;
/** The filters alone (what a page link and the export keep), without the page's cursor. */
export type AuditLogFilters = Omit<AuditLogQuery, 'before' | 'after'>;
export const AUDIT_FILTER_NAMES = ['user', 'action', 'household', 'from', 'to'] as const;

/** The filters as address parameters, empty ones left out (for page links, the export's address and Clear). */
export function auditFilterParams(filters: Partial<Record<(typeof AUDIT_FILTER_NAMES)[number], string | undefined>>): Record<string, string> {
  const params: Record<string, string> = {};
  for (const name of AUDIT_FILTER_NAMES) {
    const value = filters[name];
    if (value) params[name] = value;
  }
  return params;
}
