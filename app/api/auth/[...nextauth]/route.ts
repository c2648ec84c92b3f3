import NextAuth from 'next-auth';
import { authOptions } from '@/lib/auth/options';
import { clientAddress } from '@/lib/http/request';
import { rawRoute } from '@/lib/http/route';

type NextAuthContext = { params: Promise<{ nextauth: string[] }> };

// next-auth's own endpoints (csrf, session, sign-in callback, sign-out): public by nature; each one checks
// the session itself (lib/auth/options.ts) and agrees with the app about it.
const handler = rawRoute<NextAuthContext>('public', (request, _ctx, context) => NextAuth(authOptions((headers) => clientAddress(headers)))(request, context));

export { handler as GET, handler as POST };
