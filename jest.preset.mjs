/**
 * Shared Jest settings for the TypeScript projects. NestJS 12 is ESM-only, so tests run as native ESM
 * (node --experimental-vm-modules) and swc compiles TypeScript with the legacy decorators and metadata Nest needs.
 */
export const esmTypeScriptJest = {
  testEnvironment: 'node',
  extensionsToTreatAsEsm: ['.ts'],
  moduleNameMapper: {
    '^@store/contract$': '<rootDir>/../../libs/contract/src/index.ts',
    '^@store/contract/dto/(.*)$': '<rootDir>/../../libs/contract/src/dto/$1.ts',
    '^(\\.{1,2}/.*)\\.js$': '$1',
  },
  transform: {
    '^.+\\.ts$': [
      '@swc/jest',
      {
        jsc: {
          parser: { syntax: 'typescript', decorators: true },
          transform: { legacyDecorator: true, decoratorMetadata: true, useDefineForClassFields: false },
          target: 'es2023',
          keepClassNames: true,
        },
        module: { type: 'es6' },
        sourceMaps: 'inline',
      },
    ],
  },
};
