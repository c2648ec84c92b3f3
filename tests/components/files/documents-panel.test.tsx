import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { DocumentsPanel } from '@/components/files/documents-panel';
import { Pager } from '@/components/ui/pager';
import { CallProvider } from '@/components/ui/call-provider';
import type { DocumentView } from '@/lib/files/document-view';

const refresh = jest.fn();
jest.mock('next/navigation', () => ({ useRouter: () => ({ push: jest.fn(), refresh }) }));

const doc: DocumentView = {
  hash: 'h1',
  planHash: 'p1',
  name: 'Trust.pdf',
  contentType: 'application/pdf',
  createdBy: 'Dana Whitfield',
  removable: true,
  createdAt: '2026-11-20T15:00:00.000Z',
  dateText: '11/20/2026',
  viewPath: '/api/file/p1/h1/view/get',
};

function renderPanel(props: Parameters<typeof DocumentsPanel>[0]) {
  return render(
    <CallProvider>
      <DocumentsPanel {...props} />
    </CallProvider>,
  );
}

describe('DocumentsPanel (client-info)', () => {
  it('speaks to the household’s client: Your documents, ready to open once the status says so', () => {
    renderPanel({ documents: [doc], forClient: true, ready: true, uploadPlanHash: null });
    expect(screen.getByRole('heading', { level: 2, name: 'Your documents' })).toBeInTheDocument();
    expect(screen.getByText(/Your documents are ready/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Upload document/ })).not.toBeInTheDocument();
  });

  it('does not call documents shared before the trust is Complete ready (issue 27)', () => {
    renderPanel({ documents: [doc], forClient: true, uploadPlanHash: null });
    expect(screen.getByText(/Documents your attorney has shared with you so far\./)).toBeInTheDocument();
    expect(screen.queryByText(/ready/)).not.toBeInTheDocument();
  });

  it('offers the upload to those who may add a document now', () => {
    renderPanel({ documents: [], forClient: false, uploadPlanHash: 'p1', subject: 'Pat Rivera' });
    expect(screen.getByRole('heading', { level: 2, name: 'Documents' })).toBeInTheDocument();
    expect(screen.getByText('No documents yet.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Upload document for Pat Rivera' })).toBeInTheDocument();
  });

  it('shows a page of the documents with Previous and Next as links to the other pages (issue 32)', () => {
    const pager = <Pager label="Document pages" page={2} pageCount={12} hrefOf={(n) => `/client-info/c1?files=${n}#documents`} />;
    renderPanel({ documents: [doc], forClient: false, uploadPlanHash: null, pager });
    const nav = screen.getByRole('navigation', { name: 'Document pages' });
    expect(within(nav).getByText('Page 2 of 12')).toBeInTheDocument();
    expect(within(nav).getByRole('link', { name: 'Previous' })).toHaveAttribute('href', '/client-info/c1?files=1#documents');
    expect(within(nav).getByRole('link', { name: 'Next' })).toHaveAttribute('href', '/client-info/c1?files=3#documents');
  });

  it('is absent while there is nothing to show and nothing to add', () => {
    const { container } = renderPanel({ documents: [], forClient: true, uploadPlanHash: null });
    expect(container).toBeEmptyDOMElement();
  });
});

describe('DocumentsPanel: an admin deletes a document', () => {
  const systemDoc: DocumentView = {
    ...doc,
    hash: 'h2',
    name: 'Engagement letter.pdf',
    createdBy: null,
    removable: false,
    viewPath: '/api/file/p1/h2/view/get',
  };
  const itemOf = (name: string) => screen.getByRole('link', { name: new RegExp(name) }).closest('li')!;

  beforeEach(() => refresh.mockReset());

  it('shows Delete to admins only, and only on documents with a creator', () => {
    const { unmount } = renderPanel({ documents: [doc, systemDoc], forClient: false, uploadPlanHash: null });
    expect(screen.queryByRole('button', { name: /^Delete/ })).not.toBeInTheDocument();
    unmount();
    renderPanel({ documents: [doc, systemDoc], forClient: false, uploadPlanHash: null, canDelete: true });
    expect(within(itemOf('Trust')).getByRole('button', { name: 'Delete Trust.pdf' })).toBeInTheDocument();
    expect(within(itemOf('Engagement')).queryByRole('button')).not.toBeInTheDocument();
  });

  it('confirm → DELETE the route → the page reloads → File removed successfully', async () => {
    const fetchSpy = jest.fn(async () => ({ ok: true, status: 200, json: async () => ({ message: 'File removed successfully', advisors: [] }) }));
    global.fetch = fetchSpy as unknown as typeof fetch;
    renderPanel({ documents: [doc, systemDoc], forClient: false, uploadPlanHash: null, canDelete: true });
    fireEvent.click(screen.getByRole('button', { name: 'Delete Trust.pdf' }));
    const question = await screen.findByRole('alertdialog');
    expect(question).toHaveTextContent('“Trust.pdf” will be removed');
    // Cancel is focused (the app's confirmations); Delete goes on.
    expect(within(question).getByRole('button', { name: 'Cancel' })).toHaveFocus();
    await act(async () => fireEvent.click(within(question).getByRole('button', { name: 'Delete' })));
    const done = await screen.findByText('File removed successfully');
    expect(fetchSpy).toHaveBeenCalledWith('/api/file/p1/h1/delete', expect.objectContaining({ method: 'DELETE' }));
    expect(refresh).toHaveBeenCalledTimes(1);
    expect(done.closest('[role="alertdialog"]')).toHaveTextContent('Success');
  });
});
