// Requests Next would answer with its own 500 (and, for most, an error and its stack in the log) before any
// of the app's code runs, refused first by scripts/server.mjs with a 4xx (issue 26 item 7):
//
//   - a path whose percent-encoding does not decode (/join/%ff): Next fails to decode a page's or a route's
//     parameters. 400 { message }.
//   - a server action call (a POST with a Next-Action header) that Next would refuse with a 500: from an
//     Origin whose host is not the request's (Next's own check, which also threw on an Origin that is no
//     URL), or that React could not decode into an argument list: not JSON, not a list, a `$` string that
//     refers to a part the body does not carry ("$F1", "$Q2", "$h1": "Connection closed"), a path reference
//     that leads nowhere, nesting deep enough to overflow the decoder's stack, a multipart body, over the
//     64 KB limit. An action whose id the build does not know gets Next's own answer for it, without Next's
//     log entry. The body read here is handed on to Next.
//   - a multipart body posted to a page: Next reads it as a form that may carry a no-JavaScript server
//     action, and a body it cannot parse (or one over the limit) was a 500. The app has no such forms;
//     files go to /api routes.
//
// Everything else goes to Next untouched.

import { readFile } from 'node:fs/promises';
import { Readable } from 'node:stream';

/** The largest server action body, in bytes; next.config.mjs gives Next the same (serverActions.bodySizeLimit). */
export const ACTION_BODY_LIMIT = 64 * 1024;
/** Deeper than anything a page sends (four levels), far below what overflows React's recursive decoder. */
export const ACTION_ARGUMENTS_MAX_DEPTH = 32;
/** Next's length for a server reference id (mightBeServerReferenceId in next/dist/shared/lib/server-reference-info.js). */
const ACTION_ID_LENGTH = 42;
/** middleware.ts routes these page paths' form posts to /api handlers (FORM_POSTS there): not pages. */
const FORM_POSTS = ['/login', '/login/', '/logout', '/logout/'];

const BAD_ARGUMENTS = "The request could not be understood: the action's arguments could not be read.";
/** The doors' answer to a request from another site (FOREIGN_ORIGIN, lib/http/origin.ts). */
const FOREIGN_ORIGIN = 'This request came from another site and was refused.';
const BAD_PATH = 'The address could not be understood: its percent-encoding does not decode.';
/** The routes' own answer to a body that is not JSON or form fields (lib/kernel/errors.ts), for pages too. */
const NOT_A_FORM = 'The request body must be JSON or url-encoded form fields.';

/**
 * What React decodes on its own, besides `$$`-escaped text: how its client encodes undefined and the numbers
 * JSON lacks. Every other `$` string names another part of a multipart body, a server function, a Date or a
 * bigint; none of which the app's pages send.
 */
const SELF_CONTAINED = new Set(['$undefined', '$NaN', '$Infinity', '$-Infinity', '$-0']);

/**
 * Whether Next would refuse a server action for its Origin, as its action handler decides (next.config.mjs
 * lists no serverActions.allowedOrigins): an Origin whose host is neither the first X-Forwarded-Host nor,
 * without one, the Host; `null` is such an Origin, and one that is no URL made Next throw. A call without
 * an Origin is Next's and the app's to judge (lib/http/origin.ts).
 */
export function isForeignActionOrigin(headers) {
  const origin = headers.origin;
  if (typeof origin !== 'string') return false;
  let originHost;
  try {
    originHost = origin === 'null' ? 'null' : new URL(origin).host;
  } catch {
    return true;
  }
  const forwardedHost = headers['x-forwarded-host']?.split(',')[0]?.trim();
  return originHost !== (forwardedHost || headers.host);
}

/** Whether every segment of the request's path percent-decodes (the query string is the page's to read). */
export function isDecodablePath(url) {
  const path = url.split('?')[0];
  try {
    for (const segment of path.split('/')) decodeURIComponent(segment);
    return true;
  } catch {
    return false;
  }
}

/**
 * Whether a `$0:key:key` string is a reference React's client wrote for an object met twice: the path from
 * the argument list (part 0) leads through objects to an object.
 */
function isPathToObject(args, value) {
  const [part, ...keys] = value.slice(1).split(':');
  if (part !== '0') return false;
  let node = args;
  for (const key of keys) {
    if (node === null || typeof node !== 'object' || !Object.hasOwn(node, key)) return false;
    node = node[key];
  }
  return node !== null && typeof node === 'object';
}

/**
 * Whether React can decode this text body into an argument list, as the app's pages encode one: a JSON list
 * of plain data, `$` strings only as above. (What the list holds is the action wrapper's to judge.)
 */
