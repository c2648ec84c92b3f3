import fs from 'node:fs';
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

describe('request body limits', () => {
  it('24 parallel 19 MB multipart posts to /login and /api/createClient/ are refused unread: memory stays flat', async () => {
    const server = await startScratchServer(Number(process.env.E2E_PORT ?? 3100) + 70);
    try {
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

      // Before: +269 MB for 24 such posts (each buffered, up to 20 MB; /login's also by the middleware).
      expect(Math.round((peak - before) / MB)).toBeLessThan(64);
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
      // Unknown keys are dropped by the action's schema, so only the size differs between the two calls.
      const over = await callAction(server.url, id, { ...signUp, padding: 'x'.repeat(70_000) });
      expect(over.status).toBe(500);
      expect(over.body).not.toContain('"ok":true');
      const under = await callAction(server.url, id, { ...signUp, padding: 'x'.repeat(60_000) });
      expect(under.status).toBe(200);
      // Created now, so the refused call wrote nothing (else: 'An account with this email already exists.').
      expect(under.body).toContain('"ok":true');
    } finally {
      await server.stop();
    }
  }, 120_000);
});
