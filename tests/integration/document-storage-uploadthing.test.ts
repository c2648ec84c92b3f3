import fs from 'node:fs';
import path from 'node:path';
import { StoredDocumentMissingError } from '@/lib/files/document-store';
import { UploadThingDocumentStore } from '@/lib/files/uploadthing-store';
import { startFakeUploadThing, type FakeUploadThing } from '../helpers/fake-uploadthing';

/*
 * The UploadThing adapter against a local fake of the service (tests/helpers/fake-uploadthing.ts): the real
 * SDK (uploadthing 7.7.4's UTApi) makes the requests; the fake checks their signatures and records them.
 */

const fixture = (name: string) => new Uint8Array(fs.readFileSync(path.join(__dirname, '../fixtures/files', name)));

let fake: FakeUploadThing;
let store: UploadThingDocumentStore;
const warnings: string[] = [];

beforeAll(async () => {
  // uploadthing 7.7.4 reads its own deprecated `url`/`appUrl` getters on every server upload, which prints two
  // console warnings (pingdotgg/uploadthing#1224, open). Collected here instead of printed.
  jest.spyOn(console, 'warn').mockImplementation((message: unknown) => {
    if (String(message).includes('[uploadthing][deprecated]')) warnings.push(String(message));
    else process.stderr.write(`${String(message)}\n`);
  });
  fake = await startFakeUploadThing();
  store = new UploadThingDocumentStore({ token: fake.token, ...fake.urls, logLevel: 'None' });
});

afterAll(async () => {
  await fake.close();
  jest.restoreAllMocks();
});

beforeEach(() => {
  fake.requests.length = 0;
  fake.objects.clear();
  for (const endpoint of ['ingest', 'file', 'delete'] as const) fake.failWith(endpoint, null);
});

describe('put', () => {
  it('uploads the bytes with one signed PUT to the ingest and keeps only the key', async () => {
    const bytes = fixture('sample.pdf');
    const stored = await store.put(bytes, { name: 'Final Trust.pdf', contentType: 'application/pdf' });

    expect(stored).toEqual({ storage: 'uploadthing', key: expect.stringMatching(/^[A-Za-z0-9]{40,}$/) });
    expect(fake.requests).toHaveLength(1);
    const [put] = fake.requests;
    expect(put).toMatchObject({ method: 'PUT', path: `/ingest/${stored.key}`, signatureValid: true });
    expect(put.query).toEqual({
      expires: expect.stringMatching(/^\d+$/),
      'x-ut-identifier': fake.appId,
      // The SDK percent-encodes each value before adding it to the URL, so it arrives encoded once more.
      'x-ut-file-name': encodeURIComponent('Final Trust.pdf'),
      'x-ut-file-size': String(bytes.byteLength),
      'x-ut-file-type': encodeURIComponent('application/pdf'),
      'x-ut-content-disposition': 'attachment',
      signature: expect.stringMatching(/^hmac-sha256=[0-9a-f]{64}$/),
    });
    expect(Number(put.query.expires)).toBeGreaterThan(Date.now());
    expect(put.headers).toMatchObject({
      range: 'bytes=0-',
      'x-uploadthing-version': '7.7.4',
      'content-type': expect.stringMatching(/^multipart\/form-data; boundary=/),
    });
    expect(put.body).toEqual({ field: 'file', name: 'Final Trust.pdf', type: 'application/pdf', size: bytes.byteLength });
    // The API key signs; it never travels.
    expect(JSON.stringify(put)).not.toContain(fake.apiKey);
    expect(Buffer.compare(fake.objects.get(stored.key)!.bytes, Buffer.from(bytes))).toBe(0);
    expect(warnings.some((w) => w.includes('`file.appUrl` is deprecated'))).toBe(true);
  });

  it('uploads a waiting file (an upload streamed to disk) from the file itself, and leaves it for the door to remove', async () => {
    fs.mkdirSync(store.stagingDir, { recursive: true });
    const waiting = path.join(store.stagingDir, `.incoming-test-${process.pid}`);
    const bytes = fixture('sample.pdf');
    fs.writeFileSync(waiting, bytes, { mode: 0o600 });
    try {
      const stored = await store.put({ file: waiting }, { name: 'Signed Trust.pdf', contentType: 'application/pdf' });
      const [put] = fake.requests;
      expect(put.query['x-ut-file-size']).toBe(String(bytes.byteLength));
      expect(put.body).toEqual({ field: 'file', name: 'Signed Trust.pdf', type: 'application/pdf', size: bytes.byteLength });
      expect(Buffer.compare(fake.objects.get(stored.key)!.bytes, Buffer.from(bytes))).toBe(0);
      expect(fs.existsSync(waiting)).toBe(true);
    } finally {
      fs.rmSync(waiting, { force: true });
    }
  });

  it('makes a new key for every upload, not derived from the name', async () => {
    const a = await store.put(fixture('sample.txt'), { name: 'notes.txt', contentType: 'text/plain' });
    const b = await store.put(fixture('sample.txt'), { name: 'notes.txt', contentType: 'text/plain' });
    expect(a.key).not.toBe(b.key);
    expect(a.key).not.toContain('notes');
  });

  it('throws, with the SDK error code, when the ingest refuses the upload', async () => {
    fake.failWith('ingest', { status: 400, body: { error: 'Upload failed' } });
    await expect(store.put(fixture('sample.png'), { name: 'scan.png', contentType: 'image/png' })).rejects.toThrow(
      'UploadThing refused the upload (UPLOAD_FAILED): Failed to upload file',
    );
    expect(fake.objects.size).toBe(0);
  });

  it('throws when the token is not a valid UploadThing token, before any request', async () => {
    const broken = new UploadThingDocumentStore({ token: 'not-a-token', ...fake.urls, logLevel: 'None' });
    await expect(broken.put(fixture('sample.png'), { name: 'scan.png', contentType: 'image/png' })).rejects.toThrow(
      /UploadThing refused the upload \(INVALID_SERVER_CONFIG\)/,
    );
    expect(fake.requests).toHaveLength(0);
  });
});

