import { eq } from 'drizzle-orm';
import fs from 'node:fs';
import path from 'node:path';
import { DELETE as deleteRoute } from '@/app/api/file/[planHash]/[fileHash]/delete/route';
import { GET as viewRoute } from '@/app/api/file/[planHash]/[fileHash]/view/get/route';
import { POST as uploadRoute } from '@/app/api/file/[planHash]/upload/route';
import { db } from '@/db';
import * as t from '@/db/schema';
import type { EstatePlanStatus } from '@/db/schema';
import { localUploadsDir } from '@/lib/files/local-store';
import { storeFor } from '@/lib/files/store';
import { DOCUMENT_VIEW_CSP } from '@/lib/files/view-headers';
import { PEER_HEADER } from '@/lib/http/request';
import { uploadTargets } from '@/lib/files/queries';
import { listDocumentPage } from '@/lib/files/document-page';
import { loadIntake } from '@/lib/intake/load';
import { loadLegacyClientExtras } from '@/lib/legacy/client-extras';
import type { LegacyAdvisor } from '@/lib/legacy/document-shapes';
import { actorOf, ctxOf } from '../helpers/context';
import { resetDatabase } from '../helpers/db';
import { makeAdvisor, makeFirm, makeHousehold, makeUser } from '../helpers/factories';
import { signInAs, signOut } from '../helpers/session';
import { databaseFingerprint } from '../helpers/world';

/* The document routes (platform spec §7): upload, view, delete, with the abuse cases of issue 20. */

const fixture = (name: string) => new Uint8Array(fs.readFileSync(path.join(__dirname, '../fixtures/files', name)));
const PDF = fixture('sample.pdf');

type Answer = Record<string, unknown> & { message?: string };

async function upload(planHash: string, file: File | string | null, headers: Record<string, string> = {}) {
  const form = new FormData();
  if (file !== null) form.append('newFile', file);
  const request = new Request(`http://localhost:3000/api/file/${planHash}/upload`, {
    method: 'POST',
    body: form,
    headers: { [PEER_HEADER]: '203.0.113.77', ...headers },
  });
  const response = await uploadRoute(request, { params: Promise.resolve({ planHash }) });
  return { status: response.status, body: (await response.json()) as Answer };
}

async function view(planHash: string, fileHash: string) {
  const request = new Request(`http://localhost:3000/api/file/${planHash}/${fileHash}/view/get`, { headers: { [PEER_HEADER]: '203.0.113.78' } });
  return viewRoute(request, { params: Promise.resolve({ planHash, fileHash }) });
}

async function remove(planHash: string, fileHash: string) {
  const request = new Request(`http://localhost:3000/api/file/${planHash}/${fileHash}/delete`, {
    method: 'DELETE',
    headers: { [PEER_HEADER]: '203.0.113.79' },
  });
  const response = await deleteRoute(request, { params: Promise.resolve({ planHash, fileHash }) });
  return { status: response.status, body: (await response.json()) as Answer };
}

const pdfFile = (name = 'Trust Agreement.pdf', bytes: Uint8Array = PDF, type = 'application/pdf') => new File([new Uint8Array(bytes)], name, { type });

/** The names in the uploads folder (the local store's keys). */
function storedKeys(): string[] {
  const dir = localUploadsDir();
  return fs.existsSync(dir) ? fs.readdirSync(dir).sort() : [];
}

async function setup(status: EstatePlanStatus = 'preparing') {
  const firm = await makeFirm();
  const advisor = await makeAdvisor({ firmId: firm.id });
  const household = await makeHousehold(advisor.advisor.id, { spouse: true });
  const other = await makeHousehold(advisor.advisor.id);
  const [plan] = await db.insert(t.estatePlans).values({ clientId: household.client.id, status }).returning();
  const [otherPlan] = await db.insert(t.estatePlans).values({ clientId: other.client.id, status: 'preparing' }).returning();
  const attorney = await makeUser({ isLegal: true });
  const admin = await makeUser({ isAdmin: true });
  return { firm, advisor, household, other, plan, otherPlan, attorney, admin };
}

