import { localPath } from '@/lib/auth/landing';

/**
 * A 303 "see other" to a path on this site. The Location stays relative: behind a proxy the request URL's
 * host may not be the one the browser used, and the session cookie belongs to the latter. The target is
 * checked here once more, so no code path can turn a request's text into an off-site redirect; anything
 * that is not a local path goes home.
 */
export function seeOther(path: string): Response {
  return new Response(null, { status: 303, headers: { Location: localPath(path) ?? '/' } });
}
