/**
 * Component tests: React in jsdom. swc compiles TSX to CommonJS here (the web code has no Node-only ESM needs),
 * which keeps Jest's module mocking and node_modules resolution simple. `*.pact.spec.ts` belong to the Pact
 * config (jest.pact.config.mjs), not this one.
 */
export default {
  displayName: 'web',
  rootDir: '.',
  testEnvironment: '<rootDir>/src/testing/jsdom-environment.mjs',
  testMatch: ['<rootDir>/src/**/*.spec.ts', '<rootDir>/src/**/*.spec.tsx', '<rootDir>/build/**/*.spec.ts'],
  testPathIgnorePatterns: ['/node_modules/', '\\.pact\\.spec\\.ts$'],
  // userEvent types key by key; on a busy CI machine a form test can take a few seconds.
  testTimeout: 20000,
  setupFilesAfterEnv: ['<rootDir>/src/testing/setup-tests.ts'],
  moduleNameMapper: {
    '^@store/contract$': '<rootDir>/../../libs/contract/src/index.ts',
    '^@store/contract/dto/(.*)$': '<rootDir>/../../libs/contract/src/dto/$1.ts',
    '^(\\.{1,2}/.*)\\.js$': '$1',
    '\\.css$': '<rootDir>/src/testing/style-stub.ts',
    '\\.(svg|png|jpe?g|webp|gif)(\\?no-inline)?$': '<rootDir>/src/testing/file-stub.ts',
    // The path aliases of tsconfig.json and vite.config.ts (after the stubs: the first match wins).
    '^@/(.*)$': '<rootDir>/src/$1',
  },
  transform: {
    '^.+\\.(ts|tsx)$': [
      '@swc/jest',
      {
        jsc: {
          // decorators: the contract's DTOs (class-validator's legacy decorators), which the forms check with.
          parser: { syntax: 'typescript', tsx: true, decorators: true },
          transform: { react: { runtime: 'automatic' }, legacyDecorator: true, useDefineForClassFields: false },
          target: 'es2022',
        },
        module: { type: 'commonjs' },
        sourceMaps: 'inline',
      },
    ],
  },
};
