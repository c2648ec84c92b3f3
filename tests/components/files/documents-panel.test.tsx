import { render, screen } from '@testing-library/react';
import { DocumentsPanel } from '@/components/files/documents-panel';
import { CallProvider } from '@/components/ui/call-provider';
import type { DocumentView } from '@/lib/files/document-view';

jest.mock('next/navigation', () => ({ useRouter: () => ({ push: jest.fn(), refresh: jest.fn() }) }));

const doc: DocumentView = {
  hash: 'h1',
  planHash: 'p1',
  name: 'Trust.pdf',
  contentType: 'application/pdf',
  createdBy: 'Dana Whitfield',
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
  it('speaks to the household’s client: Your documents, ready to open', () => {
    renderPanel({ documents: [doc], forClient: true, uploadPlanHash: null });
    expect(screen.getByRole('heading', { level: 2, name: 'Your documents' })).toBeInTheDocument();
    expect(screen.getByText(/Your documents are ready/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Upload document/ })).not.toBeInTheDocument();
  });

  it('offers the upload to those who may add a document now', () => {
    renderPanel({ documents: [], forClient: false, uploadPlanHash: 'p1', subject: 'Pat Rivera' });
    expect(screen.getByRole('heading', { level: 2, name: 'Documents' })).toBeInTheDocument();
    expect(screen.getByText('No documents yet.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Upload document for Pat Rivera' })).toBeInTheDocument();
  });

  it('is absent while there is nothing to show and nothing to add', () => {
    const { container } = renderPanel({ documents: [], forClient: true, uploadPlanHash: null });
    expect(container).toBeEmptyDOMElement();
  });
});
