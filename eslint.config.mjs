import nextVitals from 'eslint-config-next/core-web-vitals';
import nextTs from 'eslint-config-next/typescript';

/*
 * Which folder may import which (docs/decisions.md, "Kernel and seams: the kernel"). From the bottom up:
 * db/ (drizzle, the schema and its value lists) imports nothing from lib/; lib/kernel (contexts, actor,
 * policy, read-only scope loaders, errors, audit, rowsOf) imports only db/; the utilities (config, format,
 * money, crypto, validation ...) and the seams (lib/jobs, lib/payments) import no feature; the features (lib/<area>)
 * import no door (lib/http, lib/actions) and not the start-up (lib/startup, the composition root that names
 * every feature's jobs); components never import app/. Type-only imports count too. Circles among files
 * and folders are found by scripts/check-imports.mjs, which `npm run lint` runs after ESLint.
 */

/**
 * Every folder of lib/ in its layer, from the bottom up. tests/unit/lint/import-rules.test.ts fails when a
 * folder of lib/ is in none of them (a folder no rule names would let anything in). The files directly in
 * lib/ (money.ts, crypto.ts, idempotency.ts ...) are utilities.
 */
export const LIB_LAYERS = {
  /** Contexts, actor, policy, scope loaders, errors, audit: imports only db/. */
  kernel: ['kernel'],
  /** The zod schemas and field rules: import only lib/format and lib/money. */
  validation: ['validation'],
  /** Configuration, formatting, people's names: below the features. */
  utilities: ['config', 'format', 'people'],
  /** Seams with their implementations (the job queue; the payment gateway: sandbox | LawPay): no feature. */
  seams: ['jobs', 'payments'],
  /** The features: domain folders (each a use case per file, queries, jobs); lib/legacy is the earlier front end's contract. */
  features: [
    'account-settings',
    'accounts',
    'activity',
    'admin',
    'advisors',
    'auth',
    'billing',
    'checkout',
    'estate-flow',
    'estate-plans',
    'files',
    'funding',
    'intake',
    'invites',
    'legacy',
    'legal-queue',
    'mail',
    'notifications',
    'overview',
    'plan-summary',
    'seed',
  ],
  /** The doors: the route() and action() wrappers and the server actions. */
  doors: ['http', 'actions'],
  /** The composition root (every feature's jobs). */
  startup: ['startup'],
};

/** The features: domain folders of lib/. */
export const FEATURES = LIB_LAYERS.features;
const features = FEATURES.join('|');

const pattern = (regex, message) => ({ regex, message });
const NO_APP = pattern('^(@/|(\\.\\./)+)app(/|$)', 'Only app/ imports app/: move what is shared to lib/ or components/.');
const NO_COMPONENTS = pattern('^(@/|(\\.\\./)+)components(/|$)', 'lib/ never imports components/ (the UI sits above it).');
const NO_DOORS = pattern(
  '^(@/lib/|(\\.\\./)+)(http|actions)(/|$)',
  'A feature imports no door (lib/http, lib/actions): take the context from lib/kernel/context.ts; the doors call the feature.',
);
const NO_STARTUP = pattern('^(@/lib/|(\\.\\./)+)startup(/|$)', 'lib/startup is the composition root: nothing below it imports it.');
const NO_LEGACY = pattern(
  '^(@/lib/|(\\.\\./)+)legacy(/|$)',
  "lib/legacy is the earlier front end's contract: only the doors (app/api routes) translate through it; a feature answers in its own terms.",
);
const NO_FEATURE = pattern(
  `^(@/lib/|(\\.\\./)+)(${features}|http|actions|startup)(/|$)`,
  'This folder is below the features and the doors: it imports none of them.',
);
/** The same for the files directly in lib/, whose relative imports of a folder start with `./`. */
const NO_FEATURE_BESIDE = pattern(
  `^\\./(${features}|http|actions|startup)(/|$)`,
  'The files directly in lib/ are utilities, below the features and the doors: they import none of them.',
);

