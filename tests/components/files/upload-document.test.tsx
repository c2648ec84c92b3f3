import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import fs from 'node:fs';
import path from 'node:path';
import { DocumentList } from '@/components/files/document-list';
import { UploadDocument } from '@/components/files/upload-document';
import { CallProvider } from '@/components/ui/call-provider';
import type { DocumentView } from '@/lib/files/document-view';

/*
 * The upload control: the browser-side checks (the server's own rules, on the chosen file's real bytes), the
 * multipart call it makes, and the spec's dialogs. The network is the boundary: fetch answers as the upload
 * route does (tests/integration/document-routes.test.ts checks the route itself).
 */

const fixture = (name: string) => fs.readFileSync(path.join(__dirname, '../../fixtures/files', name));
const file = (fixtureName: string, name: string, type: string) => new File([new Uint8Array(fixture(fixtureName))], name, { type });

const answer = { message: 'File uploaded successfully', file: { hash: 'f1', name: 'Trust.pdf' }, advisors: [] };
let fetchMock: jest.Mock;
/** What fetch resolves to (jsdom has no Response): the status and the JSON body the route answers. */
const reply = (body: unknown, status = 200) => ({ ok: status >= 200 && status < 300, status, json: async () => body });

beforeEach(() => {
  fetchMock = jest.fn(async () => reply(answer));
  global.fetch = fetchMock as unknown as typeof fetch;
});

function setup(props: Partial<Parameters<typeof UploadDocument>[0]> = {}) {
  const onUploaded = jest.fn();
  const user = userEvent.setup({ applyAccept: false });
  render(
    <CallProvider>
      <UploadDocument planHash="PlanHash123" onUploaded={onUploaded} subject="Pat Rivera" {...props} />
    </CallProvider>,
  );
  return { user, onUploaded };
}

async function open(user: ReturnType<typeof userEvent.setup>) {
  await user.click(screen.getByRole('button', { name: 'Upload document for Pat Rivera' }));
  return screen.getByLabelText(/Choose a document for Pat Rivera/);
}

async function dialog() {
  return screen.findByRole('alertdialog');
}

