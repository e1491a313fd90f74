/**
 * Bundle budgets: plain Node tests over the built web app (apps/web/dist, written by the build step that runs
 * first in `npm test`). ESM .mjs tests, so no transform is needed.
 */
export default {
  displayName: 'web-budgets',
  rootDir: '.',
  testEnvironment: 'node',
  testMatch: ['<rootDir>/test/budgets/**/*.test.mjs'],
  transform: {},
};
