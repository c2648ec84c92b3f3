'use client';

import Link from 'next/link';
import { Fragment, useCallback, useEffect, useRef, useState } from 'react';
import { ActAsAdvisorButton } from '@/components/admin/act-as-advisor-button';
import { DeleteDocumentButton } from '@/components/files/delete-document-button';
import { postDocument } from '@/components/files/upload-request';
import { Button } from '@/components/ui/button';
import { useCall, useMessage } from '@/components/ui/call-provider';
import { ControlRow, Field, FileInput, TextInput } from '@/components/ui/field';
import { EmailAddress, EmptyRow, Table, TBody, Td, Th, THead, Tr, unbroken } from '@/components/ui/table';
import { advisorClientsAction } from '@/lib/actions/overview';
import { DOCUMENT_ACCEPT, sniffContent } from '@/lib/files/document-types';
import { checkUpload } from '@/lib/files/upload-rules';
import { shortenFileName } from '@/lib/format/file-name';
import { formatPhone } from '@/lib/format/phone';
import type { AdvisorClients, AdvisorOverviewPage, OverviewClient, OverviewDocument } from '@/lib/overview/queries';
import {
  ADVISOR_SORT_LABELS,
  advisorListQuery,
  DOCUMENT_GROUP_EXPAND_AFTER_RETURN_MS,
  documentIconKind,
  documentViewPath,
  formatPlainDate,
  nextDirection,
  pageWindow,
  TOOLTIP_REFRESH_AFTER_COLLAPSE_MS,
  TOOLTIP_REFRESH_AFTER_FOCUS_MS,
  type AdvisorListState,
  type AdvisorSort,
  type DocumentIconKind,
} from '@/lib/overview/rules';
import styles from './overview.module.css';

/** What the overview remembers when a client row opens client-info, so the return expands that client's documents. */
export const RETURN_KEY = 'trustwell.overview.return';
/** A remembered return older than this is ignored (someone who wandered off and came back later). */
const RETURN_MAX_AGE_MS = 30 * 60 * 1000;

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

/** The per-document-group upload state (spec §4): file input shown, file chosen, uploading. */
type UploadState = { inputOpen: boolean; file: File | null; uploading: boolean };
const CLOSED: UploadState = { inputOpen: false, file: null, uploading: false };

type Tip = { anchorId: string; text: string; top: number; left: number };

const COLUMN_LABELS = ['', 'Advisor', 'Firms', 'Clients', 'Submitted', 'In attorney review', 'Last activity', 'Actions'];

const activityDate = new Intl.DateTimeFormat('en-US', {
  month: '2-digit',
  day: '2-digit',
  year: 'numeric',
  timeZone: process.env.APP_TIME_ZONE || 'America/New_York',
});

/**
 * The advisors records table with its expandable rows: advisor → that advisor's households → each
 * household's documents. Search, sort and pages are links over the address (the SQL pages); the expansion,
 * the document groups and the uploads are this component's state:
 * - one advisor open at a time; opening one collapses the others and every document group, and clears any
 *   pending file choice; collapsing resets the advisor's groups and choices;
 * - each document group's upload: the file input shown, a file chosen, uploading;
 * - when the window regains focus with an input open, no file chosen and no upload running, the input
 *   closes (checked with the tooltip refresh, 100 ms later, so a file the picker just chose arrives first);
 * - tooltips (a shortened name's whole name) refresh 100 ms after a focus change, 350 ms after a collapse;
 * - a client row's client-info link remembers the row: on returning, that group opens about 500 ms later.
 */
