'use client';

import { Card } from '@/components/ui/card';
import { Pager } from '@/components/ui/pager';
import { EmptyRow, Table, TBody, Th, THead } from '@/components/ui/table';
import type { AdvisorOverviewPage } from '@/lib/overview/queries';
import { pageWindow, type AdvisorListState } from '@/lib/overview/rules';
import { advisorListHref } from './advisor-list-href';
import { AdvisorRow } from './advisor-row';
import { AdvisorSearchForm } from './advisor-search-form';
import { AdvisorSortHeader } from './advisor-sort-header';
import { ClientGroups } from './client-groups';
import { TOOLTIP_ID } from './overview-ids';
import { useAdvisorExpansion } from './use-advisor-expansion';
import { useDocumentUploads } from './use-document-uploads';
import { useLater } from './use-later';
import { RETURN_KEY, rememberReturn, useReturnToClient } from './use-return-to-client';
import { useTooltip } from './use-tooltip';
import styles from './overview.module.css';

export { RETURN_KEY };

export type AdvisorsTableProps = {
  page: AdvisorOverviewPage;
  state: AdvisorListState;
  /** Admins get 'Act as Advisor' on each advisor row (issue 21; spec §2). */
  canActAsAdvisor?: boolean;
  /** Admins (`file.delete`) get Delete on each document with a creator (spec §5); System documents have none. */
  canDeleteDocuments?: boolean;
  /** The other lists' parameters on the dashboard (the work queue's filters and page), kept by this table's links and search. */
  keepParams?: Record<string, string>;
};

const COLUMN_LABELS = ['', 'Advisor', 'Firms', 'Clients', 'Submitted', 'In attorney review', 'Last activity', 'Actions'];
const NOTHING_KEPT: Record<string, string> = {};

/**
 * The advisors records table with its expandable rows: advisor → that advisor's households → each
 * household's documents. Search, sort and pages are links over the address (the SQL pages); the expansion,
 * the document groups and the uploads are state, each in a hook of its own:
 * - one advisor open at a time; opening one collapses the others and every document group, and clears any
 *   pending file choice; collapsing resets the advisor's groups and choices (use-advisor-expansion.ts);
 * - each document group's upload: the file input shown, a file chosen, uploading; when the window regains
 *   focus with an input open, no file chosen and no upload running, the input closes 100 ms later, so a file
 *   the picker just chose arrives first (use-document-uploads.ts);
 * - tooltips (a shortened name's whole name) refresh 100 ms after a focus change, 350 ms after a collapse
 *   (use-tooltip.ts);
 * - a client row's client-info link remembers the row: on returning, that group opens about 500 ms later
 *   (use-return-to-client.ts).
 */
export function AdvisorsTable({ page, state, canActAsAdvisor = false, canDeleteDocuments = false, keepParams = NOTHING_KEPT }: AdvisorsTableProps) {
  const later = useLater();
  const { tip, refreshTooltips, showTip, hideTip } = useTooltip(later);
  const uploads = useDocumentUploads(later);
  const expansion = useAdvisorExpansion({ later, refreshTooltips, clearChoices: uploads.clearChoices });
  const { openAdvisor, clients, loadClients } = expansion;
  useReturnToClient(page.rows, later, expansion.reopen);

  const window_ = pageWindow(page.total, page.page, page.size);
  const sortHeader = (sort: AdvisorListState['sort'], className?: string) => (
    <AdvisorSortHeader sort={sort} state={state} keepParams={keepParams} className={className} />
  );

  return (
    <Card aria-labelledby="advisors-title">
      <h2 id="advisors-title">Advisors</h2>
      <AdvisorSearchForm state={state} keepParams={keepParams} />
      <p className={styles.count} aria-live="polite">
        {page.total === 0
          ? 'No advisors match.'
          : `Showing ${window_.first}–${window_.last} of ${page.total.toLocaleString('en-US')} ${page.total === 1 ? 'advisor' : 'advisors'}`}
      </p>
      <Table label="Advisors" responsive="stack" columnLabels={COLUMN_LABELS} columnAlign={['left', 'left', 'left', 'numeric', 'numeric', 'numeric']}>
        <THead>
          <tr>
            <Th>
              <span className="visually-hidden">Expand</span>
            </Th>
            {sortHeader('name')}
            {sortHeader('firms')}
            {sortHeader('clients', styles.figureColumn)}
            {sortHeader('submitted', styles.figureColumn)}
            {sortHeader('review', styles.figureColumn)}
            {sortHeader('activity', styles.dateColumn)}
            <Th>
              <span className="visually-hidden">Actions</span>
            </Th>
          </tr>
        </THead>
        <TBody>
          {page.rows.length === 0 ? (
            <EmptyRow colSpan={8}>No Records to Display</EmptyRow>
          ) : (
            page.rows.map((advisor) => (
              <AdvisorRow
                key={advisor.hash}
                advisor={advisor}
                open={openAdvisor === advisor.hash}
                onToggle={() => void expansion.expandAdvisor(advisor.hash)}
                canActAsAdvisor={canActAsAdvisor}
              >
                {clients && clients.advisorHash === advisor.hash ? (
                  <ClientGroups
                    data={clients}
                    openGroups={expansion.openGroups}
                    uploads={uploads.uploads}
                    onToggle={expansion.toggleGroup}
                    onOpenInput={(c) => {
                      expansion.openGroup(c.hash);
                      uploads.openInput(c);
                    }}
                    onCancel={uploads.cancel}
                    onChoose={uploads.chooseFile}
                    // The advisors table's figures do not count documents: only this advisor's rows reload.
                    onUpload={(c) => uploads.upload(c, () => loadClients(advisor.hash))}
                    onRemember={(c) => rememberReturn(advisor.hash, c.hash)}
                    onDeleted={canDeleteDocuments ? () => loadClients(advisor.hash) : null}
                    onTip={showTip}
                    onHideTip={hideTip}
                    tipAnchor={tip?.anchorId ?? null}
                  />
                ) : (
                  <p className={styles.muted}>Loading clients…</p>
                )}
              </AdvisorRow>
            ))
          )}
        </TBody>
      </Table>
      <Pager label="Advisor pages" page={page.page} pageCount={window_.pageCount} hrefOf={(n) => advisorListHref(state, keepParams, { page: n })} />
      {tip ? (
        <div role="tooltip" id={TOOLTIP_ID} className={styles.tooltip} style={{ top: tip.top, left: tip.left }}>
          {tip.text}
        </div>
      ) : null}
    </Card>
  );
}
