/*
 * Serve order of successor trustees and agents (intake §4): the dropdown offers 1 … one past the highest
 * order in use (at least 1 … 3), and 'Other' switches to a free entry of up to two digits.
 */
export const SERVE_ORDER_OTHER = 'Other';
export const SERVE_ORDER_MAX = 99;
const MIN_CHOICES = 3;

/** The highest order among the client's existing records, plus one: the next free place in line. */
export function maxServeOrder(orders: readonly (number | null | undefined)[]): number {
  const used = orders.filter((o): o is number => typeof o === 'number' && o > 0);
  return Math.min(SERVE_ORDER_MAX, Math.max(MIN_CHOICES, (used.length ? Math.max(...used) : 0) + 1));
}

/** The dropdown's options: '1' … max as strings, then 'Other'. A current order beyond max is included. */
export function serveOrderOptions(orders: readonly (number | null | undefined)[], current?: number | null): string[] {
  const max = Math.max(maxServeOrder(orders), current ?? 0);
  return [...Array.from({ length: max }, (_, i) => String(i + 1)), SERVE_ORDER_OTHER];
}

/** The order the next new record gets by default: the next free place in line. */
export function nextServeOrder(orders: readonly (number | null | undefined)[]): number {
  const used = orders.filter((o): o is number => typeof o === 'number' && o > 0);
  return Math.min(SERVE_ORDER_MAX, (used.length ? Math.max(...used) : 0) + 1);
}