beforeEach(async () => {
  await resetDatabase();
  fs.rmSync(localUploadsDir(), { recursive: true, force: true });
  signOut();
});

describe('POST /api/file/{planHash}/upload', () => {
  it('stores an attorney’s PDF under a random key, audits it, and answers the advisors data with the file', async () => {
    const w = await setup();
    await signInAs(w.attorney.user);
    const { status, body } = await upload(w.plan.hash, pdfFile());
    expect(status).toBe(200);
    expect(body.message).toBe('File uploaded successfully');

    const [row] = await db.select().from(t.files);
    expect(row).toMatchObject({ estatePlanId: w.plan.id, name: 'Trust Agreement.pdf', contentType: 'application/pdf', size: PDF.byteLength, storage: 'local' });
    expect(row.createdByUserId).toBe(w.attorney.user.id);
    expect(row.storageKey).not.toContain('Trust');
    expect(storedKeys()).toEqual([row.storageKey]);
    expect(Buffer.compare(Buffer.from(await storeFor('local').get(row.storageKey)), Buffer.from(PDF))).toBe(0);

    const [entry] = await db.select().from(t.auditLog).where(eq(t.auditLog.action, 'file.upload'));
    expect(entry).toMatchObject({ actorUserId: w.attorney.user.id, impersonatorUserId: null, targetType: 'file', targetId: row.id, ip: '203.0.113.77' });

    const advisors = body.advisors as LegacyAdvisor[];
    expect(advisors).toHaveLength(1);
    expect(advisors[0]).toMatchObject({ hash: w.advisor.advisor.hash, firms: [{ id: w.firm.hash, name: w.firm.name }] });
    expect(advisors[0].clients).toHaveLength(1);
    const client = advisors[0].clients[0];
    expect(client.hash).toBe(w.household.client.hash);
    expect(client.spouse?.hash).toBe(w.household.spouse!.client.hash);
    expect(client.estate_plans).toEqual([
      expect.objectContaining({
        hash: w.plan.hash,
        status: 'preparing',
        status_full: 'Under Attorney Review',
        files: [
          {
            id: row.hash,
            hash: row.hash,
            name: 'Trust Agreement.pdf',
            updated_at: row.createdAt.toISOString(),
            created_by: { person: { name: { full: expect.any(String) } } },
          },
        ],
      }),
    ]);
    expect(body.file).toEqual({ hash: row.hash, name: 'Trust Agreement.pdf' });
  });

  it('lets the household’s advisory side and admins upload; clients, other advisors and guests are refused with nothing stored', async () => {
    const w = await setup();
    const outsider = await makeAdvisor();
    const cases: [string, (() => Promise<void>) | null, number][] = [
      ['guest', null, 401],
      ['client', () => signInAs(w.household.user), 403],
      ['other advisor', () => signInAs(outsider.user), 404],
    ];
    for (const [, signIn, expected] of cases) {
      if (signIn) await signIn();
      else signOut();
      const before = await databaseFingerprint();
      const { status } = await upload(w.plan.hash, pdfFile());
      expect(status).toBe(expected);
      expect(await databaseFingerprint()).toEqual(before);
      expect(storedKeys()).toEqual([]);
    }
    await signInAs(w.advisor.user);
    expect((await upload(w.plan.hash, pdfFile('From the advisor.pdf'))).status).toBe(200);
    await signInAs(w.admin.user);
    expect((await upload(w.plan.hash, pdfFile('From the admin.pdf'))).status).toBe(200);
    expect(storedKeys()).toHaveLength(2);
  });

  it('refuses a plan outside the attorney-stage statuses with a clear 409, storing nothing', async () => {
    const w = await setup('paid');
    await signInAs(w.attorney.user);
    const before = await databaseFingerprint();
    const { status, body } = await upload(w.plan.hash, pdfFile());
    expect(status).toBe(409);
    expect(body.message).toMatch(/only once the trust is with the attorneys/);
    expect(await databaseFingerprint()).toEqual(before);
    expect(storedKeys()).toEqual([]);
  });

  it('refuses a name already on the plan, compared case-insensitively: File name already exists', async () => {
    const w = await setup();
    await signInAs(w.attorney.user);
    expect((await upload(w.plan.hash, pdfFile('Trust Agreement.pdf'))).status).toBe(200);
    const keys = storedKeys();
    const before = await databaseFingerprint();
    const { status, body } = await upload(w.plan.hash, pdfFile('TRUST agreement.PDF'));
    expect({ status, message: body.message }).toEqual({ status: 422, message: 'File name already exists' });
    expect(await databaseFingerprint()).toEqual(before);
    expect(storedKeys()).toEqual(keys);
    // The same name on another household's plan is fine.
    expect((await upload(w.otherPlan.hash, pdfFile('Trust Agreement.pdf'))).status).toBe(200);
  });

  it('keeps only the last part of a plain folder path (as old browsers sent) and strips bidirectional controls', async () => {
    const w = await setup();
    await signInAs(w.attorney.user);
    expect((await upload(w.plan.hash, pdfFile('C:\\fakepath\\Final\u202E Trust.pdf'))).status).toBe(200);
    expect((await db.select({ name: t.files.name }).from(t.files)).map((r) => r.name)).toEqual(['Final Trust.pdf']);
  });

  it('keeps the quotes of a name (browsers send them as %22)', async () => {
    const w = await setup();
    await signInAs(w.attorney.user);
    expect((await upload(w.plan.hash, pdfFile('The "Final" Trust.pdf'))).status).toBe(200);
    expect((await db.select({ name: t.files.name }).from(t.files)).map((r) => r.name)).toEqual(['The "Final" Trust.pdf']);
  });

  it('streams the file to a temporary file in the uploads folder as it arrives, then moves it into place (issue 26)', async () => {
    const w = await setup();
    await signInAs(w.attorney.user);
    const MB = 1024 * 1024;
    const boundary = 'trustwell-stream';
    const utf8 = (text: string) => new TextEncoder().encode(text);
    const pieces = [
      utf8(`--${boundary}\r\nContent-Disposition: form-data; name="newFile"; filename="Big Trust.pdf"\r\nContent-Type: application/pdf\r\n\r\n%PDF-1.4\n`),
      ...Array.from({ length: 4 }, () => new Uint8Array(MB).fill(0x25)),
    ];
    const rest = utf8(`\n%%EOF\n\r\n--${boundary}--\r\n`);
    let finish!: () => void;
    const held = new Promise<void>((resolve) => (finish = resolve));
    const body = new ReadableStream<Uint8Array>(
      {
        async pull(controller) {
          const next = pieces.shift();
          if (next) return controller.enqueue(next);
          await held; // the rest of the body waits until the test has looked at the uploads folder
          controller.enqueue(rest);
          controller.close();
        },
      },
      { highWaterMark: 0 },
    );
    const request = new Request(`http://localhost:3000/api/file/${w.plan.hash}/upload`, {
      method: 'POST',
      body,
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, [PEER_HEADER]: '203.0.113.77' },
      duplex: 'half',
    } as RequestInit);
    const answer = uploadRoute(request, { params: Promise.resolve({ planHash: w.plan.hash }) });

    // Before the body has ended, the 4 MB sent so far are on disk, in a waiting file of mode 600.
    const waiting = () => storedKeys().filter((name) => name.startsWith('.incoming-'));
    const onDisk = () => waiting().reduce((sum, name) => sum + fs.statSync(path.join(localUploadsDir(), name)).size, 0);
    for (const deadline = Date.now() + 10_000; onDisk() < 4 * MB && Date.now() < deadline;) await new Promise((r) => setTimeout(r, 20));
    expect(waiting()).toHaveLength(1);
    expect(onDisk()).toBeGreaterThanOrEqual(4 * MB);
    expect(fs.statSync(path.join(localUploadsDir(), waiting()[0])).mode & 0o777).toBe(0o600);
    finish();

    const response = await answer;
    expect(response.status).toBe(200);
    const [row] = await db.select().from(t.files);
    const size = 9 + 4 * MB + 7; // '%PDF-1.4\n', the filler, '\n%%EOF\n'
    expect(row).toMatchObject({ name: 'Big Trust.pdf', contentType: 'application/pdf', size });
    // Moved into place under its key; nothing waits any more.
    expect(storedKeys()).toEqual([row.storageKey]);
    expect(fs.statSync(path.join(localUploadsDir(), row.storageKey)).size).toBe(size);
  });

  it('two uploads of one name at once: one is stored, the other refused and its bytes removed', async () => {
    const w = await setup();
    await signInAs(w.attorney.user);
    const answers = await Promise.all([upload(w.plan.hash, pdfFile('Same.pdf')), upload(w.plan.hash, pdfFile('same.PDF'))]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 422]);
    expect(answers.find((a) => a.status === 422)!.body.message).toBe('File name already exists');
    const rows = await db.select().from(t.files);
    expect(rows).toHaveLength(1);
    expect(storedKeys()).toEqual([rows[0].storageKey]);
  });

  describe('abuse: each refused, nothing stored', () => {
    const cases: [string, () => File | string | null, number, string | RegExp][] = [
      ['a renamed executable (ELF named .pdf)', () => pdfFile('program.pdf', fixture('elf-program.pdf')), 422, 'Please select a valid file type.'],
      ['a Windows program named .pdf', () => pdfFile('setup.pdf', fixture('windows-program.pdf')), 422, 'Please select a valid file type.'],
      ['an HTML body with a PDF header', () => pdfFile('page.pdf', fixture('html-with-pdf-header.pdf')), 422, 'Please select a valid file type.'],
      ['a PDF declared as text', () => pdfFile('trust.pdf', PDF, 'text/plain'), 422, 'Please select a valid file type.'],
      ['text with NUL named .txt', () => pdfFile('notes.txt', fixture('with-nul.txt'), 'text/plain'), 422, 'Please select a valid file type.'],
      ['a ../ path in the name', () => pdfFile('../../etc/trust.pdf'), 422, /file name is not valid/],
      ['a ..\\ path in the name', () => pdfFile('C:\\docs\\..\\trust.pdf'), 422, /file name is not valid/],
      ['a line feed in the name (sent as %0A)', () => pdfFile('trust\n.pdf'), 422, /file name is not valid/],
      // A NUL cannot stand in a multipart part's header at all: the body is malformed (400) before any name rule.
      ['a NUL in the name', () => pdfFile('trust\u0000.pdf'), 400, 'The form data could not be read.'],
      ['an empty file', () => pdfFile('empty.pdf', new Uint8Array()), 422, 'The selected file is empty.'],
      ['no file, a text field instead', () => 'not a file', 422, 'Please select a file to upload.'],
      ['no newFile field at all', () => null, 422, 'Please select a file to upload.'],
    ];
    it.each(cases)('%s', async (_name, make, expected, message) => {
      const w = await setup();
      await signInAs(w.attorney.user);
      const before = await databaseFingerprint();
      const { status, body } = await upload(w.plan.hash, make());
      expect(status).toBe(expected);
      expect(body.message).toEqual(typeof message === 'string' ? message : expect.stringMatching(message));
      expect(await databaseFingerprint()).toEqual(before);
      expect(storedKeys()).toEqual([]);
    });

    it('25 MB: 413 from the declared length, before the body is read', async () => {
      const w = await setup();
      await signInAs(w.attorney.user);
      let pulled = 0;
      const body = new ReadableStream<Uint8Array>({
        pull(controller) {
          pulled += 1;
          controller.enqueue(new Uint8Array(1024 * 1024));
          if (pulled >= 25) controller.close();
        },
      });
      const request = new Request(`http://localhost:3000/api/file/${w.plan.hash}/upload`, {
        method: 'POST',
        body,
        headers: { 'content-type': 'multipart/form-data; boundary=x', 'content-length': String(25 * 1024 * 1024) },
        duplex: 'half',
      } as RequestInit);
      const before = await databaseFingerprint();
      const response = await uploadRoute(request, { params: Promise.resolve({ planHash: w.plan.hash }) });
      expect(response.status).toBe(413);
      expect(pulled).toBeLessThanOrEqual(1);
      expect(await databaseFingerprint()).toEqual(before);
      expect(storedKeys()).toEqual([]);
    });

    it('25 MB without a declared length: 413 once the count passes 20 MB, without reading the rest', async () => {
      const w = await setup();
      await signInAs(w.attorney.user);
      let pulled = 0;
      const body = new ReadableStream<Uint8Array>({
        pull(controller) {
          pulled += 1;
          controller.enqueue(new Uint8Array(1024 * 1024));
          if (pulled >= 25) controller.close();
        },
      });
      const request = new Request(`http://localhost:3000/api/file/${w.plan.hash}/upload`, {
        method: 'POST',
        body,
        headers: { 'content-type': 'multipart/form-data; boundary=x' },
        duplex: 'half',
      } as RequestInit);
      const response = await uploadRoute(request, { params: Promise.resolve({ planHash: w.plan.hash }) });
      expect(response.status).toBe(413);
      expect(pulled).toBeLessThan(25);
      expect(storedKeys()).toEqual([]);
      expect(await db.select().from(t.files)).toEqual([]);
    });
  });
});

