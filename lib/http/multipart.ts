import 'server-only';
import busboy from 'busboy';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream as NodeWebReadableStream } from 'node:stream/web';
import { z } from 'zod';
import { AppError } from '@/lib/kernel/errors';

/*
 * multipart/form-data read as it arrives (busboy), for the routes that take a file: each file part is
 * written to a temporary file while it is counted, so an upload never sits whole in memory (issue 26: the
 * body used to be buffered, parsed into a File and copied again, several 20 MB copies per upload). Text
 * fields stay small strings. The route wrapper (route.ts) removes the temporary files once the handler is
 * done, whatever it answered; a handler that keeps a file moves it away first (the local store links it
 * into place).
 */

/**
 * A file part of a multipart body, waiting in a temporary file (mode 600) that the route wrapper removes
 * after the handler. A class, checked with instanceof, so that no JSON or url-encoded body can make one: a
 * plain `{ path }` object from a request would name any file on the server.
 */
export class ReceivedFile {
  constructor(
    /** Where the bytes wait. */
    readonly path: string,
    /** The name the client sent (filename), decoded as browsers encode it; not yet cleaned. */
    readonly name: string,
    /** The type the client declared for the part (busboy's mimeType: text/plain when none was sent). */
    readonly type: string,
    /** Bytes written. */
    readonly size: number,
  ) {}
}

/** A form field that must be a received file (the message when it is missing or not a file). */
export const receivedFile = (message: string) => z.instanceof(ReceivedFile, { message });

/** Parts beyond these are refused: a form that takes a file has a handful of fields. */
const MAX_PARTS = 20;
const MAX_FILES = 5;
const MAX_FIELD_BYTES = 64 * 1024;

const unreadable = () => new AppError('BAD_REQUEST', 'The form data could not be read.');

/**
 * Browsers escape `"`, CR and LF in multipart names as %22, %0D and %0A (HTML's form encoding) and Node's
 * own FormData parser decodes exactly those; busboy leaves them, so they are decoded here: a file called
 * `My "final" trust.pdf` keeps its quotes, and a line feed comes back to be refused by the name rules.
 */
function decodeFormName(name: string): string {
  return name.replace(/%(22|0d|0a)/gi, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

export type MultipartBody = { fields: [string, string | ReceivedFile][]; files: ReceivedFile[] };

/**
 * Reads a multipart body, refusing (413, `tooLarge`) one whose declared or counted length passes `limit`
 * as soon as it does; the parts then come back in the body's order in `fields`, files as ReceivedFile
 * written under `stagingDir` (created with mode 700). A malformed body, or more parts than a form has, is
 * 400. On any refusal the temporary files written so far are removed before this throws.
 */
export async function readMultipart(request: Request, options: { limit: number; stagingDir: string; tooLarge: () => AppError }): Promise<MultipartBody> {
  const { limit, stagingDir, tooLarge } = options;
  const declared = Number(request.headers.get('content-length'));
  if (Number.isFinite(declared) && declared > limit) throw tooLarge();
  let parser: busboy.Busboy;
  try {
    parser = busboy({
      headers: { 'content-type': request.headers.get('content-type') ?? '' },
      // Browsers send names as raw UTF-8 (busboy's default is Latin-1). The path stays in the name: the
      // name rules refuse `../` and keep only the last part of a plain folder path themselves.
      defParamCharset: 'utf8',
      preservePath: true,
      limits: { parts: MAX_PARTS, files: MAX_FILES, fields: MAX_PARTS, fieldSize: MAX_FIELD_BYTES },
    });
  } catch {
    throw unreadable(); // no boundary
  }
  await fsp.mkdir(stagingDir, { recursive: true, mode: 0o700 });

  const parts: [string, string | Promise<ReceivedFile>][] = [];
  const written: string[] = [];
  let refusal: AppError | undefined;
  const refuse = (error: AppError) => {
    refusal ??= error;
    parser.destroy(error);
  };
  parser.on('field', (name, value, info) => {
    if (info.valueTruncated) return refuse(tooLarge());
    parts.push([decodeFormName(name), value]);
  });
  parser.on('file', (name, stream, info) => {
    const file = path.join(stagingDir, `.incoming-${randomBytes(18).toString('base64url')}`);
    written.push(file);
    let size = 0;
    stream.on('data', (chunk: Buffer) => (size += chunk.length));
    const saved = pipeline(stream, fs.createWriteStream(file, { flags: 'wx', mode: 0o600 })).then(
      () => new ReceivedFile(file, decodeFormName(info.filename ?? ''), info.mimeType, size),
      (error: unknown) => {
        parser.destroy(error as Error); // a failed write (a full disk) ends the whole body
        throw error;
      },
    );
    saved.catch(() => undefined); // awaited below; this only keeps an early failure from being "unhandled"
    parts.push([decodeFormName(name), saved]);
  });
  for (const event of ['partsLimit', 'filesLimit', 'fieldsLimit'] as const) parser.on(event, () => refuse(unreadable()));

  // The body, counted as it streams: past the limit it is refused without reading the rest.
  let total = 0;
  const counter = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      total += chunk.length;
      done(total > limit ? tooLarge() : null, chunk);
    },
  });
  try {
    // One piece at a time (no read-ahead): past the limit, nothing more of the body is read.
    const body = request.body ? Readable.fromWeb(request.body as NodeWebReadableStream<Uint8Array>, { highWaterMark: 0 }) : Readable.from([]);
    await pipeline(body, counter, parser);
    const fields = await Promise.all(parts.map(async ([name, value]): Promise<[string, string | ReceivedFile]> => [name, await value]));
    return { fields, files: fields.flatMap(([, value]) => (value instanceof ReceivedFile ? [value] : [])) };
  } catch (error) {
    await Promise.allSettled(parts.map(([, value]) => value));
    await Promise.all(written.map((file) => fsp.rm(file, { force: true })));
    if (refusal) throw refusal;
    if (error instanceof AppError) throw error;
    // The disk failing is the server's fault (500, logged); anything else is a body that could not be parsed.
    if ((error as NodeJS.ErrnoException).syscall) throw error;
    throw unreadable();
  }
}

/** Removes the temporary files of a multipart body; a file already moved away is fine. */
export async function removeReceivedFiles(body: MultipartBody | undefined): Promise<void> {
  await Promise.all((body?.files ?? []).map((file) => fsp.rm(file.path, { force: true })));
}
