import NextAuth from 'next-auth';
import { NextRequest } from 'next/server';
import { authOptions } from '@/lib/auth/options';
import { AppError } from '@/lib/kernel/errors';
import { clientAddress, clientPlace } from '@/lib/http/request';
import { rawRoute, readBody } from '@/lib/http/route';

type NextAuthContext = { params: Promise<{ nextauth: string[] }> };

/**
 * next-auth reads a POST body itself and answers 500 to one it cannot parse. It gets the body already read
 * under the doors' rules instead (JSON or form fields, at most 64 KB: 400, 413 or 415 otherwise), as the
 * form fields it expects: text only.
 */
async function withCheckedBody(request: Request): Promise<NextRequest> {
  // Next hands route handlers a NextRequest; only a body needs replacing.
  if (request.method !== 'POST') return request as NextRequest;
  const fields = await readBody(request);
  const form = new URLSearchParams();
  for (const [key, value] of Object.entries(fields)) {
    if (typeof value !== 'string') throw new AppError('BAD_REQUEST', `The field ${key} must be text.`);
    form.set(key, value);
  }
  const headers = new Headers(request.headers);
  headers.set('content-type', 'application/x-www-form-urlencoded');
  headers.delete('content-length');
  return new NextRequest(request.url, { method: 'POST', headers, body: form.toString() });
}

// next-auth's own endpoints (csrf, session, sign-in callback, sign-out): public by nature; each one checks
// the session itself (lib/auth/options.ts) and agrees with the app about it.
const handler = rawRoute<NextAuthContext>('public', async (request, _ctx, context) =>
  NextAuth(authOptions(clientAddress, clientPlace))(await withCheckedBody(request), context),
);

export { handler as GET, handler as POST };