describe('GET /api/file/{planHash}/{fileHash}/view/get', () => {
  async function withDocument() {
    const w = await setup();
    await signInAs(w.attorney.user);
    expect((await upload(w.plan.hash, pdfFile())).status).toBe(200);
    const [row] = await db.select().from(t.files);
    return { ...w, file: row };
  }

  it('answers the bytes with the detected type, nosniff, as an attachment (a PDF never opens in the browser’s viewer), the sandbox policy and no caching', async () => {
    const w = await withDocument();
    await signInAs(w.household.spouse!.user);
    const response = await view(w.plan.hash, w.file.hash);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/pdf');
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('content-disposition')).toBe('attachment; filename="Trust Agreement.pdf"');
    expect(response.headers.get('content-security-policy')).toBe(DOCUMENT_VIEW_CSP);
    expect(response.headers.get('cache-control')).toBe('private, no-store');
    expect(Buffer.compare(Buffer.from(await response.arrayBuffer()), Buffer.from(PDF))).toBe(0);
    // The household's own view is not audited; staff's views are.
    expect(await db.select().from(t.auditLog).where(eq(t.auditLog.action, 'file.view'))).toEqual([]);
    await signInAs(w.advisor.user);
    expect((await view(w.plan.hash, w.file.hash)).status).toBe(200);
    const views = await db.select().from(t.auditLog).where(eq(t.auditLog.action, 'file.view'));
    expect(views).toEqual([expect.objectContaining({ actorUserId: w.advisor.user.id, targetId: w.file.id, ip: '203.0.113.78' })]);
  });

  it('serves text as an attachment in UTF-8', async () => {
    const w = await setup();
    await signInAs(w.attorney.user);
    expect((await upload(w.plan.hash, pdfFile('Notes.txt', fixture('script.txt'), 'text/plain'))).status).toBe(200);
    const [row] = await db.select().from(t.files);
    const response = await view(w.plan.hash, row.hash);
    expect(response.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    expect(response.headers.get('content-disposition')).toBe('attachment; filename=Notes.txt');
  });

  it('another household’s document is 404, through either plan, for its people and their advisor alike', async () => {
    const w = await withDocument();
    await signInAs(w.other.user);
    expect((await view(w.plan.hash, w.file.hash)).status).toBe(404);
    expect((await view(w.otherPlan.hash, w.file.hash)).status).toBe(404);
    // Even the advisor of both households cannot open a file through the wrong plan.
    await signInAs(w.advisor.user);
    expect((await view(w.otherPlan.hash, w.file.hash)).status).toBe(404);
    const outsider = await makeAdvisor();
    await signInAs(outsider.user);
    expect((await view(w.plan.hash, w.file.hash)).status).toBe(404);
  });
});

