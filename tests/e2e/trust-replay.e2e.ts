import http from 'node:http';
import { gunzipSync } from 'node:zlib';
import { baseUrl } from './helpers/browser';

/*
 * scripts/server.mjs replays Next's answer for the guest /trust for a second at a time
 * (scripts/prerendered-page-cache.mjs). What a visitor gets must not change: the same bytes and headers
 * as Next's, and every request that Next would answer differently still goes to Next.
 */

const trust = `${baseUrl}/trust`;

/** Headers as a plain object, without the ones that differ per response. */
function stableHeaders(res: Response) {
  const out: Record<string, string> = {};
  res.headers.forEach((value, key) => {
    if (!['date', 'connection', 'keep-alive', 'transfer-encoding', 'content-length'].includes(key)) out[key] = value;
  });
  return out;
}

/** node:http rather than fetch, which decompresses on its own and turns a conditional request into a no-cache one. */
function rawGet(url: string, headers: Record<string, string>) {
  return new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
    http
      .get(url, { headers, agent: false }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
      })
      .on('error', reject);
  });
}

/** Waits out the replay's one-second lifetime, so the next request is answered by Next itself. */
const expire = () => new Promise((r) => setTimeout(r, 1100));

async function get(url: string, headers: Record<string, string> = {}) {
  const res = await fetch(url, { headers, redirect: 'manual' });
  return { res, body: Buffer.from(await res.arrayBuffer()) };
}

describe('the guest /trust, replayed by the server', () => {
  it("replays Next's page and headers, request after request", async () => {
    await expire();
    const first = await get(trust); // Next's answer, kept
    expect(first.res.status).toBe(200);
    expect(first.res.headers.get('x-nextjs-cache')).toBe('HIT');
    expect(first.body.toString()).toContain('</html>');
    for (let i = 0; i < 5; i++) {
      const again = await get(trust);
      expect(again.res.status).toBe(200);
      expect(stableHeaders(again.res)).toEqual(stableHeaders(first.res));
      expect(again.body.equals(first.body)).toBe(true);
    }
  });

  it('sends the same page compressed to a client that accepts gzip, request after request', async () => {
    const plain = await get(trust);
    await expire();
    const bodies: Buffer[] = []; // the first compressed by Next, the others replayed
    for (let i = 0; i < 3; i++) {
      const { headers, body } = await rawGet(trust, { 'accept-encoding': 'gzip' });
      expect(headers['content-encoding']).toBe('gzip');
      expect(gunzipSync(body).equals(plain.body)).toBe(true);
      bodies.push(body);
    }
    expect(bodies[2].equals(bodies[1])).toBe(true);
  });

  it('leaves a visitor with a session cookie to Next, which renders the signed-in variant', async () => {
    await get(trust); // a guest's copy is in memory now
    const signedIn = await get(trust, { cookie: 'next-auth.session-token=not-a-valid-session' });
    expect(signedIn.res.status).toBe(200);
    // The signed-in variant is rendered per request and not indexed; the guest page is prerendered.
    expect(signedIn.res.headers.get('x-nextjs-cache')).toBeNull();
    expect(signedIn.body.toString()).toMatch(/<meta name="robots" content="noindex/);
    const guest = await get(trust);
    expect(guest.res.headers.get('x-nextjs-cache')).toBe('HIT');
    expect(guest.body.toString()).not.toMatch(/<meta name="robots" content="noindex/);
  });

  it('leaves router (RSC) requests and conditional requests to Next', async () => {
    const page = await get(trust); // a guest's copy is in memory now
    // The router's request for the same URL: Next answers it (here by asking for its cache-busting
    // parameter first), never with the page's HTML.
    const bare = await get(trust, { rsc: '1' });
    expect(bare.res.headers.get('content-type') ?? '').not.toMatch(/^text\/html/);
    const location = bare.res.status === 307 ? bare.res.headers.get('location')! : '/trust';
    const rsc = await get(new URL(location, baseUrl).href, { rsc: '1' });
    expect(rsc.res.status).toBe(200);
    expect(rsc.res.headers.get('content-type')).toMatch(/^text\/x-component/);
    const etag = page.res.headers.get('etag');
    expect(etag).toBeTruthy();
    const conditional = await rawGet(trust, { 'if-none-match': etag! });
    expect(conditional.status).toBe(304);
    expect(conditional.headers['content-security-policy']).toBeTruthy();
  });
});
