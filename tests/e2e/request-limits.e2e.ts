import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import path from 'node:path';
import { startScratchServer } from './helpers/scratch-server';

/*
 * Public routes and routes that take no file read no multipart body (issue 18, item 10): 24 parallel 19 MB
 * multipart posts to the login form post and the sign-up route are answered at once and leave the server's
 * memory where it was (before, each was buffered: +269 MB of RSS for 24). Measured on a server of its own,
 * whose process memory the test reads from /proc.
 *
 * Server actions read at most 64 KB, as the JSON routes do (next.config.mjs), not Next's default 1 MB.
 * Called the way the join form's browser code calls its action (the action's id from the build's
 * manifest): a valid sign-up padded past the limit is refused before it runs and writes nothing; the same
 * sign-up under the limit goes through. On a server and database of its own, so its sign-up does not count
 * against the shared server's sign-up brake.
 *
 * A refusal given while the body is still arriving closes its connection (issue 26, item 8): a chunked body
 * past the limit is answered 413 with `Connection: close` and the socket is ended, where before the next
 * request sent on that connection was never answered. Spoken over a raw socket, as HTTP/1.1 keep-alive.
 * The close lingers and the route's stopping to read no longer destroys the socket (issue 33): before, the
 * 413 raced the socket's end (no answer at all, or a reset instead of the server's FIN), and a client still
 * sending a refused 19 MB body saw "write EPIPE" instead of its 415, both seen in CI under load.
 */

function actionId(name: string): string {
  const manifest = JSON.parse(fs.readFileSync(path.join(process.cwd(), '.next/server/server-reference-manifest.json'), 'utf8')) as {
    node: Record<string, { exportedName?: string }>;
  };
  const id = Object.entries(manifest.node).find(([, entry]) => entry.exportedName === name)?.[0];
  if (!id) throw new Error(`no server action named ${name} in the build`);
  return id;
}

async function callAction(baseUrl: string, id: string, input: Record<string, unknown>) {
  const res = await fetch(`${baseUrl}/join`, {
    method: 'POST',
    headers: { 'next-action': id, 'content-type': 'text/plain;charset=UTF-8', accept: 'text/x-component', origin: baseUrl },
    body: JSON.stringify([input]),
  });
  return { status: res.status, body: await res.text() };
}

const MB = 1024 * 1024;

/** A multipart body carrying a file of `size` bytes, as an upload form would send it. */
function multipartBody(size: number): { body: Uint8Array<ArrayBuffer>; type: string } {
  const boundary = '----trustwell-limits';
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="email"\r\n\r\nlimits@e2e.example\r\n` +
      `--${boundary}\r\nContent-Disposition: form-data; name="newFile"; filename="big.bin"\r\nContent-Type: application/octet-stream\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  const body = new Uint8Array(size);
  body.fill(120);
  body.set(head, 0);
  body.set(tail, size - tail.length);
  return { body, type: `multipart/form-data; boundary=${boundary}` };
}

/** The resident memory of a process, in bytes. */
function rssOf(pid: number): number {
  const kb = /VmRSS:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
  return Number(kb) * 1024;
}

/**
 * Sends the head of a request that declares a `size`-byte multipart body and only its first `sent` bytes, then
 * waits for the answer without sending the rest: a server that reads the whole body before answering never answers.
 */
function answerBeforeBody(url: string, size: number, sent: number): Promise<{ status: number; location: string | undefined; text: string }> {
  const { body, type } = multipartBody(size);
  return new Promise((resolve, reject) => {
    const req = http.request(url, { method: 'POST', headers: { 'content-type': type, 'content-length': String(size) } });
    const timer = setTimeout(() => {
      req.destroy();
      reject(new Error(`no answer from ${url} within 15 s while its body was unsent`));
    }, 15_000);
    req.on('response', (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (text += chunk));
      res.on('end', () => {
        clearTimeout(timer);
        req.destroy();
        resolve({ status: res.statusCode ?? 0, location: res.headers.location, text });
      });
    });
    req.on('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
    req.write(body.subarray(0, sent));
  });
}

/**
 * Speaks HTTP/1.1 on one raw connection: a chunked JSON post of `size` bytes to `path`, then, once its answer
 * has come, a second request (GET /login) on the same connection. Resolves with the first answer's head and
 * what became of the connection within `waitMs`: the second request answered, the server ended the
 * connection, or neither (the second request left waiting).
 */
async function refusedChunkedThenAnother(port: number, path: string, size: number, waitMs = 10_000) {
  const socket = net.connect(port, '127.0.0.1');
  socket.on('error', () => undefined); // writing after the server closed: EPIPE, expected
  let received = '';
  let ended = false;
  socket.on('data', (data: Buffer) => (received += data.toString('latin1')));
  socket.on('end', () => (ended = true));
  await new Promise((resolve) => socket.once('connect', resolve));
  socket.write(`POST ${path} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n`);
  const chunk = Buffer.alloc(16 * 1024, 0x20);
  for (let sent = 0; sent < size; sent += chunk.length) socket.write(`${chunk.length.toString(16)}\r\n${chunk.toString('latin1')}\r\n`);
  socket.write('0\r\n\r\n');
  const until = async (done: () => boolean) => {
    for (const deadline = Date.now() + waitMs; !done() && Date.now() < deadline;) await new Promise((r) => setTimeout(r, 50));
  };
  await until(() => received.includes('\r\n\r\n') || ended);
  const head = received.split('\r\n\r\n')[0];
  const answered = () => received.lastIndexOf('HTTP/1.1 ') > 0;
  if (!ended) socket.write(`GET /login HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\n\r\n`);
  await until(() => answered() || ended);
  socket.destroy();
  return {
    status: head.split(' ')[1],
    connection: /^connection: *(.*)$/im.exec(head)?.[1]?.trim().toLowerCase() ?? null,
    next: answered() ? 'answered' : ended ? 'closed by the server' : 'left waiting',
  };
}

