import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { z } from 'zod';
import { AppError } from '@/lib/kernel/errors';
import { receivedFile } from '@/lib/http/multipart';
import { PEER_HEADER } from '@/lib/http/request';
import { MAX_BODY_BYTES, MAX_MULTIPART_BYTES, rawRoute, route } from '@/lib/http/route';
import { makeHousehold, makeUser } from '../helpers/factories';
import { signInAs, signOut } from '../helpers/session';

const seen: { ip?: string; userAgent?: string } = {};
const handler = route('own', z.object({ name: z.string().min(1, 'Name is required.') }), async ({ ctx, input }) => {
  if (input.name === 'forbidden') throw new AppError('FORBIDDEN');
  if (input.name === 'boom') throw new Error('database exploded: secret detail');
  seen.ip = ctx.ip;
  seen.userAgent = ctx.userAgent;
  return { hello: input.name, who: ctx.actor.hash };
});
const publicHandler = route('public', z.object({}), async ({ ctx }) => ({ guest: ctx.actor === null }));
const adminHandler = route('user.update', z.object({}), async () => ({ ok: true }));
const ctx = { params: Promise.resolve({}) };

function post(body: BodyInit, type = 'application/json', headers: Record<string, string> = {}) {
  return new Request('http://localhost/api/x/', { method: 'POST', body, headers: { 'content-type': type, ...headers } });
}

describe('route() wrapper', () => {
  beforeEach(() => signOut());

  it('declares its permission, so the authorization matrix can read it', () => {
    expect(handler.permission).toBe('own');
    expect(publicHandler.permission).toBe('public');
    expect(adminHandler.permission).toBe('user.update');
  });

  it('answers 401 { message } to guests', async () => {
    const res = await handler(post('{"name":"a"}'), ctx);
    expect(res.status).toBe(401);
    expect(await res.json()).toEqual({ message: 'Please sign in to continue.' });
  });

  it('answers 403 to a role without the declared permission, before reading the body', async () => {
    const { user } = await makeHousehold(null);
    await signInAs(user);
    const res = await adminHandler(post('{oops'), ctx);
    expect(res.status).toBe(403);
  });

  it('lets guests into public routes', async () => {
    const res = await publicHandler(post(''), ctx);
    expect(await res.json()).toEqual({ guest: true });
  });

  it('hands the handler the request context: the connection address and the browser', async () => {
    const { user } = await makeUser();
    await signInAs(user);
    const res = await handler(
      post('{"name":"ctx"}', 'application/json', { [PEER_HEADER]: '198.51.100.20', 'x-forwarded-for': '6.6.6.6', 'user-agent': 'Jest/1' }),
      ctx,
    );
    expect(res.status).toBe(200);
    expect(seen).toEqual({ ip: '198.51.100.20', userAgent: 'Jest/1' });
  });

  it('reads JSON and url-encoded bodies alike', async () => {
    const { user } = await makeUser();
    await signInAs(user);
    for (const [body, type] of [
      ['{"name":"json"}', 'application/json'],
      ['{"name":"json"}', 'application/json; charset=utf-8'],
      ['name=encoded', 'application/x-www-form-urlencoded'],
    ] as const) {
      const res = await handler(post(body, type), ctx);
      expect(res.status).toBe(200);
    }
  });

  it.each([
    ['JSON', 'application/json', (n: number) => JSON.stringify({ name: 'x'.repeat(n) })],
    ['url-encoded', 'application/x-www-form-urlencoded', (n: number) => `name=${'x'.repeat(n)}`],
  ])('refuses a %s body over 64 KB with 413 { message } before parsing it', async (_kind, type, body) => {
    const { user } = await makeUser();
    await signInAs(user);
    const big = body(MAX_BODY_BYTES);
    const res = await handler(post(big, type), ctx);
    expect(res.status).toBe(413);
    expect(await res.json()).toEqual({ message: 'The request is too large (at most 64 KB).' });
    // Without a Content-Length (a streamed body) the limit holds while reading.
    const stream = new ReadableStream({
      start(controller) {
        for (let i = 0; i < 20; i++) controller.enqueue(new TextEncoder().encode('x'.repeat(8 * 1024)));
        controller.close();
      },
    });
    const streamed = await handler(
      new Request('http://localhost/api/x/', { method: 'POST', body: stream, headers: { 'content-type': type }, duplex: 'half' } as RequestInit),
      ctx,
    );
    expect(streamed.status).toBe(413);
    // Just under the limit is fine.
    const ok = await handler(post(body(MAX_BODY_BYTES - 100), type), ctx);
    expect(ok.status).toBe(200);
  });

  it.each([
    ['malformed JSON', '{oops', 400, 'The request body must be a JSON object.'],
    ['a JSON array', '[1]', 400, 'The request body must be a JSON object.'],
    ['a failed validation', '{"name":""}', 422, 'Name is required.'],
    ['a refusal', '{"name":"forbidden"}', 403, 'You do not have permission to do that.'],
    ['an unexpected error, without its detail', '{"name":"boom"}', 500, 'Something went wrong. Please try again.'],
  ])('answers %s with %i { message }', async (_case, body, status, message) => {
    const { user } = await makeUser();
    await signInAs(user);
    const spy = jest.spyOn(console, 'error').mockImplementation(() => {});
    const res = await handler(post(body), ctx);
    spy.mockRestore();
    expect(res.status).toBe(status);
    expect((await res.json()).message).toBe(message);
  });
});