export function AdvisorsTable({ page, state, canActAsAdvisor = false, canDeleteDocuments = false, keepParams = NOTHING_KEPT }: AdvisorsTableProps) {
  const call = useCall();
  const { showMessage } = useMessage();
  const [openAdvisor, setOpenAdvisor] = useState<string | null>(null);
  const [clients, setClients] = useState<AdvisorClients | null>(null);
  const [openGroups, setOpenGroups] = useState<ReadonlySet<string>>(new Set());
  const [uploads, setUploads] = useState<Readonly<Record<string, UploadState>>>({});
  const [tip, setTip] = useState<Tip | null>(null);
  const timers = useRef(new Set<ReturnType<typeof setTimeout>>());

  const later = useCallback((ms: number, fn: () => void) => {
    const id = setTimeout(() => {
      timers.current.delete(id);
      fn();
    }, ms);
    timers.current.add(id);
  }, []);
  useEffect(() => {
    const pending = timers.current;
    return () => pending.forEach((id) => clearTimeout(id));
  }, []);

  /** Tooltips follow their anchors: gone with a collapsed row, moved with rows that moved. */
  const refreshTooltips = useCallback(() => {
    setTip((current) => {
      if (!current) return current;
      const anchor = document.getElementById(current.anchorId);
      if (!anchor) return null;
      const box = anchor.getBoundingClientRect();
      return { ...current, top: box.bottom + window.scrollY + 4, left: box.left + window.scrollX };
    });
  }, []);

  /** Clears pending file choices (not an upload already running). */
  const clearChoices = useCallback((keep: (key: string) => boolean = () => false) => {
    setUploads((current) => Object.fromEntries(Object.entries(current).filter(([key, u]) => u.uploading || keep(key))));
  }, []);

  // The advisor whose rows are wanted: an answer for one opened before (a slow answer to a quick second
  // click) is dropped, not shown under the advisor opened since.
  const wanted = useRef<string | null>(null);
  const loadClients = useCallback(
    async (advisorHash: string) => {
      wanted.current = advisorHash;
      const result = await call(() => advisorClientsAction({ advisor_id: advisorHash }));
      const current = wanted.current === advisorHash;
      if (result.ok && current) setClients(result.data);
      return result.ok && current;
    },
    [call],
  );

  const expandAdvisor = useCallback(
    async (advisorHash: string) => {
      const collapsing = openAdvisor !== null;
      setOpenGroups(new Set());
      clearChoices();
      if (collapsing) later(TOOLTIP_REFRESH_AFTER_COLLAPSE_MS, refreshTooltips);
      if (openAdvisor === advisorHash) {
        wanted.current = null;
        setOpenAdvisor(null);
        setClients(null);
        return false;
      }
      setOpenAdvisor(advisorHash);
      setClients(null);
      return loadClients(advisorHash);
    },
    [openAdvisor, clearChoices, later, refreshTooltips, loadClients],
  );

  const toggleGroup = (clientHash: string) => {
    if (openGroups.has(clientHash)) {
      setOpenGroups((current) => {
        const next = new Set(current);
        next.delete(clientHash);
        return next;
      });
      clearChoices((key) => key !== clientHash);
      later(TOOLTIP_REFRESH_AFTER_COLLAPSE_MS, refreshTooltips);
    } else {
      setOpenGroups((current) => new Set(current).add(clientHash));
    }
  };

  // The window regains focus (e.g. the file picker was cancelled): after 100 ms the tooltips refresh and an
  // open input without a chosen file and without a running upload closes. Losing focus refreshes too.
  useEffect(() => {
    const onFocus = () =>
      later(TOOLTIP_REFRESH_AFTER_FOCUS_MS, () => {
        refreshTooltips();
        setUploads((current) => {
          const idle = Object.entries(current).filter(([, u]) => u.inputOpen && !u.file && !u.uploading);
          if (!idle.length) return current;
          return Object.fromEntries(Object.entries(current).filter(([, u]) => !(u.inputOpen && !u.file && !u.uploading)));
        });
      });
    const onBlur = () => later(TOOLTIP_REFRESH_AFTER_FOCUS_MS, refreshTooltips);
    window.addEventListener('focus', onFocus);
    window.addEventListener('blur', onBlur);
    return () => {
      window.removeEventListener('focus', onFocus);
      window.removeEventListener('blur', onBlur);
    };
  }, [later, refreshTooltips]);

  // Back from client-info: reopen the advisor, then the client's document group about 500 ms later.
  const returned = useRef(false);
  useEffect(() => {
    if (returned.current) return;
    returned.current = true;
    let remembered: { advisor?: string; client?: string; at?: number } | null = null;
    try {
      remembered = JSON.parse(window.sessionStorage.getItem(RETURN_KEY) ?? 'null');
      window.sessionStorage.removeItem(RETURN_KEY);
    } catch {
      remembered = null;
    }
    if (!remembered?.advisor || !remembered.client || Date.now() - (remembered.at ?? 0) > RETURN_MAX_AGE_MS) return;
    if (!page.rows.some((row) => row.hash === remembered.advisor)) return;
    const { advisor, client } = remembered;
    // After the first paint (not inside the effect's own run): open the advisor, then the group.
    later(0, () => {
      setOpenAdvisor(advisor);
      void loadClients(advisor).then((ok) => {
        if (!ok) return;
        later(DOCUMENT_GROUP_EXPAND_AFTER_RETURN_MS, () => {
          setOpenGroups(new Set([client]));
          document.getElementById(groupId(client))?.scrollIntoView?.({ block: 'nearest' });
        });
      });
    });
  }, [page.rows, loadClients, later]);

  const rememberReturn = (advisorHash: string, clientHash: string) => {
    try {
      window.sessionStorage.setItem(RETURN_KEY, JSON.stringify({ advisor: advisorHash, client: clientHash, at: Date.now() }));
    } catch {
      // Storage refused (private mode): the return simply does not reopen the group.
    }
  };

  const setUpload = (key: string, value: UploadState | null) =>
    setUploads((current) => {
      const next = { ...current };
      if (value) next[key] = value;
      else delete next[key];
      return next;
    });

  const openInput = (client: OverviewClient) => {
    setOpenGroups((current) => new Set(current).add(client.hash));
    setUpload(client.hash, { inputOpen: true, file: null, uploading: false });
  };

  const chooseFile = async (client: OverviewClient, file: File | null, input: HTMLInputElement) => {
    if (!file) {
      setUpload(client.hash, { inputOpen: true, file: null, uploading: false });
      return;
    }
    const check = checkUpload({
      content: sniffContent(await readBytes(file)),
      name: file.name,
      declaredType: file.type,
      existingNames: client.documents.map((d) => d.name),
    });
    if (check.ok) {
      setUpload(client.hash, { inputOpen: true, file, uploading: false });
      return;
    }
    input.value = '';
    // A duplicate name closes the input (spec §5); any other refusal clears the choice and keeps it open.
    setUpload(client.hash, check.reason === 'duplicate' ? null : { inputOpen: true, file: null, uploading: false });
    await showMessage({ title: 'Error', message: check.message, tone: 'error' });
  };

  const upload = async (client: OverviewClient) => {
    const state = uploads[client.hash];
    if (!state?.file || !client.planHash || !openAdvisor) return;
    const file = state.file;
    setUpload(client.hash, { ...state, uploading: true });
    const result = await call(() => postDocument(client.planHash!, file));
    setUpload(client.hash, null);
    if (!result.ok) return;
    // The advisors table's figures do not count documents: only the open advisor's rows are reloaded.
    await loadClients(openAdvisor);
    await showMessage({ title: 'Success', message: result.data.message, tone: 'success' });
  };

  const showTip = (anchor: HTMLElement, text: string) => {
    const box = anchor.getBoundingClientRect();
    setTip({ anchorId: anchor.id, text, top: box.bottom + window.scrollY + 4, left: box.left + window.scrollX });
  };
  const hideTip = (anchorId: string) => setTip((current) => (current?.anchorId === anchorId ? null : current));

  const href = (change: Partial<AdvisorListState>) => {
    const query = new URLSearchParams({ ...keepParams, ...Object.fromEntries(new URLSearchParams(advisorListQuery({ ...state, ...change }))) }).toString();
    return query ? `/dashboard?${query}` : '/dashboard';
  };
  const sortHeader = (sort: AdvisorSort, className?: string) => {
    const active = state.sort === sort;
    const ariaSort = active ? (state.dir === 'asc' ? 'ascending' : 'descending') : 'none';
    return (
      <Th aria-sort={ariaSort} className={className}>
        <Link className={styles.sortLink} href={href({ sort, dir: nextDirection(state, sort), page: 1 })}>
          {ADVISOR_SORT_LABELS[sort]}
          <span aria-hidden="true" className={styles.sortIcon}>
            {!active ? '↕' : state.dir === 'asc' ? '▲' : '▼'}
          </span>
        </Link>
      </Th>
    );
  };
  const window_ = pageWindow(page.total, page.page, page.size);

  return (
    <section aria-labelledby="advisors-title" className={styles.card}>
      <h2 id="advisors-title">Advisors</h2>
      <form key={`${state.q}|${state.sort}|${state.dir}`} method="get" action="/dashboard" role="search">
        {Object.entries(keepParams).map(([name, value]) => (
          <input key={name} type="hidden" name={name} value={value} />
        ))}
        {state.sort !== 'name' ? <input type="hidden" name="asort" value={state.sort} /> : null}
        {state.dir !== 'asc' ? <input type="hidden" name="adir" value={state.dir} /> : null}
        <ControlRow>
          <Field label="Search advisors" id="advisor-search" inline>
            <TextInput name="aq" type="search" defaultValue={state.q} maxLength={100} autoComplete="off" placeholder="Name, email or firm" />
          </Field>
          <Button type="submit" variant="secondary">
            Search
          </Button>
          {state.q ? (
            <Link href={href({ q: '', page: 1 })} className={styles.clear}>
              Clear search
            </Link>
          ) : null}
        </ControlRow>
      </form>
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
            page.rows.map((advisor) => {
              const open = openAdvisor === advisor.hash;
              return (
                <Fragment key={advisor.hash}>
                  <Tr className={open ? styles.openRow : undefined}>
                    <Td>
                      <button
                        type="button"
                        className={styles.toggle}
                        aria-expanded={open}
                        aria-controls={open ? advisorPanelId(advisor.hash) : undefined}
                        aria-label={`${open ? 'Collapse' : 'Expand'} ${advisor.name}'s clients`}
                        onClick={() => void expandAdvisor(advisor.hash)}
                      >
                        <span aria-hidden="true">{open ? '−' : '+'}</span>
                      </button>
                    </Td>
                    <Td>
                      <span className={styles.advisorName}>{advisor.name}</span>
                      <small>
                        <EmailAddress address={advisor.email} />
                      </small>
                    </Td>
                    <Td>{advisor.firms.length ? advisor.firms.join(', ') : '—'}</Td>
                    <Td>{advisor.clients}</Td>
                    <Td>{advisor.submitted}</Td>
                    <Td>{advisor.inReview}</Td>
                    <Td>
                      {advisor.lastActivity ? <time dateTime={advisor.lastActivity}>{activityDate.format(new Date(advisor.lastActivity))}</time> : 'None'}
                    </Td>
                    <Td>
                      <span className={styles.actions}>
                        <Link href={`/dashboard?advisor=${encodeURIComponent(advisor.hash)}`}>
                          View clients<span className="visually-hidden"> of {advisor.name}</span>
                        </Link>
                        {canActAsAdvisor ? <ActAsAdvisorButton userHash={advisor.userHash} name={advisor.name} /> : null}
                      </span>
                    </Td>
                  </Tr>
                  {open ? (
                    <tr className={styles.panelRow}>
                      <td colSpan={8} id={advisorPanelId(advisor.hash)}>
                        {clients && clients.advisorHash === advisor.hash ? (
                          <ClientGroups
                            data={clients}
                            openGroups={openGroups}
                            uploads={uploads}
                            onToggle={toggleGroup}
                            onOpenInput={openInput}
                            onCancel={(c) => setUpload(c.hash, null)}
                            onChoose={chooseFile}
                            onUpload={upload}
                            onRemember={(c) => rememberReturn(advisor.hash, c.hash)}
                            // The advisors table's figures do not count documents: only this advisor's rows reload.
                            onDeleted={canDeleteDocuments ? () => loadClients(advisor.hash) : null}
                            onTip={showTip}
                            onHideTip={hideTip}
                            tipAnchor={tip?.anchorId ?? null}
                          />
                        ) : (
                          <p className={styles.muted}>Loading clients…</p>
                        )}
                      </td>
                    </tr>
                  ) : null}
                </Fragment>
              );
            })
          )}
        </TBody>
      </Table>
      {window_.pageCount > 1 ? (
        <nav aria-label="Advisor pages" className={styles.pager}>
          {page.page > 1 ? <Link href={href({ page: page.page - 1 })}>Previous</Link> : <span aria-disabled="true">Previous</span>}
          <span>
            Page {page.page} of {window_.pageCount}
          </span>
          {page.page < window_.pageCount ? <Link href={href({ page: page.page + 1 })}>Next</Link> : <span aria-disabled="true">Next</span>}
        </nav>
      ) : null}
      {tip ? (
        <div role="tooltip" id={TOOLTIP_ID} className={styles.tooltip} style={{ top: tip.top, left: tip.left }}>
          {tip.text}
        </div>
      ) : null}
    </section>
  );
}

