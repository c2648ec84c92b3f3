import { createHmac, timingSafeEqual } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/*
 * A local stand-in for the three UploadThing endpoints the document store uses, answering with the shapes
 * uploadthing 7.7.4 sends and expects (its source, and the handlers in the repository's own SDK tests,
 * packages/uploadthing/test/__test-helpers.ts):
 * - ingest: PUT <ingestUrl>/<key>?expires&x-ut-identifier&x-ut-file-name&x-ut-file-size&x-ut-file-type
 *   &x-ut-content-disposition&signature=hmac-sha256=<hex of HMAC-SHA256(apiKey, the URL before &signature)>,
 *   multipart field `file` → {url, appUrl, ufsUrl, serverData, fileHash};
 * - file host: GET <ufsHost>/a/<appId>/<key>?expires&signature (signed the same way) → the bytes;
 * - API: POST <apiUrl>/v6/deleteFiles {fileKeys} with x-uploadthing-api-key → {success, deletedCount}.
 * Signatures and expiry are checked as the service would; every request is recorded for assertions.
 */

export type RecordedRequest = {
  method: string;
  /** Path without the query. */
  path: string;
  /** Query parameters as received (URLSearchParams decoding once). */
  query: Record<string, string>;
  headers: http.IncomingHttpHeaders;
  /** JSON bodies parsed; multipart bodies as { field, name, type, size }; otherwise the raw length. */
  body: unknown;
  /** Whether the signature (ingest and file host) verified against the API key. */
  signatureValid?: boolean;
};

export type FakeUploadThing = {
  token: string;
  apiKey: string;
  appId: string;
  /** SDK options pointing at this server. */
  urls: { apiUrl: string; ingestUrl: string; ufsHost: string; ufsAppIdLocation: 'path' };
  requests: RecordedRequest[];
  /** Stored objects by key. */
  objects: Map<string, { bytes: Buffer; name: string; type: string }>;
  /** Makes an endpoint answer with this status (and body) until cleared with null. */
  failWith: (endpoint: 'ingest' | 'file' | 'delete', answer: { status: number; body?: unknown } | null) => void;
  close: () => Promise<void>;
};

const SIGNATURE_PREFIX = 'hmac-sha256=';

function readBody(req: http.IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', reject);
  });
}

/** Verifies `…&signature=hmac-sha256=<hex>` (the last parameter) over the URL before it, and `expires`. */
function verifySigned(origin: string, rawUrl: string, apiKey: string): boolean {
  const at = rawUrl.lastIndexOf('&signature=');
  if (at < 0) return false;
  const signed = `${origin}${rawUrl.slice(0, at)}`;
  const given = decodeURIComponent(rawUrl.slice(at + '&signature='.length));
  if (!given.startsWith(SIGNATURE_PREFIX)) return false;
  const expected = createHmac('sha256', apiKey).update(signed).digest();
  const actual = Buffer.from(given.slice(SIGNATURE_PREFIX.length), 'hex');
  if (actual.length !== expected.length || !timingSafeEqual(actual, expected)) return false;
  const expires = Number(new URL(signed).searchParams.get('expires'));
  return Number.isFinite(expires) && expires > Date.now();
}

function json(res: http.ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
}

export async function startFakeUploadThing(): Promise<FakeUploadThing> {
  const apiKey = `sk_test_${'0123456789abcdef'.repeat(2)}`;
  const appId = 'trustwelltest';
  const token = Buffer.from(JSON.stringify({ apiKey, appId, regions: ['local1'] })).toString('base64');
  const requests: RecordedRequest[] = [];
  const objects = new Map<string, { bytes: Buffer; name: string; type: string }>();
  const failures = new Map<string, { status: number; body?: unknown }>();
  let origin = '';

  const server = http.createServer(async (req, res) => {
    const rawUrl = req.url ?? '/';
    const url = new URL(rawUrl, origin);
    const body = await readBody(req);
    const record: RecordedRequest = {
      method: req.method ?? '',
      path: url.pathname,
      query: Object.fromEntries(url.searchParams),
      headers: req.headers,
      body: body.length,
    };
    requests.push(record);

    const ingest = /^\/ingest\/([^/]+)$/.exec(url.pathname);
    const file = /^\/a\/([^/]+)\/([^/]+)$/.exec(url.pathname);
    if (req.method === 'PUT' && ingest) {
      record.signatureValid = verifySigned(origin, rawUrl, apiKey);
      const form = await new Response(new Uint8Array(body), { headers: { 'content-type': req.headers['content-type'] ?? '' } }).formData().catch(() => null);
      const part = form?.get('file');
      if (part instanceof File) record.body = { field: 'file', name: part.name, type: part.type, size: part.size };
      const failure = failures.get('ingest');
      if (failure) return json(res, failure.status, failure.body ?? { error: 'Upload failed' });
      if (!record.signatureValid || url.searchParams.get('x-ut-identifier') !== appId) return json(res, 403, { error: 'Invalid signature' });
      if (!(part instanceof File)) return json(res, 400, { error: 'Missing file' });
      const key = decodeURIComponent(ingest[1]);
      const bytes = Buffer.from(await part.arrayBuffer());
      objects.set(key, { bytes, name: part.name, type: part.type });
      return json(res, 200, {
        url: `${origin}/f/${key}`,
        appUrl: `${origin}/a/${appId}/${key}`,
        ufsUrl: `${origin}/a/${appId}/${key}`,
        serverData: null,
        fileHash: createHmac('sha256', 'hash').update(bytes).digest('hex'),
      });
    }
    if (req.method === 'GET' && file) {
      record.signatureValid = verifySigned(origin, rawUrl, apiKey);
      const failure = failures.get('file');
      if (failure) return json(res, failure.status, failure.body ?? { error: 'Failed' });
      if (!record.signatureValid || file[1] !== appId) return json(res, 403, { error: 'Invalid signature' });
      const object = objects.get(decodeURIComponent(file[2]));
      if (!object) return json(res, 404, { error: 'Not found' });
      res.writeHead(200, { 'content-type': object.type, 'content-length': object.bytes.length });
      return res.end(object.bytes);
    }
    if (req.method === 'POST' && url.pathname === '/api/v6/deleteFiles') {
      let parsed: { fileKeys?: string[] } = {};
      try {
        parsed = JSON.parse(body.toString('utf8'));
      } catch {
        return json(res, 400, { error: 'Invalid JSON' });
      }
      record.body = parsed;
      const failure = failures.get('delete');
      if (failure) return json(res, failure.status, failure.body ?? { error: 'Failed' });
      if (req.headers['x-uploadthing-api-key'] !== apiKey) return json(res, 401, { error: 'Invalid API key' });
      let deletedCount = 0;
      for (const key of parsed.fileKeys ?? []) if (objects.delete(key)) deletedCount++;
      return json(res, 200, { success: true, deletedCount });
    }
    json(res, 404, { error: `No route for ${req.method} ${url.pathname}` });
  });

  // 'localhost': the SDK uses http (not https) for a file host whose name contains "local".
  await new Promise<void>((resolve) => server.listen(0, 'localhost', resolve));
  const { port } = server.address() as AddressInfo;
  origin = `http://localhost:${port}`;

  return {
    token,
    apiKey,
    appId,
    urls: { apiUrl: `${origin}/api`, ingestUrl: `${origin}/ingest`, ufsHost: `localhost:${port}`, ufsAppIdLocation: 'path' },
    requests,
    objects,
    failWith: (endpoint, answer) => {
      if (answer) failures.set(endpoint, answer);
      else failures.delete(endpoint);
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
