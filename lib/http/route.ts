import 'server-only';
import { z } from 'zod';
import { HASH_SHAPE } from '@/db/schema/columns';
import { getActor } from '@/lib/auth/actor';
import { AppError } from '@/lib/kernel/errors';
import type { PublicContext, RequestContext } from '@/lib/kernel/context';
import type { Door, DoorPermission } from './context';
import { authorizeDoor, declareDoor } from './door';
import { toPublicError } from './errors';
import { readMultipart, removeReceivedFiles, type MultipartBody, type ReceivedFile } from './multipart';
import { assertFromOwnPages } from './origin';
import { clientAddress, clientPlace, userAgentOf } from './request';

type Params = Record<string, string | string[]>;

/** JSON and form bodies larger than this are refused (413) before they are read into memory or parsed. */
export const MAX_BODY_BYTES = 64 * 1024;
/** Multipart bodies carry files, on the routes that take one after the session check; they get a larger allowance. */
export const MAX_MULTIPART_BYTES = 20 * 1024 * 1024;

const JSON_TYPE = 'application/json';
const FORM_TYPE = 'application/x-www-form-urlencoded';
const MULTIPART_TYPE = 'multipart/form-data';

function sizeText(bytes: number): string {
  return bytes >= 1024 * 1024 ? `${bytes / (1024 * 1024)} MB` : `${bytes / 1024} KB`;
}

const tooLargeFor = (limit: number) => () => new AppError('PAYLOAD_TOO_LARGE', `The request is too large (at most ${sizeText(limit)}).`);

/** Reads the body as bytes, refusing it (413) as soon as it passes `limit` (declared or actual length). */
export async function readLimited(request: Request, limit: number): Promise<Uint8Array> {
  const declared = Number(request.headers.get('content-length'));
  const tooLarge = tooLargeFor(limit);
  if (Number.isFinite(declared) && declared > limit) throw tooLarge();
  if (!request.body) return new Uint8Array();
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > limit) {
      await reader.cancel().catch(() => undefined);
      throw tooLarge();
    }
    chunks.push(value);
  }
  const out = new Uint8Array(total);
  let offset = 0;
  for (const chunk of chunks) {
    out.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return out;
}

function formToObject(entries: Iterable<[string, string | ReceivedFile]>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of entries) {
    // Legacy forms send repeated keys (or key[]) for lists.
    const name = key.endsWith('[]') ? key.slice(0, -2) : key;
    if (name in out) out[name] = ([] as unknown[]).concat(out[name], value);
    else out[name] = key.endsWith('[]') ? [value] : value;
  }
  return out;
}

/** The media type of the request's body, lower-cased without its parameters ('' when none is named). */
function mediaTypeOf(request: Request): string {
  return (request.headers.get('content-type') ?? '').split(';')[0].trim().toLowerCase();
}

/**
 * Reads a JSON or url-encoded body into a plain object, refusing (413) one over MAX_BODY_BYTES while
 * reading. Any other type is refused (415) before a byte is read: text/plain is what a form or a no-cors
 * fetch on another site can send without asking, and multipart carries files, which only a route that
 * takes one reads (route()'s `multipart` option, lib/http/multipart.ts). A body without a type must be
 * empty (a POST without fields).
 */
export async function readBody(request: Request): Promise<Record<string, unknown>> {
  if (request.method === 'GET' || request.method === 'HEAD') return {};
  const type = mediaTypeOf(request);
  if (type !== JSON_TYPE && type !== FORM_TYPE && type !== '') throw new AppError('UNSUPPORTED_MEDIA_TYPE');
  const text = new TextDecoder().decode(await readLimited(request, MAX_BODY_BYTES));
  if (type === FORM_TYPE) return formToObject(new URLSearchParams(text).entries());
  if (!text.trim()) return {};
  if (type === '') throw new AppError('UNSUPPORTED_MEDIA_TYPE');
  try {
    const parsed: unknown = JSON.parse(text);
    if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) throw new Error('not an object');
    return parsed as Record<string, unknown>;
  } catch {
    throw new AppError('BAD_REQUEST', 'The request body must be a JSON object.');
  }
}

/** The JSON error answer every route gives: `{ message }` (plus per-field `errors`) with a 4xx/5xx status. */
export function errorResponse(error: unknown): Response {
  const { status, message, fieldErrors } = toPublicError(error);
  return Response.json(fieldErrors ? { message, errors: fieldErrors } : { message }, { status });
}

/** Builds the request context of a route call from its request. */
export function contextOf<A>(actor: A, request: Request) {
  return { actor, ip: clientAddress(request), userAgent: userAgentOf(request), place: clientPlace(request), now: new Date() };
}

/**
 * The path parameters of a route call. Every parameter of the app's routes is a record's public address (a
 * hash, db/schema/columns.ts), so one that cannot be one (a NUL, percent-encoding left undecoded, 20,000
 * characters, '..') is not found (404) before any query: PostgreSQL's text cannot hold a NUL, and no
 * handler has to check its own.
 */
