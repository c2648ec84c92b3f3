import fs from 'node:fs';
import path from 'node:path';
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { AdvisorsTable, RETURN_KEY, type AdvisorsTableProps } from '@/components/overview/advisors-table';
import { CallProvider } from '@/components/ui/call-provider';
import { advisorClientsAction } from '@/lib/actions/overview';
import type { AdvisorClients, AdvisorOverviewPage, AdvisorOverviewRow } from '@/lib/overview/queries';
import { DEFAULT_ADVISOR_LIST_STATE } from '@/lib/overview/rules';

import { TextDecoder as NodeTextDecoder } from 'node:util';

// jsdom has no TextDecoder; browsers do (the text check of lib/files/document-types.ts uses it).
if (typeof globalThis.TextDecoder === 'undefined') (globalThis as { TextDecoder?: unknown }).TextDecoder = NodeTextDecoder;

jest.mock('@/lib/actions/overview', () => ({ advisorClientsAction: jest.fn() }));
jest.mock('@/lib/actions/admin', () => ({ actAsAction: jest.fn() }));
const loadClients = advisorClientsAction as unknown as jest.Mock;

const fixture = (name: string) => new Uint8Array(fs.readFileSync(path.join(__dirname, '../../fixtures/files', name)));
const LONG_NAME = 'Revocable Living Trust of the Rivera Family - signed.pdf';
const SHORT_NAME = `${LONG_NAME.slice(0, 26)}...${LONG_NAME.slice(-4)}`;

const advisorRow = (n: number, change: Partial<AdvisorOverviewRow> = {}): AdvisorOverviewRow => ({
  hash: `adv${n}`,
  userHash: `user${n}`,
  name: `Advisor ${n}`,
  email: `advisor${n}@example.test`,
  firms: [`Firm ${n}`],
  clients: n,
  submitted: 0,
  inReview: 0,
  lastActivity: '2026-11-20T15:00:00.000Z',
  ...change,
});

const page: AdvisorOverviewPage = { rows: [advisorRow(1), advisorRow(2)], total: 2, page: 1, pageCount: 1, size: 25 };

function clientsOf(advisorHash: string): AdvisorClients {
  return {
    advisorHash,
    name: advisorHash === 'adv1' ? 'Advisor 1' : 'Advisor 2',
    total: 2,
    clients: [
      {
        hash: `${advisorHash}-rivera`,
        name: 'Pat Rivera',
        spouseName: 'Sam Rivera',
        email: 'pat@example.test',
        phone: '5551234567',
        statusLabel: 'Under Attorney Review',
        planHash: `${advisorHash}-plan`,
        canUpload: true,
        documentCount: advisorHash === 'adv2' ? 40 : 3,
        documents: [
          {
            hash: `${advisorHash}-f1`,
            planHash: `${advisorHash}-plan`,
            name: LONG_NAME,
            contentType: 'application/pdf',
            createdAt: '2026-11-05T15:00:00Z',
            createdBy: 'Avery Counsel',
            removable: true,
          },
          {
            hash: `${advisorHash}-f2`,
            planHash: `${advisorHash}-plan`,
            name: 'notes.txt',
            contentType: 'text/plain',
            createdAt: '2026-11-04T15:00:00Z',
            createdBy: null,
            removable: false,
          },
          {
            hash: `${advisorHash}-f3`,
            planHash: `${advisorHash}-plan`,
            name: 'photo.jpeg',
            contentType: 'image/jpeg',
            createdAt: '2026-11-03T15:00:00Z',
            createdBy: null,
            removable: false,
          },
        ],
      },
      {
        hash: `${advisorHash}-blake`,
        name: 'Jordan Blake',
        spouseName: null,
        email: null,
        phone: '555-12',
        statusLabel: 'In Progress',
        planHash: `${advisorHash}-plan2`,
        documentCount: 0,
        canUpload: false,
        documents: [],
      },
    ],
  };
}

function show(props: Partial<AdvisorsTableProps> = {}) {
  return render(
    <CallProvider>
      <AdvisorsTable page={page} state={DEFAULT_ADVISOR_LIST_STATE} {...props} />
    </CallProvider>,
  );
}

/** Lets pending promises (the action, file reads) settle under fake timers. */
async function settle() {
  for (let i = 0; i < 5; i++) await act(async () => await Promise.resolve());
}

async function advance(ms: number) {
  await act(async () => {
    jest.advanceTimersByTime(ms);
  });
}

