import 'server-only';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { StoredDocumentMissingError, type DocumentContent, type DocumentStore, type StoredDocument } from './document-store';

/**
 * The shape of keys this store makes: URL-safe base64 of random bytes (24 now, 32 characters; 18 before
 * issue 20, 24 characters, still on disk in demo data). Anything else is refused.
 */
const LOCAL_KEY = /^[A-Za-z0-9_-]{16,64}$/;

/** Folders Next serves or builds into; uploads must never live inside them. */
const SERVED_FOLDERS = ['public', '.next'];

/** The uploads folder: UPLOADS_DIR (relative to the working directory) or ./.data/uploads. */
export function localUploadsDir(env: Record<string, string | undefined> = process.env): string {
  return path.resolve(/*turbopackIgnore: true*/ process.cwd(), env.UPLOADS_DIR?.trim() || '.data/uploads');
}

function isInside(child: string, parent: string): boolean {
  const relative = path.relative(parent, child);
  return relative === '' || (!relative.startsWith('..') && !path.isAbsolute(relative));
}

/**
 * Documents on the local disk, one file per document named by its random key, mode 600 in a folder of
 * mode 700. Keys are generated here, never taken from a request; every key is still checked against the
 * shape this store makes, and its path against the folder, before any disk access.
 */
export class LocalDocumentStore implements DocumentStore {
  readonly name = 'local' as const;
  readonly root: string;

  constructor(root: string) {
    this.root = path.resolve(root);
    const cwd = process.cwd();
    for (const folder of SERVED_FOLDERS) {
      if (isInside(this.root, path.join(/*turbopackIgnore: true*/ cwd, folder))) {
        throw new Error(`UPLOADS_DIR must not be inside ./${folder}, which is served or built by Next.js: ${this.root}`);
      }
    }
  }

  private pathOf(key: string): string {
    if (!LOCAL_KEY.test(key)) throw new Error('Invalid local storage key.');
    const file = path.join(this.root, key);
    if (path.dirname(file) !== this.root) throw new Error('Invalid local storage key.');
    return file;
  }

  /**
   * Uploads wait in the folder itself, as `.incoming-…` files (a dot: never the shape of a key), so that
   * put() moves them into place on the same file system.
   */
  get stagingDir(): string {
    return this.root;
  }

  /**
   * Takes no name or type: those stay in the file row, and on disk a document is only its key. A file is
   * moved into place (a hard link, then the temporary name removed: nothing is copied, and the link fails
   * rather than replace another document); bytes are written with 'wx' for the same reason.
   */
  async put(content: DocumentContent): Promise<StoredDocument> {
    const key = randomBytes(24).toString('base64url');
    await fs.mkdir(this.root, { recursive: true, mode: 0o700 });
    if (content instanceof Uint8Array) {
      await fs.writeFile(this.pathOf(key), content, { mode: 0o600, flag: 'wx' });
    } else {
      if (path.dirname(path.resolve(content.file)) !== this.root) throw new Error('A file to store must wait in the uploads folder (stagingDir).');
      await fs.link(content.file, this.pathOf(key));
      await fs.rm(content.file, { force: true });
    }
    return { storage: 'local', key };
  }

  async get(key: string): Promise<Uint8Array> {
    const file = this.pathOf(key);
    try {
      return await fs.readFile(file);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') throw new StoredDocumentMissingError('local', key);
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    await fs.rm(this.pathOf(key), { force: true });
  }
}
