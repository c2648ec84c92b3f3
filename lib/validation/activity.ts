import { z } from 'zod';
import { HASH_SHAPE } from '@/db/schema/columns';

/*
 * A household's activity's parameters (issue 29), as the address has them (GET forms and page links): the
 * staff view's kind and person filters, and both views' keyset cursor. An empty field is no filter; a value
 * that cannot be one is refused with a message for its field.
 */

/** The kinds of the staff view's filter (their actions and labels: lib/activity/activity-kinds.ts). */
export const ACTIVITY_KIND_NAMES = ['intake', 'documents', 'payments', 'status', 'funding', 'identifiers', 'account'] as const;
export type ActivityKind = (typeof ACTIVITY_KIND_NAMES)[number];

/** Rows on a page of a household's activity. */
export const ACTIVITY_PAGE_SIZE = 25;

const first = (value: unknown) => (Array.isArray(value) ? value[0] : value);
const blankIsNone = (value: unknown) => {
  const one = first(value);
  return typeof one === 'string' && one.trim() === '' ? undefined : typeof one === 'string' ? one.trim() : one;
};

const cursor = z.preprocess(
  blankIsNone,
  z.coerce
    .number({ message: 'The page link is not valid.' })
    .int('The page link is not valid.')
    .min(1, 'The page link is not valid.')
    .max(2_147_483_647, 'The page link is not valid.')
    .optional(),
);

export const householdActivityQuerySchema = z.object({
  /** A group of actions (lib/activity/activity-kinds.ts). */
  kind: z.preprocess(blankIsNone, z.enum(ACTIVITY_KIND_NAMES, { message: 'Choose a kind from the list.' }).optional()),
  /** Who acted: a user's public id (what they did, and what an admin did as them or while being them). */
  who: z.preprocess(blankIsNone, z.string().regex(HASH_SHAPE, 'Choose a person from the list.').optional()),
  /** Rows older than this id (the Older link). */
  before: cursor,
});
export type HouseholdActivityQuery = z.output<typeof householdActivityQuerySchema>;

export const ownActivityQuerySchema = z.object({ before: cursor });
export type OwnActivityQuery = z.output<typeof ownActivityQuerySchema>;
