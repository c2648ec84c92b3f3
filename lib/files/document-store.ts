/*
 * The storage interface for documents' bytes and what its implementations share. The implementations are
 * local-store.ts and uploadthing-store.ts; store.ts chooses between them.
 */

export type StorageName = 'local' | 'uploadthing';

/** Where stored bytes went: the store's name and the key within it (random, never derived from the name). */
export type StoredDocument = { storage: StorageName; key: string };

/**
 * What put() stores: bytes in memory (the demo data's small files), or a file on this machine (an upload,
 * streamed to a temporary file in `stagingDir` as it arrived), which put() may move away.
 */
export type DocumentContent = Uint8Array | { file: string };

export interface DocumentStore {
  readonly name: StorageName;
  /**
   * Where an upload's bytes wait while they are checked (a folder of mode 700): for the local store a folder
   * on the same file system as its documents, so put() moves the file into place without copying it.
   */
  readonly stagingDir: string;
  /** Stores the content under a new random key. `name` and `contentType` describe it for the store. */
  put(content: DocumentContent, meta: { name: string; contentType: string }): Promise<StoredDocument>;
  /** The stored bytes; StoredDocumentMissingError when the key holds nothing. */
  get(key: string): Promise<Uint8Array>;
  /** Removes the stored bytes; removing what is not there is not an error. */
  delete(key: string): Promise<void>;
}

/** The key names nothing in the store (deleted, or never stored there). */
export class StoredDocumentMissingError extends Error {
  constructor(storage: StorageName, key: string) {
    super(`No stored document under key ${key} in ${storage} storage.`);
    this.name = 'StoredDocumentMissingError';
  }
}
