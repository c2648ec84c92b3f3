import 'server-only';
import { headers } from 'next/headers';
import { z } from 'zod';
import { getActor } from '@/lib/auth/actor';
import type { PublicContext, RequestContext } from '@/lib/kernel/context';
import type { DoorPermission } from './context';
import { authorizeDoor, declareDoor } from './door';
import { toPublicError } from './errors';
import { assertFromOwnPages } from './origin';
import { clientAddress, userAgentOf } from './request';
import type { ActionResult } from './result';

type Options = { message?: string | ((data: unknown) => string) };
type ServerAction<S extends z.ZodType, R> = ((input: z.input<S>) => Promise<ActionResult<R>>) & { readonly permission: DoorPermission };

/**
 * Wraps a domain function as a server action: refuses a call from another origin's page (403, as the
 * routes do; Next has already compared the Origin with the Host), checks the declared permission (guests
 * get "Please sign in", roles without it "You do not have permission"), parses the input with the schema
 * (field errors come back per field), builds the request context and calls the function; AppErrors become
 * their user message, anything else a generic one (logged without the values of a failed statement).
 */
export function action<S extends z.ZodType, R>(
  permission: 'public',
  schema: S,
  fn: (ctx: PublicContext, input: z.output<S>) => Promise<R>,
  options?: Options,
): ServerAction<S, R>;
export function action<S extends z.ZodType, R>(
  permission: Exclude<DoorPermission, 'public'>,
  schema: S,
  fn: (ctx: RequestContext, input: z.output<S>) => Promise<R>,
  options?: Options,
): ServerAction<S, R>;
export function action<S extends z.ZodType, R>(
  permission: DoorPermission,
  schema: S,
  fn: (ctx: RequestContext, input: z.output<S>) => Promise<R>,
  options: Options = {},
): ServerAction<S, R> {
  const run = async (input: z.input<S>): Promise<ActionResult<R>> => {
    try {
      const requestHeaders = await headers();
      // Every server action is a POST: state-changing by nature.
      assertFromOwnPages('POST', requestHeaders);
      const actor = await getActor();
      authorizeDoor(permission, actor);
      const parsed = schema.parse(input);
      const ctx = { actor, ip: clientAddress(requestHeaders), userAgent: userAgentOf(requestHeaders) } as RequestContext;
      const data = await fn(ctx, parsed);
      const message = typeof options.message === 'function' ? options.message(data) : options.message;
      return { ok: true, data, ...(message ? { message } : {}) };
    } catch (error) {
      // Next's redirect() and notFound() work by throwing; let them through.
      if (isNextControlFlow(error)) throw error;
      const { status, message, fieldErrors } = toPublicError(error);
      return { ok: false, status, message, ...(fieldErrors ? { fieldErrors } : {}) };
    }
  };
  return declareDoor(run, permission);
}

function isNextControlFlow(error: unknown): boolean {
  const digest = (error as { digest?: unknown } | null)?.digest;
  return typeof digest === 'string' && (digest.startsWith('NEXT_REDIRECT') || digest.startsWith('NEXT_HTTP_ERROR_FALLBACK'));
}
