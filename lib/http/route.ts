import 'server-only';
import { z } from 'zod';
import { getActor } from '@/lib/auth/actor';
import { AppError } from '@/lib/errors';
import type { DoorPermission, PublicContext, RequestContext } from './context';
import { authorizeDoor, declareDoor } from './door';
import { toPublicError } from './errors';
import { clientAddress, userAgentOf } from './request';

type Params = Record<string, string | string[]>;

/** JSON and form bodies larger than this are refused (413) before they are read into memory or parsed. */
export const MAX_BODY_BYTES = 64 * 1024;
/** Multipart bodies carry files (the document uploads); they get a larger allowance. */
export const MAX_MULTIPART_BYTES = 20 * 1024 * 1024;

function sizeText(bytes: number): string {
  return bytes >= 1024 * 1024 ? `${bytes / (1024 * 1024)} MB` : `${bytes / 1024} KB`;
}

/** Reads the body as bytes, refusing it as soon as it passes `limit` (declared or actual length). */
async function readLimited(request: Request, limit: number): Promise<Uint8Array> {
  const declared = Number(request.headers.get('content-length'));
  const tooLarge = () => new AppError('PAYLOAD_TOO_LARGE', `The request is too large (at most ${sizeText(limit)}).`);
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

function formToObject(entries: Iterable<[string, FormDataEntryValue | string]>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of entries) {
    // Legacy forms send repeated keys (or key[]) for lists.
    const name = key.endsWith('[]') ? key.slice(0, -2) : key;
    if (name in out) out[name] = ([] as unknown[]).concat(out[name], value);
    else out[name] = key.endsWith('[]') ? [value] : value;
  }
  return out;
}

/**
 * Reads a JSON, url-encoded or multipart body into a plain object (files stay File objects). JSON and
 * url-encoded bodies over MAX_BODY_BYTES are refused with 413 before parsing.
 */
export async function readBody(request: Request): Promise<Record<string, unknown>> {
  if (request.method === 'GET' || request.method === 'HEAD') return {};
  const type = request.headers.get('content-type') ?? '';
  if (type.includes('multipart/form-data')) {
    const bytes = await readLimited(request, MAX_MULTIPART_BYTES);
    const form = await new Response(bytes as unknown as BodyInit, { headers: { 'content-type': type } }).formData().catch(() => {
      throw new AppError('BAD_REQUEST', 'The form data could not be read.');
    });
    return formToObject(form.entries());
  }
  const text = new TextDecoder().decode(await readLimited(request, MAX_BODY_BYTES));
  if (type.includes('application/x-www-form-urlencoded')) return formToObject(new URLSearchParams(text).entries());
  if (!text.trim()) return {};
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
  return { actor, ip: clientAddress(request), userAgent: userAgentOf(request) };
}

type Call<C, I> = { ctx: C; input: I; params: Params; request: Request };
export type RouteHandler = ((request: Request, context: { params: Promise<Params> }) => Promise<Response>) & {
  readonly permission: DoorPermission;
};

/**
 * Wraps a compatibility route: checks the declared permission (401 for guests, 403 without the role),
 * reads and validates the legacy payload, calls the handler with the request context and answers JSON;
 * errors are `{ message }` with a 4xx/5xx status. A handler may return a Response to answer otherwise
 * (redirects, files).
 */
export function route<S extends z.ZodType>(
  permission: 'public',
  schema: S,
  handler: (call: Call<PublicContext, z.output<S>>) => Promise<unknown>,
): RouteHandler;
export function route<S extends z.ZodType>(
  permission: Exclude<DoorPermission, 'public'>,
  schema: S,
  handler: (call: Call<RequestContext, z.output<S>>) => Promise<unknown>,
): RouteHandler;
export function route<S extends z.ZodType>(
  permission: DoorPermission,
  schema: S,
  handler: (call: Call<RequestContext, z.output<S>>) => Promise<unknown>,
): RouteHandler {
  const run = async (request: Request, context: { params: Promise<Params> }) => {
    try {
      const actor = await getActor();
      authorizeDoor(permission, actor);
      const params = ((await context?.params) ?? {}) as Params;
      const input = schema.parse(await readBody(request));
      const result = await handler({ ctx: contextOf(actor, request) as RequestContext, input, params, request });
      return result instanceof Response ? result : Response.json(result ?? {});
    } catch (error) {
      return errorResponse(error);
    }
  };
  return declareDoor(run, permission);
}

/**
 * A door that handles the raw request itself (next-auth's endpoints, streamed files): the permission is
 * checked and the context built, but the body is left unread.
 */
export function rawRoute<C>(
  permission: DoorPermission,
  handler: (request: Request, ctx: PublicContext, context: C) => Promise<Response>,
): ((request: Request, context: C) => Promise<Response>) & { readonly permission: DoorPermission } {
  const run = async (request: Request, context: C) => {
    try {
      const actor = await getActor();
      authorizeDoor(permission, actor);
      return await handler(request, contextOf(actor, request), context);
    } catch (error) {
      return errorResponse(error);
    }
  };
  return declareDoor(run, permission);
}