describe('request body limits', () => {
  it('/api/createClient/ answers a 19 MB multipart post before its body is sent; 24 in parallel to it and /login leave memory flat', async () => {
    const server = await startScratchServer(Number(process.env.E2E_PORT ?? 3100) + 70);
    try {
      // Refused unread: the route answers while 19 MB minus 256 KB of the body are still unsent. (POST /login
      // passes through Next's proxy, middleware.ts's rewrite to /api/login, which reads the body it forwards
      // to its end, keeping at most proxyClientMaxBodySize (64 KB) of it: its cost is the memory check below.)
      const create = await answerBeforeBody(`${server.url}/api/createClient/`, 19 * MB, 256 * 1024);
      expect({ status: create.status, body: JSON.parse(create.text) }).toEqual({
        status: 415,
        body: { message: 'The request body must be JSON or url-encoded form fields.' },
      });

      const big = multipartBody(19 * MB);
      const post = (path: string, { body, type } = big) =>
        fetch(`${server.url}${path}`, { method: 'POST', redirect: 'manual', headers: { 'content-type': type }, body }).then(async (res) => ({
          path,
          status: res.status,
          location: res.headers.get('location'),
          text: await res.text(),
        }));
      // Once each with a small body first, so loading the routes' code is not counted.
      await Promise.all([post('/login', multipartBody(1024)), post('/api/createClient/', multipartBody(1024))]);
      const before = rssOf(server.pid);
      let peak = before;
      const sampler = setInterval(() => (peak = Math.max(peak, rssOf(server.pid))), 25);
      const answers = await Promise.all(Array.from({ length: 24 }, (_, i) => post(i % 2 ? '/login' : '/api/createClient/'))).finally(() =>
        clearInterval(sampler),
      );
      peak = Math.max(peak, rssOf(server.pid));

      // Before: +269 MB for 24 such posts (each buffered, up to 20 MB; /login's also by the middleware). Now
      // 40-55 MB here while Node drained each unread body to keep the connection alive; since issue 26 such an
      // early answer closes the connection instead (scripts/server.mjs). When the collector runs depends on the
      // machine's load (95 MB seen once on a loaded CI machine), so the bound is loose; that nothing is
      // buffered is asserted above, where it does not depend on timing.
      expect(Math.round((peak - before) / MB)).toBeLessThan(160);
      for (const answer of answers) {
        if (answer.path === '/login') {
          // The form post answers every failure with its redirect back to the form.
          expect({ status: answer.status, location: answer.location }).toEqual({ status: 303, location: '/login?error=unknown' });
        } else {
          expect({ status: answer.status, body: JSON.parse(answer.text) }).toEqual({
            status: 415,
            body: { message: 'The request body must be JSON or url-encoded form fields.' },
          });
        }
      }
    } finally {
      await server.stop();
    }
  }, 180_000);

  it('a 413 for a chunked body over the limit closes its connection; before, the next request on it was never answered', async () => {
    const port = Number(process.env.E2E_PORT ?? 3100) + 71;
    const server = await startScratchServer(port);
    try {
      // The public sign-up route reads at most 64 KB; 1 MB is sent, chunked (no length to refuse it by).
      expect(await refusedChunkedThenAnother(port, '/api/createClient/', 1024 * 1024)).toEqual({
        status: '413',
        connection: 'close',
        next: 'closed by the server',
      });
      // The server itself is fine: a new connection is answered.
      expect((await fetch(`${server.url}/login`)).status).toBe(200);
    } finally {
      await server.stop();
    }
  }, 120_000);

  it('a server action refuses a body over 64 KB before running; the same call under it runs', async () => {
    const id = actionId('createClientAccountAction');
    const server = await startScratchServer(3193);
    try {
      const signUp = {
        first_name: 'Lim',
        middle_name: '',
        last_name: 'Its',
        suffix: '',
        email: 'limits@e2e.example',
        phone: '5035550100',
        password: 'Sturdy-Pass-42',
        password_confirmation: 'Sturdy-Pass-42',
        advisor_hash: '',
      };
      // Unknown keys are dropped by the action's schema, so only the size differs between the two calls. The
      // production server refuses the larger body before Next reads it (Next's own refusal was a 500).
      const over = await callAction(server.url, id, { ...signUp, padding: 'x'.repeat(70_000) });
      expect({ status: over.status, body: over.body }).toEqual({ status: 413, body: 'The request is too large (at most 64 KB).' });
      const under = await callAction(server.url, id, { ...signUp, padding: 'x'.repeat(60_000) });
      expect(under.status).toBe(200);
      // Created now, so the refused call wrote nothing (else: 'An account with this email already exists.').
      expect(under.body).toContain('"ok":true');
    } finally {
      await server.stop();
    }
  }, 120_000);
});