/** A request body that counts how many chunks the server pulled from it (none are pulled until read). */
function countingBody(chunks: number, size = 64 * 1024) {
  const read = { chunks: 0 };
  const stream = new ReadableStream<Uint8Array>(
    {
      pull(controller) {
        if (read.chunks >= chunks) return controller.close();
        read.chunks += 1;
        controller.enqueue(new Uint8Array(size).fill(120));
      },
    },
    { highWaterMark: 0 },
  );
  return { stream, read };
}

function streamed(stream: ReadableStream<Uint8Array>, headers: Record<string, string>, method = 'POST') {
  return new Request('http://localhost:3000/api/x/', { method, body: stream, headers, duplex: 'half' } as RequestInit);
}

const UNSUPPORTED = 'The request body must be JSON or url-encoded form fields.';
const FOREIGN = 'This request came from another site and was refused.';

describe('route() wrapper: where a request may come from (issue 18, item 6)', () => {
  const calls: string[] = [];
  const writer = route('own', z.object({ name: z.string() }), async ({ input }) => {
    calls.push(input.name);
    return { saved: input.name };
  });
  const raw = rawRoute('public', async () => {
    calls.push('raw');
    return new Response(null, { status: 204 });
  });
  const json = (headers: Record<string, string>, method = 'POST') =>
    new Request('http://localhost:3000/api/x/', {
      method,
      body: method === 'GET' ? undefined : '{"name":"x"}',
      headers: { 'content-type': 'application/json', ...headers },
    });

  beforeEach(async () => {
    calls.length = 0;
    const { user } = await makeUser();
    await signInAs(user);
  });
  afterEach(() => {
    delete process.env.ALLOWED_ORIGINS;
  });

  it.each([
    ['another port of the host', { origin: 'http://localhost:8899' }],
    ['a sibling subdomain', { origin: 'http://evil.localhost:3000' }],
    ['the same host over another scheme', { origin: 'https://localhost:3000' }],
    ['an opaque origin (sandboxed frame, data: page)', { origin: 'null' }],
    ['a garbled Origin', { origin: 'not a url' }],
    ["the browser's verdict alone (Sec-Fetch-Site: same-site)", { origin: 'http://localhost:3000', 'sec-fetch-site': 'same-site' }],
    ['a cross-site fetch without Origin', { 'sec-fetch-site': 'cross-site' }],
    ['a Referer of another origin (no Origin)', { referer: 'http://localhost:8899/page' }],
    ['a Host that agrees with the forged Origin', { origin: 'http://localhost:8899', host: 'localhost:8899', 'x-forwarded-host': 'localhost:8899' }],
  ])('refuses a state-changing request from %s: 403 { message }, body unread, handler not called', async (_case, headers) => {
    const { stream, read } = countingBody(4, 1024);
    const res = await writer(streamed(stream, { 'content-type': 'application/json', ...headers }), ctx);
    expect(res.status).toBe(403);
    expect(await res.json()).toEqual({ message: FOREIGN });
    expect(read.chunks).toBe(0);
    expect(calls).toEqual([]);
    // rawRoute (the login form post, next-auth) holds to the same rule.
    const rawAnswer = await raw(json(headers), ctx);
    expect(rawAnswer.status).toBe(403);
    expect(calls).toEqual([]);
  });

  it.each([
    ["the site's own origin (SITE_URL / NEXTAUTH_URL, here the default)", { origin: 'http://localhost:3000' }],
    ['the same origin by the browser (Sec-Fetch-Site: same-origin)', { origin: 'http://localhost:3000', 'sec-fetch-site': 'same-origin' }],
    ['a user-initiated request (Sec-Fetch-Site: none)', { 'sec-fetch-site': 'none' }],
    ["a Referer of the site's own origin (no Origin)", { referer: 'http://localhost:3000/settings' }],
    ['a client that is no browser (neither Origin nor Sec-Fetch-Site)', {}],
  ])('accepts %s', async (_case, headers) => {
    const res = await writer(json(headers), ctx);
    expect(res.status).toBe(200);
    expect(calls).toEqual(['x']);
  });

  it('accepts the origins listed in ALLOWED_ORIGINS, and only those', async () => {
    process.env.ALLOWED_ORIGINS = 'https://admin.example.com, http://localhost:8899/';
    expect((await writer(json({ origin: 'http://localhost:8899', 'sec-fetch-site': 'same-site' }), ctx)).status).toBe(200);
    expect((await writer(json({ origin: 'https://admin.example.com', 'sec-fetch-site': 'cross-site' }), ctx)).status).toBe(200);
    expect((await writer(json({ origin: 'http://localhost:8898' }), ctx)).status).toBe(403);
    expect((await writer(json({ origin: 'http://admin.example.com' }), ctx)).status).toBe(403);
  });

  it('compares with SITE_URL when it is set, not with the Host the request names', async () => {
    const before = process.env.SITE_URL;
    process.env.SITE_URL = 'https://trust.example.com';
    try {
      expect((await writer(json({ origin: 'https://trust.example.com', host: 'internal:3000' }), ctx)).status).toBe(200);
      expect((await writer(json({ origin: 'http://localhost:3000', host: 'localhost:3000' }), ctx)).status).toBe(403);
    } finally {
      if (before === undefined) delete process.env.SITE_URL;
      else process.env.SITE_URL = before;
    }
  });

  it('leaves reads alone: a GET from another origin is answered', async () => {
    const reader = route('own', z.object({}), async () => ({ read: true }));
    const res = await reader(json({ origin: 'http://localhost:8899', 'sec-fetch-site': 'same-site' }, 'GET'), ctx);
    expect(res.status).toBe(200);
  });
});

