import { spawnSync } from 'node:child_process';
import path from 'node:path';

/**
 * scripts/server-flags.mjs re-executes the process with V8's memory settings before Next loads: run it in a
 * child Node (the one running the tests) and read back the flags the re-executed process got.
 */
const script = path.resolve(__dirname, '../../../scripts/server-flags.mjs');
const probe = `await import(${JSON.stringify(script)}); console.log(JSON.stringify(process.execArgv.filter((a) => a.startsWith('--') && a !== '--input-type=module')));`;

function flagsWith(env: Record<string, string | undefined>): string[] {
  const base = { ...process.env };
  delete base.SERVER_V8_FLAGS;
  delete base.NODE_OPTIONS;
  const run = spawnSync(process.execPath, ['--input-type=module', '-e', probe], { env: { ...base, ...env }, encoding: 'utf8' });
  if (run.status !== 0) throw new Error(run.stderr);
  return JSON.parse(run.stdout.trim().split('\n').pop() ?? '[]');
}

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
