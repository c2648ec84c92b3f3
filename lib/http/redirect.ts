/**
 * A 303 "see other" to a local path. The Location stays relative: behind `next start` or a proxy the
 * request URL's host may not be the one the browser used, and the session cookie belongs to the latter.
 */
export function seeOther(path: string): Response {
  return new Response(null, { status: 303, headers: { Location: path } });
}
