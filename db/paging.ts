import { sql, type SQL } from 'drizzle-orm';

/**
 * A page's offset in SQL, clamped to the last page of `count` rows (a page past the end shows the last, as
 * lib/validation/list-page.ts pageOf does), so a list's count and its page come from one statement. `count`
 * is a scalar subquery with no outer reference.
 */
export function clampedOffset(count: SQL, requested: number, size: number): SQL {
  return sql`(least(${requested - 1}::int, greatest(0, (${count} - 1) / ${size}::int)) * ${size}::int)`;
}
