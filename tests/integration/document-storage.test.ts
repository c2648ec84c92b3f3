import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { StoredDocumentMissingError, type DocumentStore } from '@/lib/files/document-store';
import { LocalDocumentStore, localUploadsDir } from '@/lib/files/local-store';
import { createDocumentStore, createStoreFor, documentStore, storeFor } from '@/lib/files/store';
import { UploadThingDocumentStore } from '@/lib/files/uploadthing-store';

/* The local-disk document store, and the one place that picks a store from the configuration. */

const fixture = (name: string) => new Uint8Array(fs.readFileSync(path.join(__dirname, '../fixtures/files', name)));
const token = Buffer.from(JSON.stringify({ apiKey: 'sk_test_x', appId: 'app', regions: ['r1'] })).toString('base64');

let scratch: string;
let root: string;
let store: LocalDocumentStore;

beforeEach(() => {
  scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'trustwell-docs-'));
  root = path.join(scratch, 'uploads');
  store = new LocalDocumentStore(root);
});

afterEach(() => {
  fs.rmSync(scratch, { recursive: true, force: true });
});

describe('LocalDocumentStore', () => {
  it('puts, gets and deletes bytes under a random key, in a file of mode 600 in a folder of mode 700', async () => {
    const bytes = fixture('sample.pdf');
    const stored = await store.put(bytes);

    expect(stored).toEqual({ storage: 'local', key: expect.stringMatching(/^[A-Za-z0-9_-]{32}$/) });
    expect(fs.readdirSync(root)).toEqual([stored.key]);
    expect(fs.statSync(path.join(root, stored.key)).mode & 0o777).toBe(0o600);
    expect(fs.statSync(root).mode & 0o777).toBe(0o700);
    expect(Buffer.compare(Buffer.from(await store.get(stored.key)), Buffer.from(bytes))).toBe(0);

    await store.delete(stored.key);
    expect(fs.readdirSync(root)).toEqual([]);
    await expect(store.get(stored.key)).rejects.toBeInstanceOf(StoredDocumentMissingError);
  });

  it('moves a waiting upload into place (no copy: the same inode), and takes no file from outside its folder', async () => {
    fs.mkdirSync(store.stagingDir, { recursive: true });
    const waiting = path.join(store.stagingDir, '.incoming-test');
    fs.writeFileSync(waiting, fixture('sample.pdf'), { mode: 0o600 });
    const inode = fs.statSync(waiting).ino;
    const stored = await store.put({ file: waiting });
    expect(fs.readdirSync(root)).toEqual([stored.key]);
    expect(fs.statSync(path.join(root, stored.key))).toMatchObject({ ino: inode, mode: expect.any(Number) });
    expect(fs.statSync(path.join(root, stored.key)).mode & 0o777).toBe(0o600);
    expect(Buffer.compare(Buffer.from(await store.get(stored.key)), Buffer.from(fixture('sample.pdf')))).toBe(0);

    const outside = path.join(scratch, 'elsewhere.pdf');
    fs.writeFileSync(outside, fixture('sample.pdf'));
    await expect(store.put({ file: outside })).rejects.toThrow(/must wait in the uploads folder/);
    expect(fs.existsSync(outside)).toBe(true);
    expect(fs.readdirSync(root)).toEqual([stored.key]);
  });

  it('never derives the key from the name and never reuses one', async () => {
    const keys = new Set<string>();
    const asInterface: DocumentStore = store;
    for (let i = 0; i < 20; i++) keys.add((await asInterface.put(fixture('sample.txt'), { name: '../../notes.txt', contentType: 'text/plain' })).key);
    expect(keys.size).toBe(20);
    expect(fs.readdirSync(root).sort()).toEqual([...keys].sort());
    expect(fs.readdirSync(scratch)).toEqual(['uploads']);
  });

  it('deletes idempotently', async () => {
    const { key } = await store.put(fixture('sample.png'));
    await store.delete(key);
    await expect(store.delete(key)).resolves.toBeUndefined();
    await expect(store.delete('NeverStoredKeyNeverStoredKey0000')).resolves.toBeUndefined();
  });

  it('reads keys of the earlier 24-character shape (demo data stored before issue 20)', async () => {
    fs.mkdirSync(root, { recursive: true });
    fs.writeFileSync(path.join(root, 'AbCdEfGhIjKlMnOpQrStUvWx'), 'old');
    expect(Buffer.from(await store.get('AbCdEfGhIjKlMnOpQrStUvWx')).toString()).toBe('old');
  });

  describe('keys cannot reach outside the folder', () => {
    const outside = () => path.join(scratch, 'secret.txt');
    beforeEach(async () => {
      fs.writeFileSync(outside(), 'not yours');
      await store.put(fixture('sample.txt'));
    });

    it.each([
      '../secret.txt',
      '..',
      '.',
      '',
      '/etc/passwd',
      'a/../../secret.txt',
      '..\\secret.txt',
      'AbCdEfGhIjKlMnOpQrSt/../../secret.txt',
      'AbCdEfGhIjKlMnOpQrStUvWx\u0000',
      '%2e%2e%2fsecret.txt',
      'short',
      'x'.repeat(65),
    ])('refuses %p for get and delete, touching nothing', async (key) => {
      await expect(store.get(key)).rejects.toThrow('Invalid local storage key.');
      await expect(store.delete(key)).rejects.toThrow('Invalid local storage key.');
      expect(fs.readFileSync(outside(), 'utf8')).toBe('not yours');
      expect(fs.readdirSync(root)).toHaveLength(1);
    });
  });

  it.each(['public', 'public/uploads', '.next', '.next/server/uploads'])('refuses a folder inside ./%s, which Next serves or builds', (folder) => {
    expect(() => new LocalDocumentStore(path.join(process.cwd(), folder))).toThrow(/must not be inside/);
  });

  it('accepts the default folder and one beside public/', () => {
    expect(() => new LocalDocumentStore(path.join(process.cwd(), '.data/uploads'))).not.toThrow();
    expect(() => new LocalDocumentStore(path.join(process.cwd(), 'public-uploads'))).not.toThrow();
  });
});

