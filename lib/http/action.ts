import 'server-only';
import { headers } from 'next/headers';
import { z } from 'zod';
import { getActor } from '@/lib/auth/actor';
import { AppError } from '@/lib/kernel/errors';
import type { PublicContext, RequestContext } from '@/lib/kernel/context';
import type { DoorPermission } from './context';
import { authorizeDoor, declareDoor } from './door';
import { toPublicError } from './errors';
import { assertFromOwnPages } from './origin';
import { clientAddress, clientPlace, userAgentOf } from './request';
import type { ActionResult } from './result';

type Options = { message?: string | ((data: unknown) => string) };
type ServerAction<S extends z.ZodType, R> = ((input: z.input<S>) => Promise<ActionResult<R>>) & { readonly permission: DoorPermission };

/** What an action answers (400) to an argument list that is not one object of plain data (see argumentOf). */
export const ACTION_INPUT_MESSAGE = 'The request could not be understood: an action takes one object of fields.';

/**
 * Wraps a domain function as a server action: refuses a call from another origin's page (403, as the
 * routes do; Next has already compared the Origin with the Host), checks the declared permission (guests
 * get "Please sign in", roles without it "You do not have permission"), parses the input with the schema
 * (field errors come back per field), builds the request context and calls the function; AppErrors become
 * their user message, anything else a generic one (logged without the values of a failed statement).
 * Whatever arguments arrive, it answers (never throws, but for Next's redirect and notFound): an argument
 * list that is not one object of plain data is refused (400, ACTION_INPUT_MESSAGE) before the schema.
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
  // Next calls an action with the argument list it decoded from the request body: any list a caller sent.
  const run = async (...args: unknown[]): Promise<ActionResult<R>> => {
    try {
      const requestHeaders = await headers();
      // Every server action is a POST: state-changing by nature.
      assertFromOwnPages('POST', requestHeaders);
      const actor = await getActor();
      authorizeDoor(permission, actor);
      const parsed = schema.parse(argumentOf(args));
      const ctx = {
        actor,
        ip: clientAddress(requestHeaders),
        userAgent: userAgentOf(requestHeaders),
        place: clientPlace(requestHeaders),
        now: new Date(),
      } as RequestContext;
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
  return declareDoor(run as (input: z.input<S>) => Promise<ActionResult<R>>, permission);
}

/**
 * The one argument of an action: an object of plain data (objects, lists, text, numbers, booleans, null,
 * undefined), which is all the app's pages send. Next decodes the argument list from the request body, so
 * a caller can send none, null, a string or two objects, and React's `$` references can put a Map, a Date,
 * a promise, a function or FormData anywhere in it. The schemas were written for plain data (a promise
 * stops zod's synchronous parse; an object check read a field of null): anything else is refused here.
 */
function argumentOf(args: unknown[]): Record<string, unknown> {
  const [input] = args;
  if (args.length !== 1 || !isPlainObject(input) || !isPlainData(input)) throw new AppError('BAD_REQUEST', ACTION_INPUT_MESSAGE);
  return input;
}

/** An object literal's kind (its prototype is an Object.prototype, of any realm, or null): no Map, Date or class. */
function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const prototype = Object.getPrototypeOf(value) as object | null;
  return prototype === null || Object.getPrototypeOf(prototype) === null;
}

/** Whether everything inside is plain data; walked without recursion, so no nesting can overflow the stack. */
function isPlainData(root: Record<string, unknown>): boolean {
  const seen = new Set<object>();
  const pending: unknown[] = [root];
  while (pending.length) {
    const value = pending.pop();
    if (value === null || value === undefined || typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') continue;
    if (!Array.isArray(value) && !isPlainObject(value)) return false;
    // A value met twice (React decodes a repeated object as a reference to the first) is looked at once.
    if (seen.has(value)) continue;
    seen.add(value);
    for (const item of Object.values(value)) pending.push(item);
  }
  return true;
}

function isNextControlFlow(error: unknown): boolean {
  const digest = (error as { digest?: unknown } | null)?.digest;
  return typeof digest === 'string' && (digest.startsWith('NEXT_REDIRECT') || digest.startsWith('NEXT_HTTP_ERROR_FALLBACK'));
}