const TOOLTIP_ID = 'overview-tooltip';
const NOTHING_KEPT: Record<string, string> = {};

/** A chosen file's bytes (at most 20 MB pass the input's checks), read with FileReader, which every browser has. */
function readBytes(file: File): Promise<Uint8Array> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(new Uint8Array(reader.result as ArrayBuffer));
    reader.onerror = () => reject(reader.error);
    reader.readAsArrayBuffer(file);
  });
}
const advisorPanelId = (hash: string) => `advisor-panel-${hash}`;
const groupId = (hash: string) => `documents-${hash}`;
const docAnchorId = (doc: OverviewDocument) => `document-${doc.hash}`;

type GroupsProps = {
  data: AdvisorClients;
  openGroups: ReadonlySet<string>;
  uploads: Readonly<Record<string, UploadState>>;
  onToggle: (clientHash: string) => void;
  onOpenInput: (client: OverviewClient) => void;
  onCancel: (client: OverviewClient) => void;
  onChoose: (client: OverviewClient, file: File | null, input: HTMLInputElement) => void;
  onUpload: (client: OverviewClient) => void;
  onRemember: (client: OverviewClient) => void;
  /** Set for admins: documents with a creator get Delete, and this reloads the rows after one. */
  onDeleted: (() => Promise<unknown>) | null;
  onTip: (anchor: HTMLElement, text: string) => void;
  onHideTip: (anchorId: string) => void;
  tipAnchor: string | null;
};

