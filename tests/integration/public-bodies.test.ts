import { count } from 'drizzle-orm';
import { db } from '@/db';
import * as t from '@/db/schema';
import { POST as createClientPost } from '@/app/api/createClient/route';
import { POST as loginPost } from '@/app/api/login/route';
import { PEER_HEADER } from '@/lib/http/request';
import { signOut } from '../helpers/session';

/*
 * The public doors read no file (issue 18, item 10): a large multipart body to the login form post and to
 * the sign-up route is refused before a byte of it is read, whether its length is declared or not, and a
 * public body over 64 KB of any kind is refused while reading. The body is a stream that counts what the
 * server pulled from it.
 */

const ctx = { params: Promise.resolve({}) };
const MB = 1024 * 1024;
const CHUNK = 64 * 1024;

function countingBody(bytes: number) {
  const read = { bytes: 0 };
  const stream = new ReadableStream<Uint8Array>(
    {
      pull(controller) {
        if (read.bytes >= bytes) return controller.close();
        read.bytes += CHUNK;
        controller.enqueue(new Uint8Array(CHUNK).fill(120));
      },
    },
    { highWaterMark: 0 },
  );
  return { stream, read };
}

function post(path: string, stream: ReadableStream<Uint8Array>, headers: Record<string, string>) {
  return new Request(`http://localhost:3000${path}`, {
    method: 'POST',
    body: stream,
    headers: { [PEER_HEADER]: '198.51.100.77', ...headers },
    duplex: 'half',
  } as RequestInit);
}

async function rowCounts() {
  const [users] = await db.select({ n: count() }).from(t.users);
  const [attempts] = await db.select({ n: count() }).from(t.loginAttempts);
  return { users: users.n, attempts: attempts.n };
}

beforeEach(() => signOut());

describe.each([
  ['POST /login', '/login', (r: Request) => loginPost(r, ctx)],
  ['POST /api/createClient/', '/api/createClient/', (r: Request) => createClientPost(r, ctx)],
])('%s', (_name, path, call) => {
  const multipart = 'multipart/form-data; boundary=----x';

  it.each([
    ['declared (Content-Length: 19 MB)', { 'content-length': String(19 * MB) }],
    ['streamed without a length', {}],
  ])('refuses a 19 MB multipart body %s without reading it', async (_case, lengthHeader) => {
    const before = await rowCounts();
    const { stream, read } = countingBody(19 * MB);
    const res = await call(post(path, stream, { 'content-type': multipart, ...lengthHeader }));
    expect(read.bytes).toBe(0);
    if (path === '/login') {
      // The form post answers every failure with the redirect back to the form.
      expect(res.status).toBe(303);
      expect(res.headers.get('location')).toBe('/login?error=unknown');
    } else {
      expect(res.status).toBe(415);
      expect(await res.json()).toEqual({ message: 'The request body must be JSON or url-encoded form fields.' });
    }
    expect(await rowCounts()).toEqual(before);
  });

  it('reads at most 64 KB of a url-encoded body before refusing it', async () => {
    const { stream, read } = countingBody(19 * MB);
    const res = await call(post(path, stream, { 'content-type': 'application/x-www-form-urlencoded' }));
    expect(read.bytes).toBeLessThanOrEqual(2 * CHUNK);
    expect(res.status).toBe(path === '/login' ? 303 : 413);
  });
});