describe('route() wrapper: which bodies it reads (issue 18, items 6 and 10)', () => {
  const names: string[] = [];
  const writer = route('own', z.object({ name: z.string() }), async ({ input }) => {
    names.push(input.name);
    return { saved: input.name };
  });
  const signUp = route('public', z.object({ name: z.string() }), async ({ input }) => ({ saved: input.name }));
  // Files wait in a folder of their own here, so the tests can see that none is left behind.
  const staging = fs.mkdtempSync(path.join(os.tmpdir(), 'trustwell-route-staging-'));
  afterAll(() => fs.rmSync(staging, { recursive: true, force: true }));
  const multipartOption = { multipart: { stagingDir: () => staging } };
  const waiting: { onDisk: string[] } = { onDisk: [] };
  const upload = route(
    'own',
    z.object({ name: z.string(), newFile: receivedFile('no file') }),
    async ({ input }) => {
      waiting.onDisk = fs.readdirSync(staging);
      return { name: input.name, bytes: input.newFile.size, held: fs.readFileSync(input.newFile.path).length };
    },
    multipartOption,
  );
  const publicUpload = route('public', z.object({ newFile: receivedFile('no file') }), async ({ input }) => ({ bytes: input.newFile.size }), multipartOption);

  function multipart(fileBytes: number) {
    const form = new FormData();
    form.set('name', 'with file');
    form.set('newFile', new File([new Uint8Array(fileBytes)], 'statement.pdf', { type: 'application/pdf' }));
    return new Request('http://localhost:3000/api/x/', { method: 'POST', body: form });
  }

  beforeEach(() => {
    names.length = 0;
    signOut();
  });

  it.each([
    ['text/plain (what a cross-site form or a no-cors fetch can send)', 'text/plain'],
    ['text/plain with a charset', 'text/plain;charset=UTF-8'],
    ['no content type', ''],
    ['an unknown type', 'application/xml'],
  ])('refuses a body of %s: 415 { message }, nothing done', async (_case, type) => {
    const { user } = await makeUser();
    await signInAs(user);
    const res = await writer(
      new Request('http://localhost:3000/api/x/', { method: 'POST', body: '{"name":"x"}', headers: type ? { 'content-type': type } : {} }),
      ctx,
    );
    expect(res.status).toBe(415);
    expect(await res.json()).toEqual({ message: UNSUPPORTED });
    expect(names).toEqual([]);
  });

  it('takes a POST without a body (no content type) as no fields', async () => {
    const { user } = await makeUser();
    await signInAs(user);
    const empty = route('own', z.object({}), async () => ({ ok: true }));
    expect((await empty(new Request('http://localhost:3000/api/x/', { method: 'POST' }), ctx)).status).toBe(200);
  });

  it('refuses multipart to a route that takes no file: 415 before reading a byte, signed in or not', async () => {
    for (const door of [writer, signUp]) {
      const { user } = await makeUser();
      await signInAs(user);
      const { stream, read } = countingBody(320); // 20 MB
      const res = await door(streamed(stream, { 'content-type': 'multipart/form-data; boundary=x', 'content-length': String(20 * 1024 * 1024) }), ctx);
      expect(res.status).toBe(415);
      expect(await res.json()).toEqual({ message: UNSUPPORTED });
      expect(read.chunks).toBe(0);
    }
  });

  it('a route that takes a file reads multipart only after the session and permission check', async () => {
    // A guest: 401, the body never read.
    const { stream, read } = countingBody(320);
    const refused = await upload(streamed(stream, { 'content-type': 'multipart/form-data; boundary=x' }), ctx);
    expect(refused.status).toBe(401);
    expect(read.chunks).toBe(0);
    // Signed in: the fields and the file.
    const { user } = await makeUser();
    await signInAs(user);
    const res = await upload(multipart(300 * 1024), ctx);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ name: 'with file', bytes: 300 * 1024, held: 300 * 1024 });
    // The file waited on disk while the handler ran (one temporary file, mode 600) and is gone after it.
    expect(waiting.onDisk).toEqual([expect.stringMatching(/^\.incoming-[A-Za-z0-9_-]{24}$/)]);
    expect(fs.readdirSync(staging)).toEqual([]);
    // Its allowance is the file limit, counted while reading.
    const over = countingBody(MAX_MULTIPART_BYTES / (64 * 1024) + 2);
    const tooLarge = await upload(streamed(over.stream, { 'content-type': 'multipart/form-data; boundary=x' }), ctx);
    expect(tooLarge.status).toBe(413);
    expect(over.read.chunks).toBeLessThanOrEqual(MAX_MULTIPART_BYTES / (64 * 1024) + 1);
  });

  it('a file part past the limit is refused while it is written, and its partial file removed', async () => {
    const { user } = await makeUser();
    await signInAs(user);
    const boundary = 'trustwell-limit';
    const head = new TextEncoder().encode(
      `--${boundary}\r\nContent-Disposition: form-data; name="newFile"; filename="big.pdf"\r\nContent-Type: application/pdf\r\n\r\n`,
    );
    let sent = 0;
    const body = new ReadableStream<Uint8Array>(
      {
        pull(controller) {
          controller.enqueue(sent === 0 ? head : new Uint8Array(1024 * 1024).fill(0x25));
          sent += 1;
          if (sent > 25) controller.close();
        },
      },
      { highWaterMark: 0 },
    );
    const res = await upload(streamed(body, { 'content-type': `multipart/form-data; boundary=${boundary}` }), ctx);
    expect(res.status).toBe(413);
    expect(sent).toBeLessThanOrEqual(23);
    expect(fs.readdirSync(staging)).toEqual([]);
  });

  it('a malformed multipart body is 400 { message } and leaves no file', async () => {
    const { user } = await makeUser();
    await signInAs(user);
    const cut = `--x\r\nContent-Disposition: form-data; name="newFile"; filename="a.pdf"\r\nContent-Type: application/pdf\r\n\r\n%PDF-1.4 and no closing boundary`;
    const res = await upload(post(cut, 'multipart/form-data; boundary=x'), ctx);
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ message: 'The form data could not be read.' });
    expect(fs.readdirSync(staging)).toEqual([]);
  });

  it('a JSON body cannot pass for a received file (it would name a path on the server)', async () => {
    const { user } = await makeUser();
    await signInAs(user);
    const forged = { name: 'x', newFile: { path: '/etc/passwd', name: 'passwd.txt', type: 'text/plain', size: 1 } };
    const res = await upload(post(JSON.stringify(forged)), ctx);
    expect(res.status).toBe(422);
    expect(await res.json()).toMatchObject({ message: expect.any(String) });
  });

  it('a public route reads at most 64 KB of anything, a multipart body included, before buffering more', async () => {
    expect((await publicUpload(multipart(10 * 1024), ctx)).status).toBe(200);
    // Declared too large: refused before a byte is read.
    const declared = countingBody(2);
    const res = await publicUpload(
      streamed(declared.stream, { 'content-type': 'multipart/form-data; boundary=x', 'content-length': String(MAX_BODY_BYTES + 1) }),
      ctx,
    );
    expect(res.status).toBe(413);
    expect(declared.read.chunks).toBe(0);
    // Streamed without a length: refused once the count passes the limit.
    const endless = countingBody(320);
    const streamedRes = await publicUpload(streamed(endless.stream, { 'content-type': 'multipart/form-data; boundary=x' }), ctx);
    expect(streamedRes.status).toBe(413);
    expect(endless.read.chunks).toBeLessThanOrEqual(2);
  });
});
