/**
 * Browser tests: Debian's Chromium, driven by playwright-core, against the real built store (`node
 * apps/api/dist/main.js` serving apps/web/dist) on a fresh database. The global setup starts that server once;
 * the spec files run one after the other because they share its catalogue. Screenshots go to
 * artifacts/screenshots/. Needs the build of the first `npm test` step (or `npm run build`).
 */
export default {
  displayName: 'browser',
  rootDir: '.',
  testEnvironment: 'node',
  testMatch: ['<rootDir>/**/*.e2e-spec.ts'],
  globalSetup: '<rootDir>/support/global-setup.mjs',
  globalTeardown: '<rootDir>/support/global-teardown.mjs',
  maxWorkers: 1,
  testTimeout: 90000,
  moduleNameMapper: {
    '^@store/contract$': '<rootDir>/../../../libs/contract/src/index.ts',
    '^@store/contract/dto/(.*)$': '<rootDir>/../../../libs/contract/src/dto/$1.ts',
    '^(\\.{1,2}/.*)\\.js$': '$1',
  },
  transform: {
    '^.+\\.ts$': [
      '@swc/jest',
      { jsc: { parser: { syntax: 'typescript' }, target: 'es2023' }, module: { type: 'commonjs' }, sourceMaps: 'inline' },
    ],
  },
};