describe('choosing the store: one place, from the configuration', () => {
  it('stores new documents on local disk under UPLOADS_DIR by default', () => {
    const chosen = createDocumentStore({ UPLOADS_DIR: root });
    expect(chosen).toBeInstanceOf(LocalDocumentStore);
    expect((chosen as LocalDocumentStore).root).toBe(root);
  });

  it('defaults the folder to ./.data/uploads, relative to the working directory', () => {
    expect(localUploadsDir({})).toBe(path.join(process.cwd(), '.data/uploads'));
    expect(localUploadsDir({ UPLOADS_DIR: '  ' })).toBe(path.join(process.cwd(), '.data/uploads'));
    expect(localUploadsDir({ UPLOADS_DIR: 'var/docs' })).toBe(path.join(process.cwd(), 'var/docs'));
  });

  it('stores new documents in UploadThing when UPLOADTHING_TOKEN is set', () => {
    expect(createDocumentStore({ UPLOADTHING_TOKEN: token, UPLOADS_DIR: root })).toBeInstanceOf(UploadThingDocumentStore);
    expect(createDocumentStore({ UPLOADTHING_TOKEN: '   ', UPLOADS_DIR: root })).toBeInstanceOf(LocalDocumentStore);
  });

  it('reads a row through the store its `storage` names, whatever new uploads use', () => {
    expect(createStoreFor('local', { UPLOADTHING_TOKEN: token, UPLOADS_DIR: root })).toBeInstanceOf(LocalDocumentStore);
    expect(createStoreFor('uploadthing', { UPLOADTHING_TOKEN: token })).toBeInstanceOf(UploadThingDocumentStore);
    expect(() => createStoreFor('uploadthing', {})).toThrow('This document is stored in UploadThing, but UPLOADTHING_TOKEN is not set.');
    expect(() => createStoreFor('s3', {})).toThrow('Unknown document storage "s3".');
  });

  it('in tests, the process store is the local one in the worker scratch folder (no network, no token)', async () => {
    expect(process.env.UPLOADTHING_TOKEN).toBeUndefined();
    const chosen = documentStore();
    expect(chosen).toBeInstanceOf(LocalDocumentStore);
    expect((chosen as LocalDocumentStore).root).toBe(path.resolve(process.env.UPLOADS_DIR!));
    expect(storeFor('local')).toBe(storeFor('local'));
    const { key } = await chosen.put(fixture('sample.txt'), { name: 'a.txt', contentType: 'text/plain' });
    expect(Buffer.from(await storeFor('local').get(key)).toString('utf8')).toContain('Trustwell sample notes');
    await storeFor('local').delete(key);
  });
});
