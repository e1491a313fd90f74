/**
 * The shopper's and the admin's browser tests (apps/web/e2e) run against the compose stack through its nginx,
 * started by compose-stack.test.mjs, which passes E2E_BASE_URL, E2E_ADMIN_* and E2E_OUTBOX_DIR. Same transform
 * as the browser step; no global setup (the stack is the store under test).
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import browser from '../../../apps/web/e2e/jest.config.mjs';

const e2e = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../apps/web/e2e');

export default {
  ...browser,
  displayName: 'browser (compose stack)',
  rootDir: e2e,
  testMatch: ['<rootDir>/shopper.e2e-spec.ts', '<rootDir>/admin.e2e-spec.ts'],
  globalSetup: undefined,
  globalTeardown: undefined,
};
