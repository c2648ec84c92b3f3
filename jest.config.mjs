// One runner, four projects. Integration and e2e tests share a real database per worker
// (tests/helpers/global-setup.ts prepares it); unit and component tests never touch one.
const swc = [
  '@swc/jest',
  {
    jsc: {
      parser: { syntax: 'typescript', tsx: true },
      transform: { react: { runtime: 'automatic' } },
      target: 'es2022',
    },
    module: { type: 'commonjs' },
  },
];
const common = {
  transform: { '^.+\\.(t|j)sx?$': swc },
  // In order, first match wins: a stylesheet is mocked before the alias could resolve it (`@/…/x.module.css`).
  moduleNameMapper: {
    '\\.(css)$': '<rootDir>/tests/helpers/style-mock.js',
    '^@/(.*)$': '<rootDir>/$1',
    '^server-only$': '<rootDir>/tests/helpers/server-only.js',
  },
  testPathIgnorePatterns: ['/node_modules/', '/.next/'],
  // content-disposition 3 ships ES modules only; compile it like our own code so a plain `jest` run loads it.
  transformIgnorePatterns: ['/node_modules/(?!(content-disposition|@react-pdf|yoga-layout|color-string)/)'],
};

/** @type {import('jest').Config} */
const config = {
  // User-event typing in jsdom and real-database tests take seconds on this shared 2-core machine; a slow
  // run under load is not a failure. Budgets are measured by `npm run bench`, never by timeouts.
  testTimeout: 30_000,
  projects: [
    { ...common, displayName: 'unit', testEnvironment: 'node', testMatch: ['<rootDir>/tests/unit/**/*.test.ts'] },
    {
      ...common,
      displayName: 'components',
      testEnvironment: 'jsdom',
      testMatch: ['<rootDir>/tests/components/**/*.test.tsx'],
      setupFilesAfterEnv: ['<rootDir>/tests/helpers/setup-dom.ts'],
    },
    {
      ...common,
      displayName: 'integration',
      testEnvironment: 'node',
      testMatch: ['<rootDir>/tests/integration/**/*.test.ts'],
      globalSetup: '<rootDir>/tests/helpers/global-setup.ts',
      setupFiles: ['<rootDir>/tests/helpers/setup-env.ts'],
      setupFilesAfterEnv: ['<rootDir>/tests/helpers/setup-db.ts'],
    },
    {
      ...common,
      displayName: 'e2e',
      testEnvironment: 'node',
      testMatch: ['<rootDir>/tests/e2e/**/*.e2e.ts'],
    },
  ],
};

export default config;
