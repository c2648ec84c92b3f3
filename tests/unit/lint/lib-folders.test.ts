import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

/*
 * Every folder of lib/ is in a layer of eslint.config.mjs (LIB_LAYERS), so a folder rule covers it; and in
 * every folder but the doors' and the start-up's, importing a door (lib/http, lib/actions) is a lint error,
 * by alias or by relative path. A folder no rule names would let anything in: a new folder fails here until
 * it is classified.
 */

const root = path.resolve(__dirname, '../../..');
jest.setTimeout(180_000);

type Probe = { file: string; code: string };
type Report = {
  layers: Record<string, string[]>;
  /** Per folder: whether ESLint's config for a file in it sets no-restricted-imports. */
  restricted: Record<string, boolean>;
  linted: (Probe & { messages: string[] })[];
};

/** Runs ESLint's Node API in its own process (the config is an ES module): the layers, the folders' configs and the probes' messages. */
function eslintReport(folders: string[], probes: Probe[]): Report {
  const script = `
    const { ESLint } = await import('eslint');
    const path = await import('node:path');
    const { pathToFileURL } = await import('node:url');
    const root = ${JSON.stringify(root)};
    const [folders, probes] = JSON.parse(process.argv[1]);
    const { LIB_LAYERS } = await import(pathToFileURL(path.join(root, 'eslint.config.mjs')).href);
    const eslint = new ESLint({ cwd: root });
    const restricted = {};
    for (const folder of folders) {
      const config = await eslint.calculateConfigForFile(path.join(root, 'lib', folder, 'probe.ts'));
      const rule = config?.rules?.['no-restricted-imports'];
      restricted[folder] = Array.isArray(rule) ? rule[0] === 2 || rule[0] === 'error' : rule === 2 || rule === 'error';
    }
    const linted = [];
    for (const p of probes) {
      const [result] = await eslint.lintText(p.code, { filePath: path.join(root, p.file) });
      linted.push({ ...p, messages: result.messages.filter((m) => m.ruleId === 'no-restricted-imports').map((m) => m.message) });
    }
    console.log(JSON.stringify({ layers: LIB_LAYERS, restricted, linted }));`;
  const text = execFileSync(process.execPath, ['--input-type=module', '-e', script, JSON.stringify([folders, probes])], {
    cwd: root,
    encoding: 'utf8',
    maxBuffer: 16 * 1024 * 1024,
  });
  return JSON.parse(text) as Report;
}

/** The folders of lib/ on disk. */
const onDisk = fs
  .readdirSync(path.join(root, 'lib'), { withFileTypes: true })
  .filter((e) => e.isDirectory())
  .map((e) => e.name)
  .sort();

/** The folders a layer may hold that import doors: the doors themselves and the composition root. */
const DOOR_LAYERS = ['doors', 'startup'];

/** The folders of a listing that no layer names. */
const unclassified = (layers: Record<string, string[]>, folders: string[]) => folders.filter((f) => !Object.values(layers).some((l) => l.includes(f)));

// A door imported three ways into a file of each folder (and one a level deeper), and into a file directly in lib/.
const doorProbes = (folder: string): Probe[] => [
  { file: `lib/${folder}/probe.ts`, code: "import { route } from '@/lib/http/route';\nexport const probe = route;\n" },
  { file: `lib/${folder}/probe.ts`, code: "import { sendReminderAction } from '@/lib/actions/advisors';\nexport const probe = sendReminderAction;\n" },
  { file: `lib/${folder}/probe.ts`, code: "import type { DoorPermission } from '../http/context';\nexport type Probe = DoorPermission;\n" },
  { file: `lib/${folder}/deeper/probe.ts`, code: "import { sendReminderAction } from '../../actions/advisors';\nexport const probe = sendReminderAction;\n" },
];
const besideProbes: Probe[] = [
  { file: 'lib/probe.ts', code: "import { route } from '@/lib/http/route';\nexport const probe = route;\n" },
  { file: 'lib/probe.ts', code: "import { sendReminderAction } from './actions/advisors';\nexport const probe = sendReminderAction;\n" },
  { file: 'lib/probe.ts', code: "import { loadIntake } from './intake/load';\nexport const probe = loadIntake;\n" },
];

// The layers are read from the config itself; the probes cover every classified folder (a folder another
// branch adds, lib/legacy, is probed before it exists) and every folder on disk.
const { layers } = eslintReport([], []);
const classified = Object.values(layers).flat();
const folders = [...new Set([...onDisk, ...classified])].sort();
const probes = [...folders.flatMap(doorProbes), ...besideProbes];
const report = eslintReport(folders, probes);
const layerOf = (folder: string) => Object.entries(layers).find(([, l]) => l.includes(folder))?.[0];

describe('every folder of lib/ is classified (eslint.config.mjs, LIB_LAYERS)', () => {
  it('no folder of lib/ is missing from the layers', () => {
    expect(unclassified(layers, onDisk)).toEqual([]);
  });

  it('would name a new folder that no layer holds', () => {
    expect(unclassified(layers, [...onDisk, 'brand-new-area'])).toEqual(['brand-new-area']);
  });

  it('no folder is in two layers', () => {
    expect(classified.filter((f, i) => classified.indexOf(f) !== i)).toEqual([]);
  });

  it('lib/legacy (the earlier front end’s contract) is a feature', () => {
    expect(layerOf('legacy')).toBe('features');
  });

  it.each(folders)('a folder rule covers lib/%s', (folder) => {
    expect(report.restricted[folder]).toBe(true);
  });
});

describe('a door imported below the doors is a lint error', () => {
  const mayImportDoors = folders.filter((f) => DOOR_LAYERS.includes(layerOf(f) ?? ''));

  it('only the doors and the start-up may import doors', () => {
    expect(mayImportDoors).toEqual(['actions', 'http', 'startup']);
  });

  const refused = report.linted.filter((p) => !mayImportDoors.some((f) => p.file.startsWith(`lib/${f}/`)));
  it.each(refused.map((p) => [`${p.file}: ${p.code.split('\n')[0]}`, p] as const))('refuses %s', (_label, probe) => {
    expect(probe.messages).toHaveLength(1);
  });
});