describe('DELETE /api/file/{planHash}/{fileId}/delete', () => {
  it('an admin removes a file with a creator: the row, then the bytes; audited; File removed successfully', async () => {
    const w = await setup();
    await signInAs(w.attorney.user);
    expect((await upload(w.plan.hash, pdfFile())).status).toBe(200);
    const [row] = await db.select().from(t.files);
    await signInAs(w.admin.user);
    const { status, body } = await remove(w.plan.hash, row.hash);
    expect(status).toBe(200);
    expect(body.message).toBe('File removed successfully');
    expect((body.advisors as LegacyAdvisor[])[0].clients[0].estate_plans[0].files).toEqual([]);
    expect(await db.select().from(t.files)).toEqual([]);
    expect(storedKeys()).toEqual([]);
    const [entry] = await db.select().from(t.auditLog).where(eq(t.auditLog.action, 'file.delete'));
    expect(entry).toMatchObject({ actorUserId: w.admin.user.id, targetId: row.id, ip: '203.0.113.79' });
    // Gone: a second delete and a view are 404.
    expect((await remove(w.plan.hash, row.hash)).status).toBe(404);
    expect((await view(w.plan.hash, row.hash)).status).toBe(404);
  });

  it('a System file (no creator) stays: 403, nothing written', async () => {
    const w = await setup();
    const stored = await storeFor('local').put(PDF, { name: 'System.pdf', contentType: 'application/pdf' });
    const [row] = await db
      .insert(t.files)
      .values({ estatePlanId: w.plan.id, name: 'System.pdf', contentType: 'application/pdf', size: PDF.byteLength, storage: 'local', storageKey: stored.key })
      .returning();
    await signInAs(w.admin.user);
    const before = await databaseFingerprint();
    const { status, body } = await remove(w.plan.hash, row.hash);
    expect(status).toBe(403);
    expect(body.message).toMatch(/System/);
    expect(await databaseFingerprint()).toEqual(before);
    expect(storedKeys()).toEqual([stored.key]);
  });

  it('only admins: attorneys, advisors and an admin acting as the advisor are refused', async () => {
    const w = await setup();
    await signInAs(w.attorney.user);
    expect((await upload(w.plan.hash, pdfFile())).status).toBe(200);
    const [row] = await db.select().from(t.files);
    for (const signIn of [() => signInAs(w.attorney.user), () => signInAs(w.advisor.user), () => signInAs(w.advisor.user, w.admin.user)]) {
      await signIn();
      expect((await remove(w.plan.hash, row.hash)).status).toBe(403);
    }
    await signInAs(w.admin.user);
    expect((await remove(w.otherPlan.hash, row.hash)).status).toBe(404);
    expect(await db.select().from(t.files)).toHaveLength(1);
  });
});

