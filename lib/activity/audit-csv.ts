import type { AuditEntry } from './audit-log';

/*
 * The audit log as CSV (RFC 4180: commas between cells, CRLF after each row, a cell with a comma, a quote or
 * a line break in double quotes with its quotes doubled). Its cells hold what users typed (names, e-mail
 * addresses, user agents, meta), so a cell a spreadsheet would read as a formula (starting with = + - @, or
 * a tab or carriage return that some spreadsheets skip before one) is prefixed with ' and shown as text.
 */

export const AUDIT_CSV_COLUMNS = [
  'id',
  'created_at',
  'actor_email',
  'actor_name',
  'impersonator_email',
  'impersonator_name',
  'action',
  'target_type',
  'target_id',
  'target_email',
  'ip',
  'user_agent',
  'meta',
] as const;

const FORMULA_START = /^[=+\-@\t\r]/;

/** One cell: neutralised if a spreadsheet would run it, quoted if it holds a comma, a quote or a line break. */
export function csvCell(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return '';
  let text = String(value);
  if (typeof value === 'string' && FORMULA_START.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** One row of cells, ended by CRLF. */
export function csvLine(cells: readonly (string | number | null | undefined)[]): string {
  return `${cells.map(csvCell).join(',')}\r\n`;
}

/** The header row. */
export const AUDIT_CSV_HEADER = csvLine(AUDIT_CSV_COLUMNS);

/** An audit row as a CSV line, in AUDIT_CSV_COLUMNS' order (the time in UTC, ISO 8601; meta as JSON). */
export function auditCsvLine(row: AuditEntry): string {
  return csvLine([
    row.id,
    row.createdAt.toISOString(),
    row.actor?.email,
    row.actor?.name,
    row.impersonator?.email,
    row.impersonator?.name,
    row.action,
    row.target?.type,
    row.target?.id,
    row.target?.email,
    row.ip,
    row.userAgent,
    row.meta === null || row.meta === undefined ? null : JSON.stringify(row.meta),
  ]);
}