/** Links go through components/ui/link.tsx, which does not prefetch per-user pages in the background. */
const NO_NEXT_LINK = pattern('^next/link$', "Import { Link } from '@/components/ui/link': it does not prefetch per-user pages (docs/decisions.md).");

/** no-restricted-imports for a set of files, with every pattern that applies to them (a later config would replace, not add to, an earlier one's options). */
const restrict = (name, files, patterns, ignores = []) => ({
  name: `imports/${name}`,
  files,
  ignores,
  rules: { 'no-restricted-imports': ['error', { patterns }] },
});

const LIB_FEATURE_FILES = FEATURES.map((f) => `lib/${f}/**`);

export const importRules = [
  restrict(
    'kernel',
    ['lib/kernel/**'],
    [
      pattern('^@/lib/(?!kernel/)', 'lib/kernel imports no other folder of lib/: every feature imports the kernel, never the other way round.'),
      pattern('^\\.\\./', 'lib/kernel imports no other folder of lib/ (relative paths included).'),
      NO_APP,
      NO_COMPONENTS,
    ],
  ),
  restrict('features', LIB_FEATURE_FILES, [NO_DOORS, NO_STARTUP, NO_APP, NO_COMPONENTS, NO_LEGACY]),
  // The earlier front end's contract: translations between its payloads and the features, above the features.
  restrict('legacy', ['lib/legacy/**'], [NO_DOORS, NO_STARTUP, NO_APP, NO_COMPONENTS]),
  restrict(
    'validation',
    ['lib/validation/**'],
    [
      pattern(
        '^@/lib/(?!validation/|format/|money$)',
        'lib/validation imports no domain folder: the value lists are db/schema/enums.ts, the field rules lib/validation and lib/format.',
      ),
      pattern('^\\.\\./', 'lib/validation imports no other folder of lib/ (relative paths included).'),
      NO_APP,
      NO_COMPONENTS,
    ],
  ),
  restrict(
    'jobs-seam',
    ['lib/jobs/**'],
    [
      pattern('^@/lib/(?!jobs/|kernel/)', 'The jobs seam (lib/jobs) names no feature: jobs live beside their use case and lib/startup/jobs.ts lists them.'),
      pattern('^\\.\\./(?!kernel/)', 'The jobs seam (lib/jobs) imports no folder of lib/ but the kernel (relative paths included).'),
      NO_APP,
      NO_COMPONENTS,
    ],
  ),
  // The payment gateway seam: its callers (lib/billing, lib/checkout) are features; it names none of them.
  restrict('payments-seam', ['lib/payments/**'], [NO_FEATURE, NO_APP, NO_COMPONENTS]),
  restrict(
    'utilities',
    LIB_LAYERS.utilities.map((f) => `lib/${f}/**`),
    [NO_FEATURE, NO_APP, NO_COMPONENTS],
  ),
  restrict('utilities-beside', ['lib/*.ts'], [NO_FEATURE, NO_FEATURE_BESIDE, NO_APP, NO_COMPONENTS]),
  restrict(
    'doors-and-startup',
    [...LIB_LAYERS.doors, ...LIB_LAYERS.startup].map((f) => `lib/${f}/**`),
    [NO_APP, NO_COMPONENTS],
  ),
  restrict('components', ['components/**'], [NO_APP, NO_STARTUP, NO_NEXT_LINK], ['components/ui/link.tsx']),
  restrict('the link', ['components/ui/link.tsx'], [NO_APP, NO_STARTUP]),
  restrict('app', ['app/**'], [NO_NEXT_LINK]),
  restrict(
    'db',
    ['db/**'],
    [
      pattern(
        '^(@/|(\\.\\./)+)lib(/|$)',
        'db/ imports nothing from lib/: the schema owns its value lists (db/schema/enums.ts) and start-up work lives in lib/startup.',
      ),
    ],
  ),
];

const config = [
  ...nextVitals,
  ...nextTs,
  { ignores: ['.next/**', '.data/**', 'node_modules/**', 'test-results/**', 'db/migrations/**', 'next-env.d.ts'] },
  ...importRules,
];

export default config;
