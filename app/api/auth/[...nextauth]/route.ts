import NextAuth from 'next-auth';
import { authOptions } from '@/lib/auth/options';

// next-auth's own endpoints (csrf, session, sign-out, credentials callback).
function handler(req: Request, ctx: { params: Promise<{ nextauth: string[] }> }) {
  return NextAuth(authOptions())(req, ctx);
}

export { handler as GET, handler as POST };