export function isDecodableActionBody(text) {
  let args;
  try {
    args = JSON.parse(text);
  } catch {
    return false;
  }
  if (!Array.isArray(args)) return false;
  // Walked without recursion, so no nesting overflows this check itself.
  const pending = [[args, 1]];
  while (pending.length) {
    const [value, depth] = pending.pop();
    if (typeof value === 'string') {
      if (value.startsWith('$') && !value.startsWith('$$') && !SELF_CONTAINED.has(value) && !isPathToObject(args, value)) return false;
    } else if (value !== null && typeof value === 'object') {
      if (depth > ACTION_ARGUMENTS_MAX_DEPTH) return false;
      for (const item of Object.values(value)) pending.push([item, depth + 1]);
    }
  }
  return true;
}

const mediaTypeOf = (req) => (req.headers['content-type'] ?? '').split(';')[0].trim().toLowerCase();

/** The body, or null once it passes `limit` bytes (declared or counted); the rest is left unread. */
function readUpTo(req, limit) {
  if (Number(req.headers['content-length']) > limit) return Promise.resolve(null);
  return new Promise((resolve, reject) => {
    const chunks = [];
    let size = 0;
    const onData = (chunk) => {
      size += chunk.length;
      if (size <= limit) {
        chunks.push(chunk);
        return;
      }
      // The rest flows on unkept, as Node drains any body left unread.
      req.removeListener('data', onData);
      resolve(null);
    };
    req.on('data', onData);
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', reject);
  });
}

/**
 * Makes a request whose body was read readable again, as Next does with a body its middleware read
 * (replaceRequestBody in next/dist/server/body-streams.js): the stream state of a Readable holding the
 * bytes replaces the request's own.
 */
function putBodyBack(req, bytes) {
  const replay = new Readable({ read() {} });
  replay.push(bytes);
  replay.push(null);
  for (const key in replay) {
    const value = replay[key];
    req[key] = typeof value === 'function' ? value.bind(req) : value;
  }
}

/**
 * @param {{ actionIds: Set<string>, headers: { key: string, value: string }[] }} options  the server action ids
 *   of the build (.next/server/server-reference-manifest.json), and the headers every answer of the app
 *   carries (lib/http/security-headers.mjs; Next adds them to its own answers from next.config.mjs)
 * @returns {(req: import('node:http').IncomingMessage, res: import('node:http').ServerResponse, next: () => void) => void}
 */
export function createRequestGuard({ actionIds, headers }) {
  function answer(res, status, type, body, extra = {}) {
    res.statusCode = status;
    for (const { key, value } of headers) res.setHeader(key, value);
    for (const [name, value] of Object.entries(extra)) res.setHeader(name, value);
    res.setHeader('Content-Type', type);
    res.end(body);
  }
  const answerJson = (res, status, message) => answer(res, status, 'application/json', JSON.stringify({ message }));
  /** Next's client shows a text/plain answer's text as the failed action's error. */
  const answerText = (res, status, message, extra) => answer(res, status, 'text/plain', message, extra);

  async function checkActionCall(req, res, next, id) {
    if (isForeignActionOrigin(req.headers)) return answerText(res, 403, FOREIGN_ORIGIN);
    if (!actionIds.has(id)) {
      // Next's answer to an id it does not know (a page from an older build, or a probe): its client reads the
      // header and reports the action as missing. Next would also log a warning with a stack.
      const status = id.length === ACTION_ID_LENGTH ? 409 : 400;
      return answerText(res, status, status === 409 ? 'Server Action unavailable.' : 'Invalid Server Action request.', {
        'x-nextjs-action-not-found': '1',
      });
    }
    if (mediaTypeOf(req) !== 'text/plain') return answerText(res, 415, BAD_ARGUMENTS);
    let body;
    try {
      body = await readUpTo(req, ACTION_BODY_LIMIT);
    } catch {
      // The client went away while sending its body: nothing to answer.
      return req.destroy();
    }
    if (!body) return answerText(res, 413, `The request is too large (at most ${ACTION_BODY_LIMIT / 1024} KB).`);
    if (!isDecodableActionBody(body.toString('utf8'))) return answerText(res, 400, BAD_ARGUMENTS);
    putBodyBack(req, body);
    next();
  }

  return (req, res, next) => {
    const url = req.url ?? '/';
    if (!isDecodablePath(url)) return answerJson(res, 400, BAD_PATH);
    if (req.method !== 'POST') return next();
    const id = req.headers['next-action'];
    if (typeof id === 'string') return void checkActionCall(req, res, next, id);
    const path = url.split('?')[0];
    const page = !path.startsWith('/api/') && !FORM_POSTS.includes(path);
    if (page && mediaTypeOf(req) === 'multipart/form-data') return answerJson(res, 415, NOT_A_FORM);
    next();
  };
}

/** The server action ids of the build in `distDir` (none when it has no manifest). */
export async function readActionIds(distDir) {
  try {
    const manifest = JSON.parse(await readFile(`${distDir}/server/server-reference-manifest.json`, 'utf8'));
    return new Set([...Object.keys(manifest.node ?? {}), ...Object.keys(manifest.edge ?? {})]);
  } catch {
    return new Set();
  }
}
