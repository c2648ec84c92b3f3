import { resolveBaseUrl } from '@/lib/config/site';
import { AppError } from '@/lib/kernel/errors';

type Env = Record<string, string | undefined>;

/** Fetch metadata values that mean "not from one of this origin's pages" (a browser's own verdict). */
const FOREIGN_FETCH_SITES = new Set(['same-site', 'cross-site']);

/**
 * The origins whose pages may send state-changing requests: the site's own (SITE_URL, else NEXTAUTH_URL, as
 * for canonical links) and any listed in ALLOWED_ORIGINS (commas or spaces between them). An entry that is
 * not an absolute URL is a configuration error, named in the message (the server refuses to start on it).
 */
export function trustedOrigins(env: Env = process.env): { site: string; listed: string[] } {
  const listed = (env.ALLOWED_ORIGINS ?? '')
    .split(/[\s,]+/)
    .filter(Boolean)
    .map((entry) => {
      try {
        return new URL(entry).origin;
      } catch {
        throw new Error(`ALLOWED_ORIGINS: "${entry}" is not an absolute URL (e.g. https://admin.example.com).`);
      }
    });
  return { site: resolveBaseUrl(env), listed };
}

/** The origin of an Origin or Referer header's value; null when it has none ('null', garbage). */
function originOf(value: string): string | null {
  try {
    const origin = new URL(value).origin;
    return origin === 'null' ? null : origin;
  } catch {
    return null;
  }
}

/**
 * Whether a state-changing request comes from one of the app's own pages, compared with the configured
 * origins rather than the Host header (which names whatever the request was sent to; behind a proxy it may
 * be the proxy's idea of the host). Browsers send Origin with every POST (Referer is the fallback of older
 * ones) and, nowadays, Sec-Fetch-Site: a request from another origin of the same site (another port, a
 * sibling subdomain) still carries SameSite=Lax cookies, so either header naming another origin refuses it,
 * unless that origin is listed. A request with neither header comes from a client that is no browser
 * (curl, a server), which holds no one else's cookie: it is let through, and the session decides.
 */
export function isFromOwnPages(headers: Headers, env: Env = process.env): boolean {
  const { site, listed } = trustedOrigins(env);
  const declared = headers.get('origin') ?? headers.get('referer');
  if (declared !== null) {
    const origin = originOf(declared);
    if (origin === null) return false;
    if (listed.includes(origin)) return true;
    if (origin !== site) return false;
  }
  return !FOREIGN_FETCH_SITES.has(headers.get('sec-fetch-site') ?? '');
}

/** What a request from another site is answered (403), by every door. */
export const FOREIGN_ORIGIN = 'This request came from another site and was refused.';

const READS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * The check every door (route, raw route, server action) runs first: a state-changing request (anything but
 * GET, HEAD, OPTIONS) that did not come from the app's own pages is refused with 403, before the session is
 * read or the body touched.
 */
export function assertFromOwnPages(method: string, headers: Headers): void {
  if (READS.has(method.toUpperCase())) return;
  if (!isFromOwnPages(headers)) throw new AppError('FORBIDDEN', FOREIGN_ORIGIN);
}