/** One advisor's households, each with its expandable document group. */
function ClientGroups({
  data,
  openGroups,
  uploads,
  onToggle,
  onOpenInput,
  onCancel,
  onChoose,
  onUpload,
  onRemember,
  onDeleted,
  onTip,
  onHideTip,
  tipAnchor,
}: GroupsProps) {
  if (!data.clients.length) return <p className={styles.muted}>{data.name} has no clients yet.</p>;
  return (
    <div className={styles.clients}>
      <h3 className={styles.clientsTitle}>
        {data.name}&apos;s clients
        {data.total > data.clients.length ? (
          <span className={styles.muted}>
            {' '}
            (the newest {data.clients.length} of {data.total}; <Link href={`/dashboard?advisor=${encodeURIComponent(data.advisorHash)}`}>see them all</Link>)
          </span>
        ) : null}
      </h3>
      <ul className={styles.clientList}>
        {data.clients.map((client) => {
          const open = openGroups.has(client.hash);
          const upload = uploads[client.hash] ?? CLOSED;
          return (
            <li key={client.hash} className={styles.client}>
              <div className={styles.clientRow}>
                <button
                  type="button"
                  className={styles.toggle}
                  aria-expanded={open}
                  aria-controls={open ? groupId(client.hash) : undefined}
                  aria-label={`${open ? 'Hide' : 'Show'} ${client.name}'s documents`}
                  onClick={() => onToggle(client.hash)}
                >
                  <span aria-hidden="true">{open ? '−' : '+'}</span>
                </button>
                <span className={styles.clientMain}>
                  <Link href={`/client-info/${encodeURIComponent(client.hash)}`} onClick={() => onRemember(client)} className={styles.clientName}>
                    {client.name}
                  </Link>
                  {client.spouseName ? <span className={styles.muted}> and {client.spouseName}</span> : null}
                </span>
                <span className={styles.clientFacts}>
                  {client.email ? (
                    <span>
                      <EmailAddress address={client.email} />
                    </span>
                  ) : null}
                  {client.phone ? <span>{unbroken(formatPhone(client.phone))}</span> : null}
                  <span>{client.statusLabel}</span>
                  <span>
                    {client.documents.length} {client.documents.length === 1 ? 'document' : 'documents'}
                  </span>
                </span>
                {client.canUpload && !upload.inputOpen ? (
                  <Button size="sm" variant="secondary" onClick={() => onOpenInput(client)}>
                    Upload
                    <span className="visually-hidden"> a document for {client.name}</span>
                  </Button>
                ) : null}
              </div>
              {open ? (
                <div id={groupId(client.hash)} className={styles.documents}>
                  {client.documents.length ? (
                    <ul className={styles.documentList} aria-label={`${client.name}'s documents`}>
                      {client.documents.map((doc) => (
                        <DocumentRow
                          key={doc.hash}
                          doc={doc}
                          onTip={onTip}
                          onHideTip={onHideTip}
                          described={tipAnchor === docAnchorId(doc)}
                          onDeleted={onDeleted}
                        />
                      ))}
                    </ul>
                  ) : (
                    <p className={styles.muted}>No documents yet.</p>
                  )}
                  {!client.canUpload ? (
                    <p className={styles.muted}>Documents can be added once the trust is with the attorneys (submitted for review).</p>
                  ) : null}
                  {upload.inputOpen ? (
                    <div className={styles.upload}>
                      <FileInput
                        id={`upload-${client.hash}`}
                        className={styles.fileControl}
                        accept={DOCUMENT_ACCEPT}
                        disabled={upload.uploading}
                        onChange={(event) => void onChoose(client, event.currentTarget.files?.[0] ?? null, event.currentTarget)}
                        fileName={upload.file?.name}
                        hint="PDF, text, JPEG or PNG"
                      >
                        Choose a document<span className="visually-hidden"> for {client.name}</span>
                      </FileInput>
                      <span className={styles.uploadButtons}>
                        <Button size="sm" disabled={!upload.file} loading={upload.uploading} onClick={() => onUpload(client)}>
                          {upload.uploading ? 'Uploading…' : 'Upload file'}
                        </Button>
                        <Button size="sm" variant="link" disabled={upload.uploading} onClick={() => onCancel(client)}>
                          Cancel
                        </Button>
                      </span>
                    </div>
                  ) : null}
                </div>
              ) : null}
            </li>
          );
        })}
      </ul>
    </div>
  );
}