describe('listDocumentPage', () => {
  it('lists the household’s documents newest first with creator or System, for those whose scope reaches it', async () => {
    const w = await setup();
    const stored = await storeFor('local').put(PDF, { name: 'x', contentType: 'application/pdf' });
    await db.insert(t.files).values({
      estatePlanId: w.plan.id,
      name: 'Engagement Letter.pdf',
      contentType: 'application/pdf',
      size: PDF.byteLength,
      storage: 'local',
      storageKey: stored.key,
      createdAt: new Date('2026-01-02T12:00:00Z'),
    });
    await signInAs(w.attorney.user);
    expect((await upload(w.plan.hash, pdfFile('Final Trust.pdf'))).status).toBe(200);
    const household = { householdHash: w.household.household.hash };
    const clientView = (await listDocumentPage(ctxOf(await actorOf(w.household.user)), household)).documents;
    expect(clientView.map((d) => [d.name, d.createdBy === null ? 'System' : 'someone', d.removable])).toEqual([
      ['Final Trust.pdf', 'someone', true],
      ['Engagement Letter.pdf', 'System', false],
    ]);
    expect(clientView[1].dateText).toBe('01/02/2026');
    expect(clientView[0].viewPath).toBe(`/api/file/${w.plan.hash}/${clientView[0].hash}/view/get`);
    expect((await listDocumentPage(ctxOf(await actorOf(w.other.user)), household)).documents).toEqual([]);
    expect((await listDocumentPage(ctxOf(await actorOf((await makeAdvisor()).user)), household)).total).toBe(0);
  });
});

