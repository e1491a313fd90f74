import { esmTypeScriptJest } from '../../jest.preset.mjs';

export default {
  ...esmTypeScriptJest,
  displayName: 'contract',
  rootDir: '.',
  testMatch: ['<rootDir>/src/**/*.spec.ts'],
};
