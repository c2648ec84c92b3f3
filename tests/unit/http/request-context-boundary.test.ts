import fs from 'node:fs';
import path from 'node:path';

/*
 * Domain code gets the request context ({ actor, ip, userAgent }) from the door that called it; it never
 * reads headers or cookies itself. Only the doors (lib/http) and the session cookie's own module may.
 */
const root = path.resolve(__dirname, '../../..');
const ALLOWED = ['lib/http/', 'lib/auth/session.ts'];

function walk(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    return e.isDirectory() ? walk(full) : /\.(ts|tsx)$/.test(e.name) ? [full] : [];
  });
}

it('nothing under lib/ outside lib/http and lib/auth/session reads headers() or cookies()', () => {
  const offenders = walk(path.join(root, 'lib'))
    .map((file) => path.relative(root, file).split(path.sep).join('/'))
    .filter((rel) => !ALLOWED.some((allowed) => rel.startsWith(allowed)))
    .filter((rel) => /from ['"]next\/headers['"]/.test(fs.readFileSync(path.join(root, rel), 'utf8')));
  expect(offenders).toEqual([]);
});
