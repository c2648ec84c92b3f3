import fs from 'node:fs';
import path from 'node:path';
import { ANY_ORIGIN, discoverDoors, isServerActionFile, root, walk, type Door } from './helpers/authorization-matrix';
import { MATRIX } from './helpers/authorization-matrix/matrix';

/*
 * The authorization matrix as a whole (tests/integration/helpers/authorization-matrix): every door found by
 * walking the tree has an entry and declares the permission its entry expects. The calls themselves run per
 * area, in the other authorization-matrix-*.test.ts files.
 */

let doors: Door[] = [];
beforeAll(async () => {
  doors = await discoverDoors();
}, 60_000);

describe('authorization matrix: the doors', () => {
  it('finds the doors by walking the tree (routes and server actions)', () => {
    expect(doors.length).toBeGreaterThanOrEqual(Object.keys(MATRIX).length);
    expect(doors.some((d) => d.id.startsWith('action '))).toBe(true);
    expect(doors.some((d) => d.id.startsWith('POST /api/'))).toBe(true);
  });

  it('has an entry for every door, and every entry names a door that exists', () => {
    const found = doors.map((d) => d.id).sort();
    expect(found.filter((id) => !(id in MATRIX))).toEqual([]);
    expect(Object.keys(MATRIX).filter((id) => !found.includes(id))).toEqual([]);
  });

  it('every door declares the permission the matrix expects (no door is written without deciding it)', () => {
    for (const door of doors) expect({ door: door.id, permission: door.permission }).toEqual({ door: door.id, permission: MATRIX[door.id]?.permission });
  });

  it('only the doors listed in ANY_ORIGIN skip the origin check, and each of them is public', () => {
    expect(doors.filter((d) => d.anyOrigin).map((d) => d.id)).toEqual(ANY_ORIGIN);
    for (const id of ANY_ORIGIN) expect({ id, permission: MATRIX[id]?.permission }).toEqual({ id, permission: 'public' });
  });

  it('no server action is defined inline: every one lives in a "use server" file that exports wrapped doors only', () => {
    const inline = [...walk(path.join(root, 'app')), ...walk(path.join(root, 'components')), ...walk(path.join(root, 'lib'))].filter((file) => {
      const source = fs.readFileSync(file, 'utf8');
      return /['"]use server['"]/.test(source) && !isServerActionFile(source);
    });
    expect(inline.map((f) => path.relative(root, f))).toEqual([]);
  });
});