async function addressParams(context: { params: Promise<Params> } | undefined): Promise<Params> {
  const params = ((await context?.params) ?? {}) as Params;
  for (const value of Object.values(params)) {
    const parts: unknown[] = Array.isArray(value) ? value : [value];
    if (!parts.every((part) => typeof part === 'string' && HASH_SHAPE.test(part))) throw new AppError('NOT_FOUND');
  }
  return params;
}

type Call<C, I> = { ctx: C; input: I; params: Params; request: Request };
/**
 * `multipart`: the route takes a file (multipart/form-data), read only after the session and permission
 * check, its files written under `stagingDir()` as they arrive (ReceivedFile) and removed after the handler.
 */
export type RouteOptions = { multipart?: { stagingDir: () => string } };
export type RouteHandler = ((request: Request, context: { params: Promise<Params> }) => Promise<Response>) & {
  readonly permission: DoorPermission;
};

/**
 * Wraps a compatibility route: refuses a state-changing request from another site (403, lib/http/origin.ts),
 * checks the declared permission (401 for guests, 403 without the role), refuses a path parameter that
 * cannot be a record's address (404, addressParams), reads and validates the legacy payload (JSON or
 * url-encoded; multipart only with the `multipart` option, its files streamed to temporary files that are
 * removed once the handler is done), calls the handler with the request context and answers JSON; errors
 * are `{ message }` with a 4xx/5xx status. A handler may return a
 * Response to answer otherwise (redirects, files). A public route reads at most MAX_BODY_BYTES of anything.
 */
export function route<S extends z.ZodType>(
  permission: 'public',
  schema: S,
  handler: (call: Call<PublicContext, z.output<S>>) => Promise<unknown>,
  options?: RouteOptions,
): RouteHandler;
export function route<S extends z.ZodType>(
  permission: Exclude<DoorPermission, 'public'>,
  schema: S,
  handler: (call: Call<RequestContext, z.output<S>>) => Promise<unknown>,
  options?: RouteOptions,
): RouteHandler;
export function route<S extends z.ZodType>(
  permission: DoorPermission,
  schema: S,
  handler: (call: Call<RequestContext, z.output<S>>) => Promise<unknown>,
  options: RouteOptions = {},
): RouteHandler {
  const multipartLimit = permission === 'public' ? MAX_BODY_BYTES : MAX_MULTIPART_BYTES;
  const run = async (request: Request, context: { params: Promise<Params> }) => {
    let multipart: MultipartBody | undefined;
    try {
      assertFromOwnPages(request.method, request.headers);
      const actor = await getActor();
      authorizeDoor(permission, actor);
      const params = await addressParams(context);
      if (options.multipart && mediaTypeOf(request) === MULTIPART_TYPE) {
        const stagingDir = options.multipart.stagingDir();
        multipart = await readMultipart(request, { limit: multipartLimit, stagingDir, tooLarge: tooLargeFor(multipartLimit) });
      }
      const input = schema.parse(multipart ? formToObject(multipart.fields) : await readBody(request));
      const result = await handler({ ctx: contextOf(actor, request) as RequestContext, input, params, request });
      return result instanceof Response ? result : Response.json(result ?? {});
    } catch (error) {
      return errorResponse(error);
    } finally {
      await removeReceivedFiles(multipart);
    }
  };
  return declareDoor(run, permission);
}

/**
 * A door that handles the raw request itself (next-auth's endpoints, the login form post, streamed files):
 * the origin and the permission are checked as by route() and the context built, but the body is left unread.
 */
export function rawRoute<C>(
  permission: DoorPermission,
  handler: (request: Request, ctx: PublicContext, context: C) => Promise<Response>,
): ((request: Request, context: C) => Promise<Response>) & { readonly permission: DoorPermission } {
  const run = async (request: Request, context: C) => {
    try {
      assertFromOwnPages(request.method, request.headers);
      const actor = await getActor();
      authorizeDoor(permission, actor);
      return await handler(request, contextOf(actor, request), context);
    } catch (error) {
      return errorResponse(error);
    }
  };
  return declareDoor(run, permission);
}

/**
 * A door for a server that is not a browser: the payment gateway's webhook. It is public and answers from
 * any origin (the gateway posts from its own servers; the origin check guards cookies, and this door reads
 * none: its handler gets no actor whoever is signed in), so the handler must authenticate the call itself
 * (a secret) and trust nothing else in it. Marked `anyOrigin`, which the authorization matrix checks
 * against its own list: no door leaves the origin check without being named there.
 */
export function gatewayRoute<C>(
  handler: (request: Request, ctx: PublicContext, context: C) => Promise<Response>,
): ((request: Request, context: C) => Promise<Response>) & Door {
  const run = async (request: Request, context: C) => {
    try {
      authorizeDoor('public', null);
      return await handler(request, contextOf(null, request), context);
    } catch (error) {
      return errorResponse(error);
    }
  };
  return Object.assign(declareDoor(run, 'public'), { anyOrigin: true as const });
}