describe('uploadTargets (the dashboard’s upload control)', () => {
  it('names the latest attorney-stage plan of each listed household, with its names, for those who may upload', async () => {
    const w = await setup();
    await signInAs(w.attorney.user);
    expect((await upload(w.plan.hash, pdfFile('Final Trust.pdf'))).status).toBe(200);
    // A newer plan in a client-stage status takes no upload; an older one does not count.
    const third = await makeHousehold(w.advisor.advisor.id);
    await db.insert(t.estatePlans).values({ clientId: third.client.id, status: 'preparing', createdAt: new Date('2025-01-01T00:00:00Z') });
    await db.insert(t.estatePlans).values({ clientId: third.client.id, status: 'incomplete' });
    const ids = [w.household.client.id, w.other.client.id, third.client.id];

    const forAdvisor = await uploadTargets(ctxOf(await actorOf(w.advisor.user)), ids);
    expect([...forAdvisor.entries()].sort((a, b) => a[0] - b[0])).toEqual([
      [w.household.client.id, { planHash: w.plan.hash, existingNames: ['Final Trust.pdf'] }],
      [w.other.client.id, { planHash: w.otherPlan.hash, existingNames: [] }],
    ]);
    expect((await uploadTargets(ctxOf(await actorOf(w.household.user)), ids)).size).toBe(0);
    expect((await uploadTargets(ctxOf(await actorOf((await makeAdvisor()).user)), ids)).size).toBe(0);
  });
});

