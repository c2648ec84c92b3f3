import { z } from 'zod';

/*
 * The page of a list that grows with a firm (a household's documents, an advisor's invoices: issue 32), as
 * its address carries it. The page size is the dashboard's (lib/advisors/rules.ts DEFAULT_PAGE_SIZE, 25),
 * written here too because this module may not import a feature; a test holds the two equal.
 */

/** Rows per page of the documents and invoice lists: the dashboard's default page size. */
export const LIST_PAGE_SIZE = 25;

const pageSchema = z.preprocess((v) => (Array.isArray(v) ? v[0] : v), z.coerce.number().int().min(1).max(100_000).catch(1));

/** A page number from the address: a whole number from 1; anything else (absent, NUL, -1, an array) is page 1. */
export function pageParam(value: unknown): number {
  return value === undefined ? 1 : pageSchema.parse(value);
}

/** The window of a list of `total` rows for a requested page: a page past the end shows the last page. */
export function pageOf(total: number, requested: number, size = LIST_PAGE_SIZE): { page: number; pageCount: number; offset: number } {
  const pageCount = Math.max(1, Math.ceil(total / size));
  const page = Math.min(Math.max(1, requested), pageCount);
  return { page, pageCount, offset: (page - 1) * size };
}

/** Where a paged list stands: the page shown (after clamping), how many pages, how many rows in all. */
export type ListPageInfo = { page: number; pageCount: number; total: number };

/** The pages of the dashboard's two invoice lists as the address carries them (`invoices=`, `paid=`). */
export type InvoicePages = { open: number; paid: number };

/** Reads the invoice lists' pages from the dashboard's search params; anything malformed is page 1. */
export function parseInvoicePages(params: Record<string, string | string[] | undefined>): InvoicePages {
  return { open: pageParam(params.invoices), paid: pageParam(params.paid) };
}

/** The invoice lists' pages as query parameters, leaving page 1 out. */
export function invoicePagesParams(pages: InvoicePages): Record<string, string> {
  const out: Record<string, string> = {};
  if (pages.open > 1) out.invoices = String(pages.open);
  if (pages.paid > 1) out.paid = String(pages.paid);
  return out;
}