describe('UploadDocument', () => {
  it('sends a valid PDF as multipart newFile to the plan’s upload route, then says so and hands over the answer', async () => {
    const { user, onUploaded } = setup();
    const input = await open(user);
    expect(input).toHaveAttribute('accept', expect.stringContaining('application/pdf'));
    await user.upload(input, file('sample.pdf', 'Trust.pdf', 'application/pdf'));
    await user.click(await screen.findByRole('button', { name: 'Upload Trust.pdf for Pat Rivera' }));

    const success = await dialog();
    expect(within(success).getByText('File uploaded successfully')).toBeInTheDocument();
    expect(fetchMock).toHaveBeenCalledTimes(1);
    const [url, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(url).toBe('/api/file/PlanHash123/upload');
    expect(init.method).toBe('POST');
    const sent = (init.body as FormData).get('newFile') as File;
    expect(sent.name).toBe('Trust.pdf');
    await user.click(within(success).getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(onUploaded).toHaveBeenCalledWith(answer));
    // Back to the closed state, ready for another document.
    expect(screen.getByRole('button', { name: 'Upload document for Pat Rivera' })).toBeInTheDocument();
  });

  it('opens the app’s file control, focused: the kit’s button as its label, the types as its hint, the chosen name beside it', async () => {
    const { user } = setup();
    const input = await open(user);
    // The native input stays (keyboard, screen readers, the picker); the browser's own look does not show.
    expect(input).toHaveAttribute('type', 'file');
    expect(input).toHaveFocus();
    const label = document.querySelector(`label[for="${input.id}"]`)!;
    expect(label).toHaveTextContent('Choose a document for Pat Rivera');
    expect(label.className).toContain('button');
    expect(label.className).toContain('secondary');
    expect(input).toHaveAccessibleDescription('No file chosen PDF, text, JPEG or PNG, at most 20 MB');
    await user.upload(input, file('sample.pdf', 'Trust.pdf', 'application/pdf'));
    await screen.findByRole('button', { name: 'Upload Trust.pdf for Pat Rivera' });
    expect(input).toHaveAccessibleDescription('Trust.pdf PDF, text, JPEG or PNG, at most 20 MB');
  });

  it.each([
    ['a renamed executable', 'elf-program.pdf', 'trust.pdf', 'application/pdf'],
    ['an HTML page with a PDF header', 'html-with-pdf-header.pdf', 'page.pdf', 'application/pdf'],
    ['a PNG named .jpg', 'sample.png', 'photo.jpg', 'image/jpeg'],
  ])('refuses %s with the spec’s message and clears the choice, sending nothing', async (_label, fixtureName, name, type) => {
    const { user, onUploaded } = setup();
    const input = (await open(user)) as HTMLInputElement;
    await user.upload(input, file(fixtureName, name, type));
    const error = await dialog();
    expect(within(error).getByText('Error')).toBeInTheDocument();
    expect(within(error).getByText('Please select a valid file type.')).toBeInTheDocument();
    await user.click(within(error).getByRole('button', { name: 'OK' }));
    expect((screen.getByLabelText(/Choose a document/) as HTMLInputElement).value).toBe('');
    expect(screen.queryByRole('button', { name: /^Upload .*\.(pdf|jpg)/ })).not.toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
    expect(onUploaded).not.toHaveBeenCalled();
  });

  it('refuses a name already on the plan (any case): File name already exists, titled Error, and the input closes', async () => {
    const { user } = setup({ existingNames: ['Trust.pdf'] });
    await user.upload(await open(user), file('sample.pdf', 'TRUST.PDF', 'application/pdf'));
    const error = await dialog();
    expect(within(error).getByText('Error')).toBeInTheDocument();
    expect(within(error).getByText('File name already exists')).toBeInTheDocument();
    await user.click(within(error).getByRole('button', { name: 'OK' }));
    expect(screen.queryByLabelText(/Choose a document/)).not.toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('shows the server’s refusal in the Error dialog and does not report an upload', async () => {
    fetchMock.mockImplementation(async () => reply({ message: 'Documents can be added only once the trust is with the attorneys.' }, 409));
    const { user, onUploaded } = setup();
    await user.upload(await open(user), file('sample.pdf', 'Trust.pdf', 'application/pdf'));
    await user.click(await screen.findByRole('button', { name: 'Upload Trust.pdf for Pat Rivera' }));
    const error = await dialog();
    expect(within(error).getByText('Error')).toBeInTheDocument();
    expect(within(error).getByText('Documents can be added only once the trust is with the attorneys.')).toBeInTheDocument();
    expect(onUploaded).not.toHaveBeenCalled();
  });

  it('Cancel closes the input without sending', async () => {
    const { user } = setup();
    await user.upload(await open(user), file('sample.pdf', 'Trust.pdf', 'application/pdf'));
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByLabelText(/Choose a document/)).not.toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });
});

describe('DocumentList', () => {
  const doc = (change: Partial<DocumentView>): DocumentView => ({
    hash: 'h1',
    planHash: 'p1',
    name: 'Trust.pdf',
    contentType: 'application/pdf',
    createdBy: 'Dana Whitfield',
    removable: true,
    createdAt: '2026-11-20T15:00:00.000Z',
    dateText: '11/20/2026',
    viewPath: '/api/file/p1/h1/view/get',
    ...change,
  });

  it('shows each document with its type icon, its name linked with the whole name in the tooltip, creator or System and date; links open in a new tab', () => {
    const long = 'Rivera Family Trust - Draft for Attorney Review.pdf';
    render(
      <DocumentList
        documents={[
          doc({ hash: 'a', name: long, viewPath: '/api/file/p1/a/view/get' }),
          doc({ hash: 'b', name: 'Engagement Letter.txt', contentType: 'text/plain', createdBy: null, removable: false, dateText: '11/01/2026' }),
          doc({ hash: 'c', name: 'photo.JPG', contentType: 'image/jpeg' }),
        ]}
      />,
    );
    const items = screen.getAllByTestId('document-item');
    expect(items).toHaveLength(3);
    // jsdom has no layout: the name is shown whole, as on a screen with room for it.
    const link = within(items[0]).getByRole('link', { name: `${long} (opens in a new tab)`, description: long });
    expect(link).toHaveAttribute('title', long);
    expect(link).toHaveAttribute('href', '/api/file/p1/a/view/get');
    expect(link).toHaveAttribute('target', '_blank');
    expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    expect(within(items[0]).getByRole('img', { name: 'PDF document' })).toBeInTheDocument();
    expect(within(items[1]).getByRole('img', { name: 'Text document' })).toBeInTheDocument();
    expect(within(items[1]).getByText('System')).toBeInTheDocument();
    expect(within(items[1]).getByText('11/01/2026')).toBeInTheDocument();
    expect(within(items[2]).getByRole('img', { name: 'Image document' })).toBeInTheDocument();
    expect(within(items[2]).getByText('Dana Whitfield')).toBeInTheDocument();
  });

  describe('a long name on a line too narrow for it', () => {
    // A layout for jsdom: every character 8 px wide, the line as wide as `lineWidth`; resizes are reported
    // to the observers by `resize`.
    let lineWidth = 0;
    const observers: Array<() => void> = [];
    const resize = (width: number) => {
      lineWidth = width;
      act(() => observers.forEach((notify) => notify()));
    };
    beforeEach(() => {
      observers.length = 0;
      jest.spyOn(HTMLElement.prototype, 'scrollWidth', 'get').mockImplementation(function (this: HTMLElement) {
        return (this.textContent ?? '').length * 8;
      });
      jest.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockImplementation(() => lineWidth);
      global.ResizeObserver = class {
        constructor(private readonly notify: () => void) {}
        observe() {
          observers.push(this.notify);
        }
        disconnect() {}
        unobserve() {}
      } as unknown as typeof ResizeObserver;
    });
    afterEach(() => {
      jest.restoreAllMocks();
      delete (global as { ResizeObserver?: unknown }).ResizeObserver;
    });

    const long = 'Rivera Family Trust - Draft for Attorney Review.pdf';
    const nameOf = () => screen.getByRole('link').firstChild!.textContent;

    it('shows it whole when it fits, the spec’s shortened form (26 + ... + 4) when it does not, and whole again when there is room', () => {
      lineWidth = long.length * 8;
      render(<DocumentList documents={[doc({ name: long })]} />);
      expect(nameOf()).toBe(long);
      resize(200);
      expect(nameOf()).toBe('Rivera Family Trust - Draf....pdf');
      // Whatever is shown, the whole name stays the tooltip and the link's description.
      expect(screen.getByRole('link', { description: long })).toHaveAttribute('title', long);
      resize(1200);
      expect(nameOf()).toBe(long);
    });

    it('starts shortened on a narrow line, and never shortens a name of 30 characters or fewer', () => {
      lineWidth = 120;
      render(<DocumentList documents={[doc({ hash: 'a', name: long }), doc({ hash: 'b', name: 'Certification of Trust.pdf' })]} />);
      const [first, second] = screen.getAllByRole('link');
      expect(first.firstChild!.textContent).toBe('Rivera Family Trust - Draf....pdf');
      expect(second.firstChild!.textContent).toBe('Certification of Trust.pdf');
    });
  });

  it('says so when there is none', () => {
    render(<DocumentList documents={[]} emptyText="Nothing shared yet." />);
    expect(screen.getByText('Nothing shared yet.')).toBeInTheDocument();
  });
});
