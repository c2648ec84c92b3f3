import { NextResponse, type NextRequest } from 'next/server';

/*
 * Redirects only, never a guard: the real checks happen on the server in every page, action and route
 * (lib/kernel/policy.ts). Guests asking for a signed-in page go to /login; the form posts `POST /login` and
 * `POST /logout` are routed to their handlers, since those segments are pages. /unsubscribe and
 * /api/notifications/unsubscribe are never matched: a mail's link works without a session. (The signed-in variant of /trust is a
 * cookie-conditioned rewrite in next.config.mjs, so the static page never pays for running middleware.)
 */
const SIGNED_IN_PREFIXES = ['/dashboard', '/client-info', '/settings', '/new-client', '/notifications'];
const SESSION_COOKIES = ['next-auth.session-token', '__Secure-next-auth.session-token'];
const FORM_POSTS: Record<string, string> = { '/login': '/api/login', '/logout': '/api/logout' };

export function middleware(request: NextRequest) {
  const { pathname, search } = request.nextUrl;
  // The classic form posts land on page paths; their handlers live under /api.
  const formPost = request.method === 'POST' ? FORM_POSTS[pathname.replace(/\/$/, '')] : undefined;
  if (formPost) return NextResponse.rewrite(new URL(formPost, request.url));
  const needsSession = SIGNED_IN_PREFIXES.some((p) => pathname === p || pathname.startsWith(`${p}/`));
  const hasSession = SESSION_COOKIES.some((name) => request.cookies.has(name));
  if (needsSession && !hasSession) {
    const login = new URL('/login', request.url);
    login.searchParams.set('next', `${pathname}${search}`);
    return NextResponse.redirect(login);
  }
  return NextResponse.next();
}

export const config = {
  matcher: [
    '/login',
    '/login/',
    '/logout',
    '/logout/',
    '/dashboard/:path*',
    '/client-info/:path*',
    '/settings/:path*',
    '/new-client/:path*',
    '/notifications/:path*',
  ],
};
