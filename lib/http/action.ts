import { z } from 'zod';
import { getActor, type Actor } from '@/lib/auth/actor';
import { AppError } from '@/lib/errors';
import { toPublicError } from './errors';
import type { ActionResult } from './result';

type Options = { public?: boolean; message?: string | ((data: unknown) => string) };

/**
 * Wraps a domain function as a server action: resolves the actor from the session, parses the input with
 * the schema, runs the function, and answers an ActionResult. Domain functions do their own authorization
 * through the policy module; this wrapper only refuses guests on non-public actions.
 */
export function action<S extends z.ZodType, R>(
  schema: S,
  fn: (actor: Actor, input: z.output<S>) => Promise<R>,
  options?: Options & { public?: false },
): (input: z.input<S>) => Promise<ActionResult<R>>;
export function action<S extends z.ZodType, R>(
  schema: S,
  fn: (actor: Actor | null, input: z.output<S>) => Promise<R>,
  options: Options & { public: true },
): (input: z.input<S>) => Promise<ActionResult<R>>;
export function action<S extends z.ZodType, R>(
  schema: S,
  fn: (actor: Actor, input: z.output<S>) => Promise<R>,
  options: Options = {},
) {
  return async (input: z.input<S>): Promise<ActionResult<R>> => {
    try {
      const actor = await getActor();
      if (!actor && !options.public) throw new AppError('UNAUTHENTICATED');
      const parsed = schema.parse(input);
      const data = await fn(actor as Actor, parsed);
      const message = typeof options.message === 'function' ? options.message(data) : options.message;
      return { ok: true, data, ...(message ? { message } : {}) };
    } catch (error) {
      // Next's redirect() and notFound() work by throwing; let them through.
      if (isNextControlFlow(error)) throw error;
      const { message, fieldErrors } = toPublicError(error);
      return { ok: false, message, ...(fieldErrors ? { fieldErrors } : {}) };
    }
  };
}

function isNextControlFlow(error: unknown): boolean {
  const digest = (error as { digest?: unknown } | null)?.digest;
  return typeof digest === 'string' && (digest.startsWith('NEXT_REDIRECT') || digest.startsWith('NEXT_HTTP_ERROR_FALLBACK'));
}
