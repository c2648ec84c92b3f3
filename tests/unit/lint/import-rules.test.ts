import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/*
 * The folder rules of eslint.config.mjs and the circle check of scripts/check-imports.mjs (`npm run lint`
 * runs both), each shown failing on a deliberate violation and passing on what the tree does.
 */

const root = path.resolve(__dirname, '../../..');
jest.setTimeout(180_000);

type Case = { file: string; code: string };
type Linted = Case & { messages: string[] };

/** Lints source texts as if they were the given files, with the project's config, in one ESLint process. */
function lint(cases: Case[]): Linted[] {
  const script = `
    const { ESLint } = await import('eslint');
    const path = await import('node:path');
    const cases = JSON.parse(process.argv[1]);
    const eslint = new ESLint({ cwd: ${JSON.stringify(root)} });
    const out = [];
    for (const c of cases) {
      const [result] = await eslint.lintText(c.code, { filePath: path.join(${JSON.stringify(root)}, c.file) });
      out.push({ ...c, messages: result.messages.filter((m) => m.ruleId === 'no-restricted-imports').map((m) => m.message) });
    }
    console.log(JSON.stringify(out));`;
  const text = execFileSync(process.execPath, ['--input-type=module', '-e', script, JSON.stringify(cases)], {
    cwd: root,
    encoding: 'utf8',
    maxBuffer: 16 * 1024 * 1024,
  });
  return JSON.parse(text) as Linted[];
}

const refused: Case[] = [
  // The kernel imports no feature (nor any other folder of lib/).
  { file: 'lib/kernel/probe.ts', code: "import { loadIntake } from '@/lib/intake/load';\nexport const probe = loadIntake;\n" },
  { file: 'lib/kernel/probe.ts', code: "import type { IntakeView } from '../intake/types';\nexport type Probe = IntakeView;\n" },
  { file: 'lib/kernel/probe.ts', code: "import { assertUnlocked } from '@/lib/billing/feature-lock';\nexport const probe = assertUnlocked;\n" },
  // Features import no door and not the start-up.
  { file: 'lib/intake/probe.ts', code: "import type { DoorPermission } from '@/lib/http/context';\nexport type Probe = DoorPermission;\n" },
  { file: 'lib/auth/probe.ts', code: "import { clientAddress } from '@/lib/http/request';\nexport const probe = clientAddress;\n" },
  { file: 'lib/auth/jobs/probe.ts', code: "import { route } from '../../http/route';\nexport const probe = route;\n" },
  { file: 'lib/advisors/probe.ts', code: "import { sendReminderAction } from '@/lib/actions/advisors';\nexport const probe = sendReminderAction;\n" },
  { file: 'lib/mail/probe.ts', code: "import { allJobs } from '@/lib/startup/jobs';\nexport const probe = allJobs;\n" },
  // Features answer in their own terms: only the doors translate through the earlier front end's contract.
  { file: 'lib/files/probe.ts', code: "import { advisorsAnswer } from '@/lib/legacy/file-advisors-answer';\nexport const probe = advisorsAnswer;\n" },
  { file: 'lib/intake/probe.ts', code: "import type { LegacyClientExtras } from '../legacy/client-answer';\nexport type Probe = LegacyClientExtras;\n" },
  // lib/legacy sits with the features: no door, no start-up, no app/.
  { file: 'lib/legacy/probe.ts', code: "import { route } from '@/lib/http/route';\nexport const probe = route;\n" },
  { file: 'lib/legacy/probe.ts', code: "import { allJobs } from '../startup/jobs';\nexport const probe = allJobs;\n" },
  { file: 'lib/legacy/probe.ts', code: "import { POST } from '@/app/api/advisor/fetch/route';\nexport const probe = POST;\n" },
  // Validation imports no domain folder.
  { file: 'lib/validation/probe.ts', code: "import { deriveOwner } from '@/lib/intake/owners';\nexport const probe = deriveOwner;\n" },
  {
    file: 'lib/validation/probe.ts',
    code: "import { ESTATE_PLAN_STATUSES } from '@/lib/estate-plans/statuses';\nexport const probe = ESTATE_PLAN_STATUSES;\n",
  },
  // The jobs seam names no feature.
  { file: 'lib/jobs/probe.ts', code: "import { deliverMailJob } from '@/lib/mail/jobs/deliver-mail';\nexport const probe = deliverMailJob;\n" },
  // Components never import app/; lib/ never imports components/.
  { file: 'components/dashboard/probe.tsx', code: "import DashboardPage from '@/app/(workspace)/dashboard/page';\nexport const probe = DashboardPage;\n" },
  {
    file: 'components/intake/review/probe.tsx',
    code: "import { IntakePage } from '../../../app/(workspace)/client-info/intake-page';\nexport const probe = IntakePage;\n",
  },
  { file: 'lib/intake/probe.ts', code: "import { Button } from '@/components/ui/button';\nexport const probe = Button;\n" },
  // db/ imports nothing from lib/.
  { file: 'db/schema/probe.ts', code: "import { US_STATES } from '../../lib/validation/lists';\nexport const probe = US_STATES;\n" },
  { file: 'db/probe.ts', code: "import { seedDemoData } from '@/lib/seed/demo';\nexport const probe = seedDemoData;\n" },
  // Utilities are below the features.
  { file: 'lib/format/probe.ts', code: "import { loadIntake } from '@/lib/intake/load';\nexport const probe = loadIntake;\n" },
];