function DocumentRow({
  doc,
  onTip,
  onHideTip,
  described,
  onDeleted,
}: {
  doc: OverviewDocument;
  onTip: GroupsProps['onTip'];
  onHideTip: GroupsProps['onHideTip'];
  described: boolean;
  onDeleted: GroupsProps['onDeleted'];
}) {
  const shown = shortenFileName(doc.name);
  const shortened = shown !== doc.name;
  const id = docAnchorId(doc);
  const show = (event: { currentTarget: HTMLElement }) => (shortened ? onTip(event.currentTarget, doc.name) : undefined);
  return (
    <li className={styles.document}>
      <FileIcon kind={documentIconKind(doc.name, doc.contentType)} />
      <a
        id={id}
        href={documentViewPath(doc.planHash, doc.hash)}
        target="_blank"
        rel="noopener noreferrer"
        className={styles.documentName}
        // The visible (maybe shortened) name is the link's name (WCAG 2.5.3); the whole name is its description.
        aria-describedby={described ? `${id}-full ${TOOLTIP_ID}` : `${id}-full`}
        onMouseEnter={show}
        onFocus={show}
        onMouseLeave={() => onHideTip(id)}
        onBlur={() => onHideTip(id)}
      >
        {shown}
      </a>
      <span id={`${id}-full`} className="visually-hidden">
        {doc.name}, opens in a new tab
      </span>
      <span className={styles.muted}>{doc.createdBy ?? 'System'}</span>
      <span className={styles.muted}>{formatPlainDate(doc.createdAt)}</span>
      {onDeleted && doc.removable ? <DeleteDocumentButton document={doc} onDeleted={onDeleted} /> : null}
    </li>
  );
}

const ICON_LABELS: Record<DocumentIconKind, string> = { pdf: 'PDF', text: 'Text', image: 'Image', file: 'File' };

/** The document's type icon (spec §2): pdf, text, image or a generic file. */
function FileIcon({ kind }: { kind: DocumentIconKind }) {
  return (
    <span className={styles.fileIcon} data-kind={kind} title={ICON_LABELS[kind]}>
      <svg width="20" height="20" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
        <path d="M6 2h8l5 5v15H6z" fill="none" stroke="currentColor" strokeWidth="1.6" />
        <path d="M14 2v5h5" fill="none" stroke="currentColor" strokeWidth="1.6" />
        {kind === 'image' ? <path d="M8 18l3-4 2 2 2-3 2 5z" fill="currentColor" /> : null}
        {kind === 'text' ? <path d="M9 11h6M9 14h6M9 17h4" stroke="currentColor" strokeWidth="1.4" /> : null}
      </svg>
      {kind === 'pdf' ? (
        <span aria-hidden="true" className={styles.fileIconBadge}>
          PDF
        </span>
      ) : null}
      <span className="visually-hidden">{ICON_LABELS[kind]}</span>
    </span>
  );
}
