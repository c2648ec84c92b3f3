import { spawnSync } from 'node:child_process';
import path from 'node:path';

/**
 * scripts/server-flags.mjs re-executes the process with V8's memory settings and the C library's allocator
 * settings before Next loads: run it in a child Node (the one running the tests) and read back the flags and
 * the GLIBC_TUNABLES the re-executed process got.
 */
const script = path.resolve(__dirname, '../../../scripts/server-flags.mjs');
const probe = `await import(${JSON.stringify(script)}); console.log(JSON.stringify({ flags: process.execArgv.filter((a) => a.startsWith('--') && a !== '--input-type=module'), tunables: process.env.GLIBC_TUNABLES ?? null, reexecuted: process.env.SERVER_GLIBC_TUNABLES === 'off' }));`;

function started(env: Record<string, string | undefined>): { flags: string[]; tunables: string | null; reexecuted: boolean } {
  const base = { ...process.env };
  delete base.SERVER_V8_FLAGS;
  delete base.SERVER_GLIBC_TUNABLES;
  delete base.GLIBC_TUNABLES;
  delete base.NODE_OPTIONS;
  const run = spawnSync(process.execPath, ['--input-type=module', '-e', probe], { env: { ...base, ...env }, encoding: 'utf8' });
  if (run.status !== 0) throw new Error(run.stderr);
  return JSON.parse(run.stdout.trim().split('\n').pop() ?? '{}');
}

const flagsWith = (env: Record<string, string | undefined>) => started(env).flags;
const tunablesWith = (env: Record<string, string | undefined>) => started(env).tunables;

/** The allocator's settings apply where the C library is glibc (this project's Linux machines and CI). */
const glibc = Boolean((process.report?.getReport() as { header?: { glibcVersionRuntime?: string } } | undefined)?.header?.glibcVersionRuntime);

// process.execve is in Node 22.15 and later; the test runner's Node is the project's (24).
const maybe = typeof (process as { execve?: unknown }).execve === 'function' ? it : it.skip;

describe('the server process V8 flags', () => {
  maybe('adds the committed heap limits by default', () => {
    expect(flagsWith({})).toEqual(['--max-old-space-size=512', '--max-semi-space-size=16']);
  });

  maybe('starts without them when SERVER_V8_FLAGS=off', () => {
    expect(flagsWith({ SERVER_V8_FLAGS: 'off' })).toEqual([]);
  });

  maybe('takes a list in SERVER_V8_FLAGS instead, also flags NODE_OPTIONS refuses', () => {
    expect(flagsWith({ SERVER_V8_FLAGS: '--max-old-space-size=300,--minor-ms' })).toEqual(['--max-old-space-size=300', '--minor-ms']);
  });

  maybe("keeps an operator's own value of a flag (NODE_OPTIONS wins)", () => {
    expect(flagsWith({ NODE_OPTIONS: '--max-old-space-size=1024' })).toEqual(['--max-semi-space-size=16']);
  });
});

describe("the server process's allocator settings (glibc)", () => {
  const onGlibc = typeof (process as { execve?: unknown }).execve === 'function' && glibc ? it : it.skip;

  onGlibc("fixes malloc's thresholds by default, beside the V8 flags", () => {
    expect(started({})).toEqual({
      flags: ['--max-old-space-size=512', '--max-semi-space-size=16'],
      tunables: 'glibc.malloc.trim_threshold=131072',
      reexecuted: true,
    });
  });

  onGlibc('sets them also when the V8 flags are off (the bench compares V8 limits alone)', () => {
    expect(started({ SERVER_V8_FLAGS: 'off' })).toEqual({ flags: [], tunables: 'glibc.malloc.trim_threshold=131072', reexecuted: true });
  });

  onGlibc('starts without them when SERVER_GLIBC_TUNABLES=off, and takes a list in it instead', () => {
    expect(tunablesWith({ SERVER_GLIBC_TUNABLES: 'off' })).toBeNull();
    expect(tunablesWith({ SERVER_GLIBC_TUNABLES: 'glibc.malloc.mmap_threshold=262144:glibc.malloc.arena_max=2' })).toBe(
      'glibc.malloc.mmap_threshold=262144:glibc.malloc.arena_max=2',
    );
  });

  onGlibc("keeps an operator's GLIBC_TUNABLES, its own value of a setting winning", () => {
    expect(tunablesWith({ GLIBC_TUNABLES: 'glibc.malloc.arena_max=2' })).toBe('glibc.malloc.arena_max=2:glibc.malloc.trim_threshold=131072');
    expect(tunablesWith({ GLIBC_TUNABLES: 'glibc.malloc.trim_threshold=1048576' })).toBe('glibc.malloc.trim_threshold=1048576');
  });

  onGlibc('does not re-execute when everything is already set', () => {
    expect(started({ GLIBC_TUNABLES: 'glibc.malloc.trim_threshold=131072', SERVER_V8_FLAGS: 'off' })).toEqual({
      flags: [],
      tunables: 'glibc.malloc.trim_threshold=131072',
      reexecuted: false,
    });
  });
});
