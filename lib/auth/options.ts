import 'server-only';
import type { NextAuthOptions } from 'next-auth';
import CredentialsProvider from 'next-auth/providers/credentials';
import { getSecrets } from '@/lib/config/secrets';
import { loadActor } from './actor';
import { authenticate } from './authenticate';
import { cookieFromHeader } from './device-cookie';
import { deviceCookieName, forgetCurrentSessionToken, isLiveClaims, rememberDevice, SESSION_MAX_AGE_SECONDS } from './session';
import { revokeTokenSessions } from './sign-out';

/** What the credentials provider hands the jwt callback: the claims of the session authenticate opened. */
type SignedInUser = { id: string; sv: number; sid: string; abs: number };

/** Thrown inside next-auth's jwt callback: next-auth then clears the cookie and answers "no session". */
class SessionEnded extends Error {
  constructor() {
    super('The session has ended.');
    this.name = 'SessionEnded';
  }
}

/**
 * next-auth configuration: JWT sessions whose claims are user hash, session version, session id, absolute
 * end (+ impersonator). The credentials provider runs the same `authenticate` as the login form, so both
 * doors share the brute-force brakes, the session rows and the error texts. next-auth's own endpoints agree
 * with the app about a session: every token they read is checked like getActor() checks it (absolute end,
 * user still there and enabled, session version current, session row live), so `GET /api/auth/session` on
 * a cookie the app refuses answers `{}` and clears it, and its sign-out revokes the session as /logout does.
 * `addressOf` reads the client's address from the request's headers: the door that serves next-auth's
 * endpoints passes the app's (lib/http/request.ts).
 */
export function authOptions(
  addressOf: (headers: Headers) => string = () => 'unknown',
  placeOf: (headers: Headers) => string | null = () => null,
): NextAuthOptions {
  return {
    secret: getSecrets().NEXTAUTH_SECRET,
    session: { strategy: 'jwt', maxAge: SESSION_MAX_AGE_SECONDS },
    pages: { signIn: '/login', signOut: '/logout', error: '/login' },
    logger: {
      // An ended session is an expected answer, not an error worth a stack trace in the log.
      error: (code, metadata) => {
        if (code === 'JWT_SESSION_ERROR' && (metadata as { name?: string } | undefined)?.name === 'SessionEnded') return;
        console.error(`[next-auth] ${code}`, metadata);
      },
      warn: () => {},
      debug: () => {},
    },
    providers: [
      CredentialsProvider({
        name: 'Email and password',
        credentials: { email: { label: 'Email', type: 'email' }, password: { label: 'Password', type: 'password' } },
        async authorize(credentials, req) {
          const headers = new Headers();
          for (const [key, value] of Object.entries(req?.headers ?? {})) {
            if (typeof value === 'string') headers.set(key, value);
          }
          const { claims, deviceToken } = await authenticate({
            email: credentials?.email ?? '',
            password: credentials?.password ?? '',
            ip: addressOf(headers),
            userAgent: headers.get('user-agent'),
            place: placeOf(headers),
            deviceCookie: cookieFromHeader(headers.get('cookie'), deviceCookieName()),
          });
          // The route handler's cookies: next-auth's response carries them, as the login form's does.
          await rememberDevice(deviceToken);
          return { id: claims.uid, sv: claims.sv, sid: claims.sid, abs: claims.abs } as SignedInUser;
        },
      }),
    ],
    events: {
      // next-auth's own sign-out (POST /api/auth/signout) clears the cookie; the sessions its token names are
      // revoked as /logout revokes them, so a copy of the cookie signs nobody in afterwards. (next-auth logs a
      // failure here as SIGNOUT_ERROR and still clears the cookie: it cannot answer an error.)
      async signOut({ token }) {
        if (!isLiveClaims(token)) return;
        await revokeTokenSessions(token);
        await forgetCurrentSessionToken();
      },
    },
    callbacks: {
      // next-auth's default throws on a callbackUrl that is not a URL (a 500): anything that is not a page of
      // this site goes to the site's root instead.
      redirect({ url, baseUrl }) {
        try {
          const target = new URL(url, baseUrl);
          return target.origin === new URL(baseUrl).origin ? target.toString() : baseUrl;
        } catch {
          return baseUrl;
        }
      },
      async jwt({ token, user }) {
        if (user) {
          // Signing in: the session (its row, and its absolute end) was recorded by authenticate.
          const { sv, sid, abs } = user as unknown as SignedInUser;
          return { ...token, uid: user.id, sv, sid, abs };
        }
        if (!isLiveClaims(token) || !(await loadActor(token))) throw new SessionEnded();
        return token;
      },
      async session({ session, token }) {
        // Identity and roles are loaded server-side per request (getActor); nothing sensitive goes here.
        const abs = (token as { abs?: number }).abs;
        return abs ? { ...session, expires: new Date(abs * 1000).toISOString() } : session;
      },
    },
  };
}
