import fs from 'node:fs';
import path from 'node:path';
import { absoluteUrl } from '@/lib/config/site';
import { DEMO_ACCOUNTS } from './demo';

/*
 * The demo password is random per seeded database, so the machine that seeds one writes it down:
 * `.data/demo-accounts.txt` (DEMO_ACCOUNTS_FILE), mode 600, listing the accounts, the password and the
 * advisor sign-up links. Later starts read the password back from it. scripts/e2e.mjs and scripts/bench.mjs
 * read the password line too: keep PASSWORD_LINE in step with them.
 */

export type AdvisorLink = { email: string; path: string };

const PASSWORD_LABEL = 'Password for all demo accounts:';
const PASSWORD_LINE = /^Password for all demo accounts: (\S+)\s*$/m;

/** Where the demo password is written: DEMO_ACCOUNTS_FILE, by default ./.data/demo-accounts.txt. */
export function demoAccountsFile(env: Record<string, string | undefined> = process.env): string {
  return path.resolve(/*turbopackIgnore: true*/ process.cwd(), env.DEMO_ACCOUNTS_FILE || '.data/demo-accounts.txt');
}

/**
 * One line per demo account: role, email, and, when given, what the account is now (`states`, by e-mail:
 * lib/seed/demo.ts demoAccountStates), since the roles describe the demo as it was seeded.
 */
export function demoAccountLines(indent = '  ', states: Record<string, string> = {}): string[] {
  const roleWidth = Math.max(...DEMO_ACCOUNTS.map((a) => a.role.length));
  const emailWidth = Math.max(...DEMO_ACCOUNTS.map((a) => a.email.length));
  return DEMO_ACCOUNTS.map((account) => {
    const state = states[account.email];
    const line = `${indent}${account.role.padEnd(roleWidth)}  ${state ? account.email.padEnd(emailWidth) : account.email}`;
    return state ? `${line}  now: ${state}` : line;
  });
}

/** The advisor sign-up links under their heading, or nothing when there are none. */
export function advisorLinkLines(links: AdvisorLink[]): string[] {
  if (links.length === 0) return [];
  const width = Math.max(...links.map((l) => l.email.length));
  return [
    'Advisor sign-up links (clients who join through one get the advisor discount)',
    ...links.map((link) => `  ${link.email.padEnd(width)}  ${absoluteUrl(link.path)}`),
  ];
}

/** The file's text: a warning, the password line, the accounts and the advisor links. */
export function demoAccountsText(password: string, links: AdvisorLink[], seededAt = new Date()): string {
  return [
    `# Trustwell demo accounts of the database seeded on ${seededAt.toISOString()}.`,
    '# The password signs in as every demo account, the admin included: keep this file private.',
    '',
    `${PASSWORD_LABEL} ${password}`,
    '',
    'Demo accounts',
    ...demoAccountLines(),
    ...(links.length > 0 ? ['', ...advisorLinkLines(links)] : []),
    '',
  ].join('\n');
}

/** Writes the demo-accounts file (mode 600, replacing an older one in one step); returns its path. */
export function writeDemoAccountsFile(password: string, links: AdvisorLink[], file = demoAccountsFile()): string {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const temporary = `${file}.${process.pid}.tmp`;
  try {
    fs.writeFileSync(temporary, demoAccountsText(password, links), { mode: 0o600 });
    fs.chmodSync(temporary, 0o600); // whatever the umask
    fs.renameSync(temporary, file);
  } finally {
    fs.rmSync(temporary, { force: true });
  }
  return file;
}

/**
 * The demo password recorded for this database, or null: no file, no password line, or a file left over
 * from another database (each seed draws new advisor hashes, so its links would not match `links`).
 */
export function readDemoPassword(links: AdvisorLink[], file = demoAccountsFile()): string | null {
  let text: string;
  try {
    text = fs.readFileSync(file, 'utf8');
  } catch {
    return null;
  }
  if (!links.every((link) => text.includes(link.path))) return null;
  return text.match(PASSWORD_LINE)?.[1] ?? null;
}
