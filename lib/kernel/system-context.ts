/**
 * The context of work no signed-in user asked for: background jobs. It has no actor, so nothing can mistake
 * it for a guest or a user; what it may reach is granted by the job that builds it (`reach`), never implied
 * by a missing actor. Audit rows written with it name no user and read "System".
 */
export type SystemContext = {
  readonly kind: 'system';
  /** The job (or maintenance task) doing the work, recorded as the audit row's user agent. */
  readonly job: string;
  /** Global reach, granted explicitly: a job that works on one household says so in its own queries. */
  readonly reach: 'global';
  readonly actor: null;
  readonly ip: 'system';
  readonly userAgent: string;
  /** The job's clock (lib/kernel/context.ts `now`): read once when the runner hands the job its context. */
  readonly now: Date;
};

/** Builds the system context of a job, at `now` (the moment the job runs, unless a test says otherwise). */
export function systemContext(job: string, now: Date = new Date()): SystemContext {
  return { kind: 'system', job, reach: 'global', actor: null, ip: 'system', userAgent: `job:${job}`, now };
}

/** Whether a context is a job's (system) context. */
export function isSystemContext(ctx: object): ctx is SystemContext {
  return (ctx as { kind?: unknown }).kind === 'system';
}
