import { esmTypeScriptJest } from '../../jest.preset.mjs';

/** Unit specs beside the code, and e2e specs on a real Postgres (one fresh database per test file). */
export default {
  ...esmTypeScriptJest,
  displayName: 'api',
  rootDir: '.',
  testMatch: ['<rootDir>/src/**/*.spec.ts', '<rootDir>/test/**/*.e2e-spec.ts'],
  globalSetup: '<rootDir>/test/support/global-setup.mjs',
  globalTeardown: '<rootDir>/test/support/global-teardown.mjs',
  setupFiles: ['<rootDir>/test/support/load-nest-first.mjs'],
  testTimeout: 30000,
};
