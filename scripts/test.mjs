#!/usr/bin/env node
// `npm test`: unit, component and integration tests in one Jest run. Integration tests use embedded
// PGlite, or PostgreSQL when DATABASE_URL is set. Extra arguments go to Jest (a file's path runs that file).
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const jest = path.join(root, 'node_modules', 'jest', 'bin', 'jest.js');
// `--only=unit,components` (npm run test:unit) or `--only=integration` (npm run test:integration) picks
// projects; the other extra arguments go first: `--selectProjects` takes every word after it as a project.
const only = process.argv.slice(2).find((a) => a.startsWith('--only='));
const projects = only ? only.slice('--only='.length).split(',').filter(Boolean) : ['unit', 'components', 'integration'];
const args = [...process.argv.slice(2).filter((a) => a !== only), '--selectProjects', ...projects];
const env = {
  ...process.env,
  // PGlite's CommonJS build loads its WASM through dynamic import, which Jest's VM allows only with this flag.
  NODE_OPTIONS: [process.env.NODE_OPTIONS, '--experimental-vm-modules', '--no-warnings=ExperimentalWarning'].filter(Boolean).join(' '),
  JEST_MAX_WORKERS: process.env.JEST_MAX_WORKERS ?? '2',
};

// Jest's JSON results are always written (to a scratch file unless `--outputFile=` names one): they tell a
// crashed worker from a failed test.
const given = args.find((a) => a.startsWith('--outputFile='));
const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'trustwell-jest-'));
const outputFile = given ? path.resolve(root, given.slice('--outputFile='.length)) : path.join(scratch, 'results.json');
const runArgs = given ? args : ['--json', `--outputFile=${outputFile}`, ...args];
const run = (extra) => spawnSync(process.execPath, [jest, `--maxWorkers=${env.JEST_MAX_WORKERS}`, ...extra], { cwd: root, env, stdio: 'inherit' });

let status = run(runArgs).status ?? 1;
if (status !== 0) status = retryCrashedWorkers(outputFile) ?? status;
fs.rmSync(scratch, { recursive: true, force: true });
process.exit(status);

/*
 * A Jest worker killed by a signal is not a failed test: V8 itself aborts now and then in a worker running
 * PGlite's WebAssembly (seen in CI: "Check failed: jit_page_->allocations_.erase(addr) == 1", SIGTRAP; once
 * SIGSEGV), and the whole run went red by chance (issue 33). When every failure of the run is such a crash,
 * the crashed files run once more, alone; their new results replace the crashed ones in the JSON, and the
 * run passes only if they pass. A real failure anywhere, or a second crash, keeps the run red. Returns the
 * new exit status, or undefined when there was nothing to retry.
 */
function retryCrashedWorkers(file) {
  let results;
  try {
    results = JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch {
    return undefined;
  }
  const crashed = (t) =>
    t.status === 'failed' &&
    /worker process .* (was terminated|exited unexpectedly)/i.test(t.message ?? '') &&
    !t.assertionResults?.some((a) => a.status === 'failed');
  const failures = results.testResults.filter((t) => t.status === 'failed');
  if (!failures.length || !failures.every(crashed)) return undefined;
  const paths = failures.map((t) => t.name);
  console.log(
    `\n::: a Jest worker crashed (not a test failure) in ${paths.length} file(s); running them once more:\n${paths.map((p) => `  ${path.relative(root, p)}`).join('\n')}`,
  );
  const retryFile = path.join(scratch, 'retry.json');
  run(['--json', `--outputFile=${retryFile}`, '--selectProjects', ...projects, '--runTestsByPath', ...paths]);
  let retry;
  try {
    retry = JSON.parse(fs.readFileSync(retryFile, 'utf8'));
  } catch {
    return 1;
  }
  const byName = new Map(retry.testResults.map((t) => [t.name, t]));
  results.testResults = results.testResults.map((t) => byName.get(t.name) ?? t);
  for (const key of ['numPassedTests', 'numFailedTests', 'numPendingTests', 'numTotalTests']) results[key] += retry[key];
  results.numRuntimeErrorTestSuites = results.testResults.filter((t) => t.status === 'failed' && !t.assertionResults?.length).length;
  results.numFailedTestSuites = results.testResults.filter((t) => t.status === 'failed').length;
  results.numPassedTestSuites = results.testResults.filter((t) => t.status === 'passed').length;
  results.success = results.numFailedTestSuites === 0;
  fs.writeFileSync(file, JSON.stringify(results));
  console.log(`::: the crashed file(s) ${results.success ? 'passed on the second run' : 'failed again'}`);
  return results.success ? 0 : 1;
}
