import { z } from 'zod';
import { getActor, type Actor } from '@/lib/auth/actor';
import { AppError } from '@/lib/errors';
import { toPublicError } from './errors';

type Params = Record<string, string | string[]>;
type Context<I> = { actor: Actor; input: I; params: Params; request: Request };
type PublicContext<I> = Omit<Context<I>, 'actor'> & { actor: Actor | null };

/** Reads a JSON, multipart or url-encoded body into a plain object (files stay File objects). */
export async function readBody(request: Request): Promise<Record<string, unknown>> {
  if (request.method === 'GET' || request.method === 'HEAD') return {};
  const type = request.headers.get('content-type') ?? '';
  if (type.includes('multipart/form-data') || type.includes('application/x-www-form-urlencoded')) {
    const form = await request.formData().catch(() => {
      throw new AppError('BAD_REQUEST', 'The form data could not be read.');
    });
    const out: Record<string, unknown> = {};
    for (const [key, value] of form.entries()) {
      // Legacy forms send repeated keys (or key[]) for lists.
      const name = key.endsWith('[]') ? key.slice(0, -2) : key;
      if (name in out) out[name] = ([] as unknown[]).concat(out[name], value);
      else out[name] = key.endsWith('[]') ? [value] : value;
    }
    return out;
  }
  const text = await request.text();
  if (!text.trim()) return {};
  try {
    const parsed: unknown = JSON.parse(text);
    if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) throw new Error('not an object');
    return parsed as Record<string, unknown>;
  } catch {
    throw new AppError('BAD_REQUEST', 'The request body must be a JSON object.');
  }
}

function errorResponse(error: unknown): Response {
  const { status, message, fieldErrors } = toPublicError(error);
  return Response.json(fieldErrors ? { message, errors: fieldErrors } : { message }, { status });
}

type Handler<I> = (ctx: Context<I>) => Promise<unknown>;
type PublicHandler<I> = (ctx: PublicContext<I>) => Promise<unknown>;

/**
 * Wraps a compatibility route: reads and validates the legacy payload, resolves the actor (401 for guests
 * unless public), calls the handler and answers JSON; errors are `{ message }` with a 4xx/5xx status.
 * A handler may return a Response to answer otherwise (redirects, files).
 */
export function route<S extends z.ZodType>(schema: S, handler: Handler<z.output<S>>, options?: { public?: false }): RouteHandler;
export function route<S extends z.ZodType>(schema: S, handler: PublicHandler<z.output<S>>, options: { public: true }): RouteHandler;
export function route<S extends z.ZodType>(schema: S, handler: Handler<z.output<S>>, options: { public?: boolean } = {}): RouteHandler {
  return async (request, context) => {
    try {
      const actor = await getActor();
      if (!actor && !options.public) throw new AppError('UNAUTHENTICATED');
      const params = ((await context?.params) ?? {}) as Params;
      const input = schema.parse(await readBody(request));
      const result = await handler({ actor: actor as Actor, input, params, request });
      return result instanceof Response ? result : Response.json(result ?? {});
    } catch (error) {
      return errorResponse(error);
    }
  };
}

export type RouteHandler = (request: Request, context: { params: Promise<Params> }) => Promise<Response>;
