import type { Actor } from './actor';
import type { SystemContext } from './system-context';

/**
 * What a domain function knows about the request that called it, built by the doors (lib/http: `action()`,
 * `route()`, pages) and handed over as the first argument. Domain code never reads headers or cookies itself.
 */
export type RequestContext = {
  actor: Actor;
  /** The client's address (lib/http/request.ts clientAddress): the connection, or the trusted proxy's view. */
  ip: string;
  userAgent: string;
  /** The client's approximate place when a trusted proxy tells it (lib/http/request.ts clientPlace), else null or absent. */
  place?: string | null;
  /**
   * The request's clock, read once by the door that built the context: every rule, expiry and stamp of one
   * request uses this moment, so one request never straddles two, and a test moves the time by setting it.
   * Elapsed-time measures (timeouts, polling deadlines) still read the real clock.
   */
  now: Date;
};

/** The context of a public door: the caller may be a guest. */
export type PublicContext = Omit<RequestContext, 'actor'> & { actor: Actor | null };

/** Any context a write may be recorded under: a request's (user or guest) or a job's (lib/kernel/system-context.ts). */
export type AnyContext = PublicContext | SystemContext;
