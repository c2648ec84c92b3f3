import { z } from 'zod';
import { AppError } from '@/lib/errors';
import { PEER_HEADER } from '@/lib/http/request';
import { MAX_BODY_BYTES, route } from '@/lib/http/route';
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
    const res = await handler(post('{"name":"ctx"}', 'application/json', { [PEER_HEADER]: '198.51.100.20', 'x-forwarded-for': '6.6.6.6', 'user-agent': 'Jest/1' }), ctx);
    expect(res.status).toBe(200);
    expect(seen).toEqual({ ip: '198.51.100.20', userAgent: 'Jest/1' });
  });

  it('reads JSON, url-encoded and multipart bodies alike', async () => {
    const { user } = await makeUser();
    await signInAs(user);
    const form = new FormData();
    form.set('name', 'multipart');
    for (const [body, type] of [
      ['{"name":"json"}', 'application/json'],
      ['name=encoded', 'application/x-www-form-urlencoded'],
    ] as const) {
      const res = await handler(post(body, type), ctx);
      expect(res.status).toBe(200);
    }
    const res = await handler(new Request('http://localhost/api/x', { method: 'POST', body: form }), ctx);
    expect(await res.json()).toEqual({ hello: 'multipart', who: user.hash });
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
    const streamed = await handler(new Request('http://localhost/api/x/', { method: 'POST', body: stream, headers: { 'content-type': type }, duplex: 'half' } as RequestInit), ctx);
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
