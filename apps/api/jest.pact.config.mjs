import { esmTypeScriptJest } from '../../jest.preset.mjs';

/**
 * Pact provider verification: the real API on a random port over a real Postgres (the e2e suite's database
 * helper), replaying every interaction of the consumers' pacts (pact/pacts, or the broker; see the spec).
 */
export default {
  ...esmTypeScriptJest,
  displayName: 'pact-provider',
  rootDir: '.',
  testMatch: ['<rootDir>/test/pact/**/*.pact.spec.ts'],
  globalSetup: '<rootDir>/test/support/global-setup.mjs',
  globalTeardown: '<rootDir>/test/support/global-teardown.mjs',
  setupFiles: ['<rootDir>/test/support/load-nest-first.mjs'],
  // One test replays every interaction (each state seeds a fresh database): on a machine at load 15-25 that passed
  // two minutes, so the bound is five.
  testTimeout: 300000,
};
