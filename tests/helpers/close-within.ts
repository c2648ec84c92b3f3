/*
 * Closing what a test started outside itself (a database pool, a fake server, an SMTP sink, the job runner)
 * within a limit of its own, shorter than the hook's: when it does not close in time the failure says what
 * did not close and why it may have waited (issue 33), instead of Jest's "Exceeded timeout of 120000 ms for
 * a hook", which names neither.
 */
export async function closeWithin<T>(what: string, limitMs: number, close: () => Promise<T>, why = ''): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} did not close within ${Math.round(limitMs / 1000)} s${why ? `: ${why}` : ''}.`)), limitMs);
    timer.unref();
  });
  try {
    return await Promise.race([close(), late]);
  } finally {
    clearTimeout(timer);
  }
}
