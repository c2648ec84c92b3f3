import { NextRequest } from 'next/server';
import { config, middleware } from '@/middleware';

/* middleware.ts only routes: which requests it redirects or rewrites, and which it leaves alone. */

const SESSION = 'next-auth.session-token=some.jwt.value';

function run(path: string, { cookie, method = 'GET' }: { cookie?: string; method?: string } = {}) {
  const request = new NextRequest(`http://localhost:3000${path}`, { method, headers: cookie ? { cookie } : {} });
  const response = middleware(request);
  return {
    status: response.status,
    location: response.headers.get('location'),
    rewrite: response.headers.get('x-middleware-rewrite'),
  };
}

describe('middleware', () => {
  it('leaves /trust to next.config.mjs (a cookie rewrite) so the static page never runs middleware', () => {
    expect(config.matcher.some((m) => m.startsWith('/trust'))).toBe(false);
    expect(run('/trust', { cookie: SESSION })).toEqual({ status: 200, location: null, rewrite: null });
  });

  it.each(['/dashboard', '/client-info', '/settings', '/new-client', '/dashboard/x', '/notifications'])(
    'sends guests from %s to login, remembering where they were going',
    (path) => {
      const { status, location } = run(`${path}?tab=1`);
      expect(status).toBe(307);
      const target = new URL(location!);
      expect(target.pathname).toBe('/login');
      expect(target.searchParams.get('next')).toBe(`${path}?tab=1`);
    },
  );

  it('lets a session cookie through to signed-in pages (the pages check it for real)', () => {
    expect(run('/dashboard', { cookie: SESSION })).toEqual({ status: 200, location: null, rewrite: null });
  });

  it.each(['/login', '/login/'])('routes the form post to %s to its handler', (path) => {
    expect(run(path, { method: 'POST' }).rewrite).toBe('http://localhost:3000/api/login');
    expect(run(path).rewrite).toBeNull();
  });

  it('leaves an unsubscribe link to its page, signed in or not (issue 29)', () => {
    expect(config.matcher.some((m) => m.startsWith('/unsubscribe'))).toBe(false);
    expect(run('/unsubscribe?token=x.y.z')).toEqual({ status: 200, location: null, rewrite: null });
  });

  it("never sees the API, so the gateway's webhook (no session) is not sent to /login", () => {
    expect(config.matcher.filter((m) => m.startsWith('/api'))).toEqual([]);
    expect(run('/api/webhooks/lawpay/some-secret', { method: 'POST' })).toEqual({ status: 200, location: null, rewrite: null });
  });
});
