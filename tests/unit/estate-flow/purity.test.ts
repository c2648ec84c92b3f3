import fs from 'node:fs';
import path from 'node:path';

/*
 * lib/estate-flow is pure (issue 30): a server component and a test call it with the intake as loaded and a
 * `now`. So it imports no database, no server-only module, no clock: only big.js, the money and format
 * helpers, its own files, and the intake's types.
 */

const folder = path.resolve(__dirname, '../../../lib/estate-flow');
const files = fs.readdirSync(folder).filter((f) => f.endsWith('.ts'));
const ALLOWED = [/^\.\//, /^big\.js$/, /^@\/lib\/money$/, /^@\/lib\/format\/(date|names)$/];
const TYPES_ONLY = [/^@\/lib\/intake\/(types|owners)$/];

describe('lib/estate-flow is pure', () => {
  it.each(files)('%s imports only pure helpers and the intake’s types', (file) => {
    const text = fs.readFileSync(path.join(folder, file), 'utf8');
    const imports = [...text.matchAll(/^(?:import|export)\s+(type\s+)?[^'"]*?from\s+'([^']+)'/gm)].map((m) => ({ typeOnly: Boolean(m[1]), from: m[2]! }));
    expect(imports.length).toBeGreaterThan(0);
    for (const { typeOnly, from } of imports) {
      const ok = ALLOWED.some((r) => r.test(from)) || (typeOnly && TYPES_ONLY.some((r) => r.test(from)));
      expect([file, from, ok]).toEqual([file, from, true]);
    }
    expect(text).not.toMatch(/new Date\(|Date\.now\(|server-only|process\.env/);
  });
});
