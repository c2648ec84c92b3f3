// Builds the app with `next build` when there is no build or a source is newer than it. Shared by
// `npm start` and `npm run test:e2e`, so neither serves a stale build after an edit.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
// next.config.mjs takes the server action body limit from scripts/request-guard.mjs.
const sources = [
  'app',
  'components',
  'lib',
  'db',
  'middleware.ts',
  'instrumentation.ts',
  'instrumentation-client.ts',
  'next.config.mjs',
  'scripts/request-guard.mjs',
  'package.json',
];

function newestMtime(target) {
  const full = path.join(root, target);
  if (!fs.existsSync(full)) return 0;
  const stat = fs.statSync(full);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of fs.readdirSync(full)) newest = Math.max(newest, newestMtime(path.join(target, entry)));
  return newest;
}

/** Returns the build's exit status: 0 when the build is current or was rebuilt successfully. */
export function buildIfStale(env) {
  const buildId = path.join(root, '.next', 'BUILD_ID');
  const built = fs.existsSync(buildId) ? fs.statSync(buildId).mtimeMs : 0;
  if (built >= Math.max(...sources.map(newestMtime))) return 0;
  console.log('Building the app (first start, or the sources changed)...');
  const next = path.join(root, 'node_modules', 'next', 'dist', 'bin', 'next');
  const result = spawnSync(process.execPath, [next, 'build'], { cwd: root, env, stdio: 'inherit' });
  return result.status ?? 1;
}