const allowed: Case[] = [
  { file: 'lib/kernel/probe.ts', code: "import { db } from '@/db';\nimport { AppError } from './errors';\nexport const probe = [db, AppError];\n" },
  {
    file: 'lib/intake/probe.ts',
    code: "import type { RequestContext } from '@/lib/kernel/context';\nimport { assertUnlocked } from '@/lib/billing/feature-lock';\nexport type Probe = RequestContext;\nexport const probe = assertUnlocked;\n",
  },
  {
    file: 'lib/auth/jobs/probe.ts',
    code: "import { defineJob } from '@/lib/jobs/define';\nimport { ACCOUNT_BRAKE } from '../sign-in-brake';\nexport const probe = [defineJob, ACCOUNT_BRAKE];\n",
  },
  {
    file: 'lib/validation/probe.ts',
    code: "import { STATE_CODES } from '@/db/schema/enums';\nimport { digitsOnly } from '@/lib/format/phone';\nexport const probe = [STATE_CODES, digitsOnly];\n",
  },
  { file: 'lib/http/probe.ts', code: "import { getActor } from '@/lib/auth/actor';\nexport const probe = getActor;\n" },
  { file: 'lib/startup/probe.ts', code: "import { deliverMailJob } from '@/lib/mail/jobs/deliver-mail';\nexport const probe = deliverMailJob;\n" },
  {
    file: 'lib/legacy/probe.ts',
    code: "import { loadIntake } from '@/lib/intake/load';\nimport type { RequestContext } from '@/lib/kernel/context';\nexport type Probe = RequestContext;\nexport const probe = loadIntake;\n",
  },
  { file: 'app/api/probe/route.ts', code: "import { fetchAdvisor } from '@/lib/legacy/fetch-advisor';\nexport const probe = fetchAdvisor;\n" },
  {
    file: 'components/dashboard/probe.tsx',
    code: "import { loadDashboard } from '@/lib/advisors/dashboard';\nimport type { ActionResult } from '@/lib/http/result';\nexport type Probe = ActionResult<unknown>;\nexport const probe = loadDashboard;\n",
  },
  { file: 'db/schema/probe.ts', code: "import { STATE_CODES } from './enums';\nexport const probe = STATE_CODES;\n" },
];

describe('the folder rules (eslint.config.mjs, no-restricted-imports)', () => {
  const results = lint([...refused, ...allowed]);
  it.each(refused.map((c, i) => [`${c.file}: ${c.code.split('\n')[0]}`, i] as const))('refuses %s', (_label, i) => {
    expect(results[i].messages).toHaveLength(1);
  });
  it.each(allowed.map((c, i) => [`${c.file}: ${c.code.split('\n')[0]}`, refused.length + i] as const))('allows %s', (_label, i) => {
    expect(results[i].messages).toEqual([]);
  });
});

describe('the circle check (scripts/check-imports.mjs)', () => {
  const script = path.join(root, 'scripts/check-imports.mjs');
  const run = (dir: string) => spawnSync(process.execPath, [script, '--root', dir], { encoding: 'utf8' });

  function tree(files: Record<string, string>): string {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'import-circles-'));
    for (const [file, text] of Object.entries(files)) {
      fs.mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
      fs.writeFileSync(path.join(dir, file), text);
    }
    return dir;
  }

  it('fails on a file circle, type-only and dynamic imports included', () => {
    const dir = tree({
      'lib/auth/actor.ts': "import type { Claims } from './session';\nexport type Actor = { claims: Claims };\n",
      'lib/auth/session.ts': "export type Claims = { uid: string };\nexport const load = () => import('./actor');\n",
    });
    const result = run(dir);
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('File circle: lib/auth/actor.ts -> lib/auth/session.ts -> lib/auth/actor.ts');
  });

  it('fails on a folder circle made of files that do not form one', () => {
    const dir = tree({
      'lib/intake/load.ts': "import { lockOf } from '@/lib/advisors/lock';\nexport const load = lockOf;\n",
      'lib/intake/rules.ts': 'export const RULES = 1;\n',
      'lib/advisors/lock.ts': 'export const lockOf = 1;\n',
      'lib/advisors/cache.ts': "import { RULES } from '../intake/rules';\nexport const cache = RULES;\n",
    });
    const result = run(dir);
    expect(result.status).toBe(1);
    expect(result.stderr).not.toContain('File circle');
    expect(result.stderr).toMatch(/Folder circle: lib\/(advisors -> lib\/intake -> lib\/advisors|intake -> lib\/advisors -> lib\/intake)/);
    expect(result.stderr).toContain('lib/intake/load.ts imports lib/advisors/lock.ts');
  });

  it('walks scripts/ too', () => {
    const dir = tree({
      'scripts/bench-a.mjs': "import { b } from './bench-b.mjs';\nexport const a = () => b;\n",
      'scripts/bench-b.mjs': "import { a } from './bench-a.mjs';\nexport const b = () => a;\n",
    });
    const result = run(dir);
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('File circle: scripts/bench-a.mjs -> scripts/bench-b.mjs -> scripts/bench-a.mjs');
  });

  it('passes on the tree', () => {
    const result = run(root);
    expect(result.stderr).toBe('');
    expect(result.status).toBe(0);
    expect(result.stdout).toMatch(/^No import circles among \d+ files\.\n$/);
  });
});
