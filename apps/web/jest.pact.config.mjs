/**
 * Pact consumer tests: the web app's real API functions (src/features/<feature>/api, src/api) against Pact's mock
 * server, in Node (fetch, FormData and Blob are Node's own). Each `*.pact.spec.ts` records its interactions
 * into pact/pacts/store-web-store-api.json, which the global setup empties first so that a removed
 * interaction leaves the file too. The web code is compiled for Vite, so swc compiles it here as ESM.
 */
export default {
  displayName: 'pact-consumer',
  rootDir: '.',
  testEnvironment: 'node',
  testMatch: ['<rootDir>/src/**/*.pact.spec.ts'],
  extensionsToTreatAsEsm: ['.ts', '.tsx'],
  moduleNameMapper: {
    '^@store/contract$': '<rootDir>/../../libs/contract/src/index.ts',
    '^@store/contract/dto/(.*)$': '<rootDir>/../../libs/contract/src/dto/$1.ts',
    // The path aliases of tsconfig.json and vite.config.ts.
    '^@/(.*)$': '<rootDir>/src/$1',
    '^@test/(.*)$': '<rootDir>/test/$1',
    '^(\\.{1,2}/.*)\\.js$': '$1',
  },
  transform: {
    '^.+\\.tsx?$': [
      '@swc/jest',
      {
        jsc: {
          parser: { syntax: 'typescript', tsx: true, decorators: true },
          transform: { react: { runtime: 'automatic' }, legacyDecorator: true, useDefineForClassFields: false },
          target: 'es2023',
        },
        module: { type: 'es6' },
        sourceMaps: 'inline',
      },
    ],
  },
  globalSetup: '<rootDir>/test/pact/global-setup.mjs',
  testTimeout: 30000,
};
