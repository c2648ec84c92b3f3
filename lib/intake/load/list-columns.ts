import { sql } from 'drizzle-orm';
import { lockColumns } from '@/lib/billing/feature-lock';
import { accountsColumn, companiesColumn, giftsColumn, noteColumn, propertiesColumn } from './asset-lists';
import { clientsColumn } from './client-rows';
import { agentsColumn, beneficiariesColumn, childrenColumn, trusteesColumn } from './people-lists';
import { advisorColumn, planColumn } from './plan-and-advisor';
import type { ListScope } from './subqueries';

/**
 * The household's clients, every list of theirs as a JSON array of pivot rows (one element per item and
 * owning client), owner 1's latest plan and note: subqueries of one statement, so the page's load does not
 * grow with the lists and the database is asked once. Never a cipher: identifiers and account
 * numbers only by their last four.
 */
export function listColumns(scope: ListScope) {
  return {
    clients: clientsColumn(scope),
    children: childrenColumn(scope),
    beneficiaries: beneficiariesColumn(scope),
    trustees: trusteesColumn(scope),
    agents: agentsColumn(scope),
    plan: planColumn(scope),
    properties: propertiesColumn(scope),
    companies: companiesColumn(scope),
    gifts: giftsColumn(scope),
    accounts: accountsColumn(scope),
    note: noteColumn(scope),
    advisor: advisorColumn(scope),
    // The features lock's figures (owner 1's advisor's), for the page's notice and the view's featureLock.
    ...lockColumns(sql`${scope.owner1Id}`),
  };
}

/** The row of listColumns as a driver answers it (undefined columns: none read). */
export type ListRow = Partial<Record<keyof ReturnType<typeof listColumns>, unknown>>;
