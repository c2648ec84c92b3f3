import type { NextAuthOptions } from 'next-auth';
import CredentialsProvider from 'next-auth/providers/credentials';
import { getSecrets } from '@/lib/config/secrets';
import { authenticate } from './authenticate';
import { SESSION_MAX_AGE_SECONDS } from './session';

/**
 * next-auth configuration: JWT sessions whose claims are user hash + session version (+ impersonator).
 * The credentials provider runs the same `authenticate` as the login form, so both doors share the
 * brute-force brakes and error texts.
 */
export function authOptions(): NextAuthOptions {
  return {
    secret: getSecrets().NEXTAUTH_SECRET,
    session: { strategy: 'jwt', maxAge: SESSION_MAX_AGE_SECONDS },
    pages: { signIn: '/login', signOut: '/logout', error: '/login' },
    providers: [
      CredentialsProvider({
        name: 'Email and password',
        credentials: { email: { label: 'Email', type: 'email' }, password: { label: 'Password', type: 'password' } },
        async authorize(credentials, req) {
          const forwarded = req?.headers?.['x-forwarded-for'];
          const ip = (Array.isArray(forwarded) ? forwarded[0] : forwarded)?.split(',')[0]?.trim() || 'unknown';
          const claims = await authenticate({ email: credentials?.email ?? '', password: credentials?.password ?? '', ip });
          return { id: claims.uid, sv: claims.sv } as { id: string; sv: number };
        },
      }),
    ],
    callbacks: {
      async jwt({ token, user }) {
        if (user) {
          token.uid = user.id;
          token.sv = (user as unknown as { sv: number }).sv;
        }
        return token;
      },
      async session({ session }) {
        // Identity and roles are loaded server-side per request (getActor); nothing sensitive goes here.
        return session;
      },
    },
  };
}