describe('get', () => {
  it('reads the bytes back through a URL it signs itself, with no API request', async () => {
    const bytes = fixture('sample.jpg');
    const { key } = await store.put(bytes, { name: 'scan.jpg', contentType: 'image/jpeg' });
    fake.requests.length = 0;

    const read = await store.get(key);

    expect(Buffer.compare(Buffer.from(read), Buffer.from(bytes))).toBe(0);
    expect(fake.requests).toHaveLength(1);
    const [get] = fake.requests;
    expect(get).toMatchObject({ method: 'GET', path: `/a/${fake.appId}/${key}`, signatureValid: true });
    expect(get.query).toEqual({ expires: expect.stringMatching(/^\d+$/), signature: expect.stringMatching(/^hmac-sha256=[0-9a-f]{64}$/) });
    // A short-lived URL: about a minute.
    expect(Number(get.query.expires) - Date.now()).toBeLessThanOrEqual(60_000);
    expect(JSON.stringify(get)).not.toContain(fake.apiKey);
  });

  it('answers StoredDocumentMissingError for a key the service does not have', async () => {
    await expect(store.get('NoSuchKey123')).rejects.toBeInstanceOf(StoredDocumentMissingError);
  });

  it('throws on any other refusal', async () => {
    const { key } = await store.put(fixture('sample.txt'), { name: 'notes.txt', contentType: 'text/plain' });
    fake.failWith('file', { status: 500 });
    await expect(store.get(key)).rejects.toThrow('UploadThing answered 500 to a document read.');
  });

  it('the fake file host checks signatures: unsigned, or signed for another key, is refused', async () => {
    const a = await store.put(fixture('sample.txt'), { name: 'a.txt', contentType: 'text/plain' });
    const b = await store.put(fixture('sample.txt'), { name: 'b.txt', contentType: 'text/plain' });
    const unsigned = await fetch(`http://${fake.urls.ufsHost}/a/${fake.appId}/${a.key}`);
    expect(unsigned.status).toBe(403);
    fake.requests.length = 0;
    await store.get(a.key);
    const { expires, signature } = fake.requests[0].query;
    const query = `expires=${expires}&signature=${encodeURIComponent(signature)}`;
    expect((await fetch(`http://${fake.urls.ufsHost}/a/${fake.appId}/${a.key}?${query}`)).status).toBe(200);
    expect((await fetch(`http://${fake.urls.ufsHost}/a/${fake.appId}/${b.key}?${query}`)).status).toBe(403);
  });
});

describe('delete', () => {
  it('posts the key to /v6/deleteFiles with the API key header, and the object goes', async () => {
    const { key } = await store.put(fixture('sample.pdf'), { name: 'trust.pdf', contentType: 'application/pdf' });
    fake.requests.length = 0;

    await store.delete(key);

    expect(fake.requests).toHaveLength(1);
    const [post] = fake.requests;
    expect(post).toMatchObject({ method: 'POST', path: '/api/v6/deleteFiles', body: { fileKeys: [key] } });
    expect(post.headers).toMatchObject({
      'content-type': 'application/json',
      'x-uploadthing-api-key': fake.apiKey,
      'x-uploadthing-be-adapter': 'server-sdk',
      'x-uploadthing-version': '7.7.4',
    });
    expect(fake.objects.has(key)).toBe(false);
    await expect(store.get(key)).rejects.toBeInstanceOf(StoredDocumentMissingError);
  });

  it('is idempotent: deleting a key that is gone succeeds (deletedCount 0)', async () => {
    await expect(store.delete('AlreadyGone42')).resolves.toBeUndefined();
    await expect(store.delete('AlreadyGone42')).resolves.toBeUndefined();
  });

  it('throws when the service does not confirm, or refuses', async () => {
    fake.failWith('delete', { status: 200, body: { success: false, deletedCount: 0 } });
    await expect(store.delete('SomeKey1')).rejects.toThrow('UploadThing did not confirm the deletion.');
    fake.failWith('delete', { status: 500 });
    await expect(store.delete('SomeKey1')).rejects.toThrow();
  });
});

describe('keys', () => {
  it.each(['../x', 'a/b', 'a?b', 'a#b', 'a b', '', '..', `${'k'.repeat(129)}`])('refuses the key %p before any request', async (key) => {
    await expect(store.get(key)).rejects.toThrow('Invalid UploadThing storage key.');
    await expect(store.delete(key)).rejects.toThrow('Invalid UploadThing storage key.');
    expect(fake.requests).toHaveLength(0);
  });
});
