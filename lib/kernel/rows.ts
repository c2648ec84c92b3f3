/**
 * The rows of a `db.execute(sql…)` answer on either driver: node-postgres answers `{ rows }`, the embedded
 * client (db/embedded-client.ts) an array. Drizzle's typed queries need none of this; raw SQL does.
 */
export function rowsOf<R = Record<string, unknown>>(result: unknown): R[] {
  if (Array.isArray(result)) return result as R[];
  return ((result as { rows?: R[] } | null)?.rows ?? []) as R[];
}
