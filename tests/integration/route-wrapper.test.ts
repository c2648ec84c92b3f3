import { z } from 'zod';
import { AppError } from '@/lib/errors';
import { route } from '@/lib/http/route';
import { makeUser } from '../helpers/factories';
import { signInAs, signOut } from '../helpers/session';

const handler = route(z.object({ name: z.string().min(1, 'Name is required.') }), async ({ actor, input }) => {
  if (input.name === 'forbidden') throw new AppError('FORBIDDEN');
  if (input.name === 'boom') throw new Error('database exploded: secret detail');
  return { hello: input.name, who: actor.hash };
});
const publicHandler = route(z.object({}), async ({ actor }) => ({ guest: actor === null }), { public: true });
const ctx = { params: Promise.resolve({}) };

function post(body: BodyInit, type = 'application/json') {
  return new Request('http://localhost/api/x/', { method: 'POST', body, headers: { 'content-type': type } });
}

describe('route() wrapper', () => {
  beforeEach(() => signOut());

  it('answers 401 { message } to guests', async () => {
    const res = await handler(post('{"name":"a"}'), ctx);
    expect(res.status).toBe(401);
    expect(await res.json()).toEqual({ message: 'Please sign in to continue.' });
  });

  it('lets guests into public routes', async () => {
    const res = await publicHandler(post(''), ctx);
    expect(await res.json()).toEqual({ guest: true });
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