const toggleOf = (name: string) => screen.getByRole('button', { name: new RegExp(`(Expand|Collapse) ${name}'s clients`) });
const groupToggle = (name: string) => screen.getByRole('button', { name: new RegExp(`(Show|Hide) ${name}'s documents`) });

async function expand(name: string) {
  fireEvent.click(toggleOf(name));
  await settle();
}

async function openUpload() {
  fireEvent.click(screen.getByRole('button', { name: /Upload a document for Pat Rivera/ }));
  return screen.getByLabelText(/Choose a document for Pat Rivera/) as HTMLInputElement;
}

async function choose(input: HTMLInputElement, file: File) {
  fireEvent.change(input, { target: { files: [file] } });
  await settle();
}

beforeEach(() => {
  jest.useFakeTimers();
  loadClients.mockReset();
  loadClients.mockImplementation(async ({ advisor_id }: { advisor_id: string }) => ({ ok: true, data: clientsOf(advisor_id) }));
  window.sessionStorage.clear();
});
afterEach(() => {
  jest.useRealTimers();
});

describe('the advisors table', () => {
  it("shows each advisor with firms, figures, the drill-down link and, for admins, 'Act as Advisor'", () => {
    const { unmount } = show();
    expect(screen.queryByRole('button', { name: /^Act as Advisor/ })).toBeNull();
    unmount();
    show({ canActAsAdvisor: true });
    expect(screen.getByRole('heading', { name: 'Advisors' })).toBeInTheDocument();
    expect(screen.getByText('Showing 1–2 of 2 advisors')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'View clients of Advisor 1' })).toHaveAttribute('href', '/dashboard?advisor=adv1');
    expect(screen.getByRole('button', { name: 'Act as Advisor Advisor 2' })).toBeInTheDocument();
    // Sortable headers: the active column flips, the others start in their natural direction.
    expect(screen.getAllByRole('link', { name: /^Advisor/ })[0]).toHaveAttribute('href', '/dashboard?adir=desc');
    expect(screen.getAllByRole('link', { name: /^Last activity/ })[0]).toHaveAttribute('href', '/dashboard?asort=activity&adir=desc');
    expect(screen.getByRole('search')).toHaveAttribute('action', '/dashboard');
  });

  it('keeps one advisor open at a time', async () => {
    show();
    await expand('Advisor 1');
    expect(loadClients).toHaveBeenLastCalledWith({ advisor_id: 'adv1' });
    expect(toggleOf('Advisor 1')).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByText("Advisor 1's clients")).toBeInTheDocument();
    await expand('Advisor 2');
    expect(toggleOf('Advisor 1')).toHaveAttribute('aria-expanded', 'false');
    expect(toggleOf('Advisor 2')).toHaveAttribute('aria-expanded', 'true');
    expect(screen.queryByText("Advisor 1's clients")).not.toBeInTheDocument();
    expect(screen.getByText("Advisor 2's clients")).toBeInTheDocument();
    // Clicking the open one collapses it.
    await expand('Advisor 2');
    expect(screen.queryByText("Advisor 2's clients")).not.toBeInTheDocument();
  });

  it("shows an advisor's rows only under that advisor, whatever order the answers come in", async () => {
    const answers: Record<string, (value: unknown) => void> = {};
    loadClients.mockImplementation(({ advisor_id }: { advisor_id: string }) => new Promise((resolve) => (answers[advisor_id] = resolve)));
    show();
    fireEvent.click(toggleOf('Advisor 1'));
    fireEvent.click(toggleOf('Advisor 2'));
    await settle();
    await act(async () => answers.adv2({ ok: true, data: clientsOf('adv2') }));
    await act(async () => answers.adv1({ ok: true, data: clientsOf('adv1') }));
    await settle();
    expect(screen.getByText("Advisor 2's clients")).toBeInTheDocument();
    expect(screen.queryByText("Advisor 1's clients")).not.toBeInTheDocument();
  });

  it('expanding an advisor collapses every document group and clears a pending file choice', async () => {
    show();
    await expand('Advisor 1');
    fireEvent.click(groupToggle('Jordan Blake'));
    const input = await openUpload();
    await choose(input, new File([fixture('sample.pdf')], 'Engagement.pdf', { type: 'application/pdf' }));
    expect(screen.getByRole('button', { name: 'Upload file' })).toBeEnabled();
    await expand('Advisor 2');
    await expand('Advisor 1');
    expect(groupToggle('Jordan Blake')).toHaveAttribute('aria-expanded', 'false');
    expect(groupToggle('Pat Rivera')).toHaveAttribute('aria-expanded', 'false');
    fireEvent.click(groupToggle('Pat Rivera'));
    expect(screen.queryByLabelText(/Choose a document for Pat Rivera/)).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Upload file' })).not.toBeInTheDocument();
  });

  it('shows documents with type icons, shortened names, creator or System, a plain date, and formatted phones', async () => {
    show();
    await expand('Advisor 1');
    expect(screen.getByText('(555) 123-4567')).toBeInTheDocument();
    // Not 10 digits: unchanged.
    expect(screen.getByText('555-12')).toBeInTheDocument();
    fireEvent.click(groupToggle('Pat Rivera'));
    const list = screen.getByRole('list', { name: "Pat Rivera's documents" });
    const items = within(list).getAllByRole('listitem');
    const long = within(items[0]).getByRole('link');
    expect(long).toHaveTextContent(`${LONG_NAME.slice(0, 26)}...${LONG_NAME.slice(-4)}`);
    expect(long).toHaveAccessibleName(SHORT_NAME);
    expect(long).toHaveAccessibleDescription(`${LONG_NAME}, opens in a new tab`);
    expect(long).toHaveAttribute('href', '/api/file/adv1-plan/adv1-f1/view/get');
    expect(long).toHaveAttribute('target', '_blank');
    expect(items[0]).toHaveTextContent('Avery Counsel');
    expect(items[0]).toHaveTextContent('Thu Nov 05 2026');
    expect(within(items[1]).getByRole('link')).toHaveTextContent(/^notes\.txt$/);
    expect(items[1]).toHaveTextContent('System');
    expect(items.map((item) => item.querySelector('[data-kind]')?.getAttribute('data-kind'))).toEqual(['pdf', 'text', 'image']);
    // A plan outside the attorney stages offers no upload.
    fireEvent.click(groupToggle('Jordan Blake'));
    expect(screen.queryByRole('button', { name: /Upload a document for Jordan Blake/ })).not.toBeInTheDocument();
    expect(screen.getByText(/Documents can be added once the trust is with the attorneys/)).toBeInTheDocument();
  });

  it('shows the newest documents with the whole count, and links to client-info for all of them (issue 32)', async () => {
    show();
    await expand('Advisor 1');
    expect(screen.getByText('3 documents')).toBeInTheDocument();
    fireEvent.click(groupToggle('Pat Rivera'));
    expect(screen.queryByRole('link', { name: /All \d+ documents/ })).not.toBeInTheDocument();
    await expand('Advisor 2');
    // 40 in all, 3 loaded: the count is the household's, the link goes to its paged documents.
    expect(screen.getByText('40 documents')).toBeInTheDocument();
    fireEvent.click(groupToggle('Pat Rivera'));
    expect(screen.getByRole('link', { name: 'All 40 documents' })).toHaveAttribute('href', '/client-info/adv2-rivera#documents');
  });

  it('closes an input left empty when the window regains focus, 100 ms later', async () => {
    show();
    await expand('Advisor 1');
    await openUpload();
    act(() => {
      window.dispatchEvent(new Event('focus'));
    });
    await advance(99);
    expect(screen.getByLabelText(/Choose a document for Pat Rivera/)).toBeInTheDocument();
    await advance(1);
    expect(screen.queryByLabelText(/Choose a document for Pat Rivera/)).not.toBeInTheDocument();
    // With a file chosen, the input stays.
    const input = await openUpload();
    await choose(input, new File([fixture('sample.pdf')], 'Engagement.pdf', { type: 'application/pdf' }));
    act(() => {
      window.dispatchEvent(new Event('focus'));
    });
    await advance(200);
    expect(screen.getByLabelText(/Choose a document for Pat Rivera/)).toBeInTheDocument();
  });

  it('refreshes a tooltip 350 ms after a row collapses', async () => {
    show();
    await expand('Advisor 1');
    fireEvent.click(groupToggle('Pat Rivera'));
    const long = screen.getByRole('link', { name: SHORT_NAME });
    act(() => long.focus());
    expect(screen.getByRole('tooltip')).toHaveTextContent(LONG_NAME);
    expect(long).toHaveAccessibleDescription(`${LONG_NAME}, opens in a new tab ${LONG_NAME}`);
    // A short name has no tooltip.
    act(() => screen.getByRole('link', { name: 'notes.txt' }).focus());
    expect(screen.queryByRole('tooltip')).not.toBeInTheDocument();
    act(() => long.focus());
    expect(screen.getByRole('tooltip')).toBeInTheDocument();
    fireEvent.click(groupToggle('Pat Rivera'));
    await advance(349);
    expect(screen.getByRole('tooltip')).toBeInTheDocument();
    await advance(1);
    expect(screen.queryByRole('tooltip')).not.toBeInTheDocument();
  });

  it('refuses a file of another type and a duplicate name before sending anything', async () => {
    const fetchSpy = jest.fn();
    global.fetch = fetchSpy;
    show();
    await expand('Advisor 1');
    let input = await openUpload();
    await choose(input, new File([fixture('windows-program.pdf')], 'program.pdf', { type: 'application/pdf' }));
    expect(await screen.findByRole('alertdialog')).toHaveTextContent('Please select a valid file type.');
    fireEvent.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'OK' }));
    await settle();
    await advance(500);
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    // The choice is cleared; the input stays for another try.
    expect(screen.getByRole('button', { name: 'Upload file' })).toBeDisabled();
    input = screen.getByLabelText(/Choose a document for Pat Rivera/) as HTMLInputElement;
    await choose(input, new File([fixture('sample.txt')], 'NOTES.TXT', { type: 'text/plain' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog).toHaveTextContent('Error');
    expect(dialog).toHaveTextContent('File name already exists');
    fireEvent.click(within(dialog).getByRole('button', { name: 'OK' }));
    await settle();
    expect(screen.queryByLabelText(/Choose a document for Pat Rivera/)).not.toBeInTheDocument();
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it('uploads the chosen file as newFile, shows uploading, and reloads the rows', async () => {
    let answer: (value: unknown) => void = () => {};
    const fetchSpy = jest.fn(() => new Promise((resolve) => (answer = resolve)));
    global.fetch = fetchSpy as unknown as typeof fetch;
    show();
    await expand('Advisor 1');
    const input = await openUpload();
    const file = new File([fixture('sample.pdf')], 'Engagement.pdf', { type: 'application/pdf' });
    await choose(input, file);
    fireEvent.click(screen.getByRole('button', { name: 'Upload file' }));
    await settle();
    expect(fetchSpy).toHaveBeenCalledTimes(1);
    const [url, init] = fetchSpy.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/file/adv1-plan/upload');
    expect(init.method).toBe('POST');
    expect((init.body as FormData).get('newFile')).toBeInstanceOf(File);
    expect(((init.body as FormData).get('newFile') as File).name).toBe('Engagement.pdf');
    // Uploading: the input stays even when the window regains focus.
    expect(screen.getByRole('button', { name: /Uploading/ })).toBeDisabled();
    act(() => {
      window.dispatchEvent(new Event('focus'));
    });
    await advance(150);
    expect(screen.getByLabelText(/Choose a document for Pat Rivera/)).toBeInTheDocument();
    loadClients.mockClear();
    await act(async () => answer({ ok: true, status: 200, json: async () => ({ advisors: [] }) }));
    await settle();
    expect(loadClients).toHaveBeenCalledWith({ advisor_id: 'adv1' });
    expect(await screen.findByRole('alertdialog')).toHaveTextContent('File uploaded successfully');
    expect(screen.queryByLabelText(/Choose a document for Pat Rivera/)).not.toBeInTheDocument();
  });

  it("shows the server's message when the upload is refused", async () => {
    global.fetch = jest.fn(async () => ({
      ok: false,
      status: 422,
      json: async () => ({ message: 'Files can be added only while the plan is with the attorneys.' }),
    })) as unknown as typeof fetch;
    show();
    await expand('Advisor 1');
    const input = await openUpload();
    await choose(input, new File([fixture('sample.png')], 'scan.png', { type: 'image/png' }));
    fireEvent.click(screen.getByRole('button', { name: 'Upload file' }));
    await settle();
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog).toHaveTextContent('Error');
    expect(dialog).toHaveTextContent('Files can be added only while the plan is with the attorneys.');
  });

  describe('deleting a document (admins)', () => {
    const docRow = (name: RegExp) => screen.getByRole('link', { name }).closest('li')!;
    async function openRivera(props: Partial<AdvisorsTableProps>) {
      show(props);
      await expand('Advisor 1');
      fireEvent.click(groupToggle('Pat Rivera'));
    }

    it('attorneys (no file.delete) see no Delete on any document', async () => {
      await openRivera({});
      expect(screen.getAllByRole('link', { name: /pdf|txt|jpeg/ })).toHaveLength(3);
      expect(screen.queryByRole('button', { name: /^Delete/ })).not.toBeInTheDocument();
    });

    it('admins see Delete only on documents with a creator, never on System documents', async () => {
      await openRivera({ canDeleteDocuments: true });
      expect(within(docRow(new RegExp(SHORT_NAME.replace(/[.]/g, '\\.')))).getByRole('button', { name: `Delete ${LONG_NAME}` })).toBeInTheDocument();
      expect(within(docRow(/notes\.txt/)).queryByRole('button')).not.toBeInTheDocument();
      expect(within(docRow(/photo\.jpeg/)).queryByRole('button')).not.toBeInTheDocument();
      expect(screen.getAllByRole('button', { name: /^Delete/ })).toHaveLength(1);
    });

    it('asks first, naming the file; Cancel calls nothing', async () => {
      const fetchSpy = jest.fn();
      global.fetch = fetchSpy;
      await openRivera({ canDeleteDocuments: true });
      fireEvent.click(screen.getByRole('button', { name: `Delete ${LONG_NAME}` }));
      const dialog = await screen.findByRole('alertdialog');
      expect(dialog).toHaveTextContent('Delete document?');
      expect(dialog).toHaveTextContent(`“${LONG_NAME}” will be removed`);
      fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
      await settle();
      expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
      expect(fetchSpy).not.toHaveBeenCalled();
    });

    it('confirmed: calls the delete route, reloads the rows, then says File removed successfully', async () => {
      const fetchSpy = jest.fn(async () => ({ ok: true, status: 200, json: async () => ({ message: 'File removed successfully', advisors: [] }) }));
      global.fetch = fetchSpy as unknown as typeof fetch;
      await openRivera({ canDeleteDocuments: true });
      loadClients.mockClear();
      fireEvent.click(screen.getByRole('button', { name: `Delete ${LONG_NAME}` }));
      fireEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Delete' }));
      await settle();
      expect(fetchSpy).toHaveBeenCalledTimes(1);
      const [url, init] = fetchSpy.mock.calls[0] as unknown as [string, RequestInit];
      expect(url).toBe('/api/file/adv1-plan/adv1-f1/delete');
      expect(init.method).toBe('DELETE');
      expect(loadClients).toHaveBeenCalledWith({ advisor_id: 'adv1' });
      const dialog = await screen.findByRole('alertdialog');
      expect(dialog).toHaveTextContent('Success');
      expect(dialog).toHaveTextContent('File removed successfully');
    });

    it("a refused delete shows the server's message and reloads nothing", async () => {
      global.fetch = jest.fn(async () => ({
        ok: false,
        status: 403,
        json: async () => ({ message: 'This document was created by the System and cannot be removed.' }),
      })) as unknown as typeof fetch;
      await openRivera({ canDeleteDocuments: true });
      loadClients.mockClear();
      fireEvent.click(screen.getByRole('button', { name: `Delete ${LONG_NAME}` }));
      fireEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Delete' }));
      await settle();
      const dialog = await screen.findByRole('alertdialog');
      expect(dialog).toHaveTextContent('Error');
      expect(dialog).toHaveTextContent('cannot be removed');
      expect(loadClients).not.toHaveBeenCalled();
    });
  });

  it('a client row opens client-info, and on return its document group expands about 500 ms later', async () => {
    const first = show();
    await expand('Advisor 1');
    const link = screen.getByRole('link', { name: 'Pat Rivera' });
    expect(link).toHaveAttribute('href', '/client-info/adv1-rivera');
    link.addEventListener('click', (event) => event.preventDefault());
    fireEvent.click(link);
    expect(JSON.parse(window.sessionStorage.getItem(RETURN_KEY)!)).toMatchObject({ advisor: 'adv1', client: 'adv1-rivera' });
    first.unmount();

    // Back on the dashboard: the advisor reopens, then the client's group 500 ms later.
    loadClients.mockClear();
    show();
    await advance(0);
    await settle();
    expect(loadClients).toHaveBeenCalledWith({ advisor_id: 'adv1' });
    expect(groupToggle('Pat Rivera')).toHaveAttribute('aria-expanded', 'false');
    await advance(499);
    expect(groupToggle('Pat Rivera')).toHaveAttribute('aria-expanded', 'false');
    await advance(1);
    expect(groupToggle('Pat Rivera')).toHaveAttribute('aria-expanded', 'true');
    expect(groupToggle('Jordan Blake')).toHaveAttribute('aria-expanded', 'false');
    // Used once: a later visit starts closed.
    expect(window.sessionStorage.getItem(RETURN_KEY)).toBeNull();
  });
});
