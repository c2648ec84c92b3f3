import { NextRequest } from 'next/server';
import { POST as nextAuthPost } from '@/app/api/auth/[...nextauth]/route';
import { PEER_HEADER } from '@/lib/http/request';
import { makeAdvisor, TEST_PASSWORD } from '../helpers/factories';
import { signOut } from '../helpers/session';

/*
 * next-auth's own endpoints take bad input like every other door: a 4xx with { message }, never a 500 (the
 * fuzz test leaves this library endpoint out; these are its cases).
 */

let peer = 0;
async function post(action: string[], body: string, contentType: string) {
  peer += 1;
  const request = new NextRequest(`http://localhost:3000/api/auth/${action.join('/')}`, {
    method: 'POST',
    headers: { host: 'localhost:3000', origin: 'http://localhost:3000', 'content-type': contentType, [PEER_HEADER]: `198.19.0.${peer}` },
    body,
  });
  return nextAuthPost(request, { params: Promise.resolve({ nextauth: action }) });
}

beforeEach(() => signOut());

describe("next-auth's endpoints and bad input", () => {
  it('refuse a JSON body that does not parse with 400 and a message', async () => {
    const res = await post(['callback', 'credentials'], '{"email": ', 'application/json');
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ message: expect.any(String) });
  });

  it('refuse fields that are not text with 400', async () => {
    const res = await post(['callback', 'credentials'], JSON.stringify({ email: { toString: 'x' }, password: 'x' }), 'application/json');
    expect(res.status).toBe(400);
    expect((await res.json()).message).toContain('email');
  });

  it('send a callbackUrl that is not a URL to the site root instead of failing', async () => {
    const res = await post(['signout'], new URLSearchParams({ callbackUrl: 'http://[::1' }).toString(), 'application/x-www-form-urlencoded');
    expect(res.status).toBeLessThan(500);
    const res2 = await post(
      ['signin', 'credentials'],
      new URLSearchParams({ callbackUrl: 'https://evil.example/x' }).toString(),
      'application/x-www-form-urlencoded',
    );
    expect(res2.status).toBeLessThan(500);
    expect(res2.headers.get('location') ?? '').not.toContain('evil.example');
  });

  it('still sign in with good form fields', async () => {
    const { user } = await makeAdvisor();
    const csrf = 'unused';
    const res = await post(
      ['callback', 'credentials'],
      new URLSearchParams({ csrfToken: csrf, email: user.email, password: TEST_PASSWORD }).toString(),
      'application/x-www-form-urlencoded',
    );
    // Without next-auth's own CSRF cookie it sends the browser back to sign in; the point is it reads the form.
    expect(res.status).toBe(302);
  });
});
