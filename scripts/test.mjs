#!/usr/bin/env node
// `npm test`: unit, component and integration tests in one Jest run. Integration tests use embedded
// PGlite, or PostgreSQL when DATABASE_URL is set. Extra arguments go to Jest (a file's path runs that file).
import { spawnSync } from 'node:child_process';
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
const result = spawnSync(process.execPath, [jest, `--maxWorkers=${env.JEST_MAX_WORKERS}`, ...args], { cwd: root, env, stdio: 'inherit' });
process.exit(result.status ?? 1);
