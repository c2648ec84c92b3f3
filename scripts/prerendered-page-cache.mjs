// A one-second replay of Next's answer for a prerendered page, used by scripts/server.mjs for the guest /trust.
//
// Next serves a prerendered page from its static cache, but it still runs, for every request, its router
// (headers, the cookie rewrites), the page's route module (manifests, the rewrites again, the cache lookup)
// and an ETag hash over the whole page: about two thirds of a /trust request's time went there, which held
// /trust to a third of a static file's throughput (docs/performance.md). This keeps the response Next gave
// to a plain guest request (status, headers as Next wrote them, body) and sends the same bytes to identical
// requests for up to `ttlMs`. Anything that could change Next's answer goes to Next: another method, a query
// string, a session cookie (next.config.mjs rewrites those to the signed-in variant), the router's RSC and
// prefetch headers, conditional and range requests. Only a 200 that Next served from its static cache
// (`x-nextjs-cache: HIT`) without setting a cookie is kept, one entry per Accept-Encoding value.

/** Request headers that can change what Next answers (Next's Vary list and its internal routing headers). */
const BYPASS_HEADER = /^(?:rsc|next-.*|x-next.*|x-prerender-.*|x-middleware-.*|x-invoke-.*|x-matched-path|if-.*|range)$/;
/** Headers Node writes per response; never replayed. */
const PER_RESPONSE = new Set(['connection', 'keep-alive', 'transfer-encoding', 'date']);

/**
 * @param {{ paths: string[], bypassCookie: string, ttlMs?: number, maxEntries?: number }} options
 *   paths: exact request URLs to cache (no query string); bypassCookie: any cookie whose name contains it
 *   sends the request to Next.
 * @returns {(req: import('node:http').IncomingMessage, res: import('node:http').ServerResponse,
 *   handle: (req: import('node:http').IncomingMessage, res: import('node:http').ServerResponse) => unknown) => void}
 */
export function createPrerenderedPageCache({ paths, bypassCookie, ttlMs = 1000, maxEntries = 16 }) {
  /** @type {Map<string, { headers: [string, number | string | string[]][], body: Buffer, expires: number }>} */
  const entries = new Map();

  function keyOf(req) {
    if (req.method !== 'GET' || !paths.includes(req.url ?? '')) return undefined;
    const { headers } = req;
    if (headers.cookie?.includes(bypassCookie)) return undefined;
    for (const name in headers) if (BYPASS_HEADER.test(name)) return undefined;
    return `${req.url} ${headers['accept-encoding'] ?? ''}`;
  }

  function replay(res, entry) {
    res.statusCode = 200;
    for (const [name, value] of entry.headers) res.setHeader(name, value);
    res.end(entry.body);
  }

  // Collects what Next writes (after compression, which wraps these methods later) and keeps it if cacheable.
  function record(res, key) {
    const chunks = [];
    let cacheable = true;
    const { write, end, writeHead } = res;
    const collect = (chunk, encoding) => {
      if (chunk == null || typeof chunk === 'function') return;
      chunks.push(typeof chunk === 'string' ? Buffer.from(chunk, typeof encoding === 'string' ? encoding : 'utf8') : Buffer.from(chunk));
    };
    res.write = function (chunk, encoding, callback) {
      collect(chunk, encoding);
      return write.call(this, chunk, encoding, callback);
    };
    res.end = function (chunk, encoding, callback) {
      collect(chunk, encoding);
      return end.call(this, chunk, encoding, callback);
    };
    // Headers handed straight to writeHead would not show in getHeaders(): such a response is not kept.
    res.writeHead = function (statusCode, ...rest) {
      if (rest.some((arg) => arg && typeof arg === 'object')) cacheable = false;
      return writeHead.call(this, statusCode, ...rest);
    };
    res.once('finish', () => {
      if (!cacheable || res.statusCode !== 200 || res.getHeader('x-nextjs-cache') !== 'HIT' || res.hasHeader('set-cookie')) return;
      const headers = res
        .getHeaderNames()
        .filter((name) => !PER_RESPONSE.has(name))
        .map((name) => [res.getRawHeaderNames().find((raw) => raw.toLowerCase() === name) ?? name, res.getHeader(name)]);
      if (entries.size >= maxEntries && !entries.has(key)) entries.delete(entries.keys().next().value);
      entries.set(key, { headers, body: Buffer.concat(chunks), expires: Date.now() + ttlMs });
    });
  }

  return function serve(req, res, handle) {
    const key = keyOf(req);
    if (key === undefined) return void handle(req, res);
    const entry = entries.get(key);
    if (entry && entry.expires > Date.now()) return replay(res, entry);
    record(res, key);
    void handle(req, res);
  };
}