describe('the intake answers’ client object', () => {
  it('lists each plan’s files in the spec’s File shape (created_by absent for System)', async () => {
    const w = await setup();
    const stored = await storeFor('local').put(PDF, { name: 'x', contentType: 'application/pdf' });
    const [system] = await db
      .insert(t.files)
      .values({ estatePlanId: w.plan.id, name: 'Letter.pdf', contentType: 'application/pdf', size: PDF.byteLength, storage: 'local', storageKey: stored.key })
      .returning();
    await signInAs(w.attorney.user);
    expect((await upload(w.plan.hash, pdfFile('Signed.pdf'))).status).toBe(200);
    const [signed] = await db.select().from(t.files).where(eq(t.files.name, 'Signed.pdf'));
    const ctx = ctxOf(await actorOf(w.household.user));
    const extras = await loadLegacyClientExtras(ctx, await loadIntake(ctx, w.household.client.hash));
    expect(extras.estatePlans).toHaveLength(1);
    expect(extras.estatePlans[0].files).toEqual([
      {
        id: signed.hash,
        hash: signed.hash,
        name: 'Signed.pdf',
        updated_at: signed.createdAt.toISOString(),
        created_by: { person: { name: { full: expect.stringMatching(/\S/) } } },
      },
      { id: system.hash, hash: system.hash, name: 'Letter.pdf', updated_at: system.createdAt.toISOString() },
    ]);
  });
});
