/**
 * The ops step: the images' pieces run for real without a Docker engine. nginx.conf under Debian's nginx in front
 * of the built web app and a running API; the API image's runtime stage replayed in a temporary folder and started;
 * the Dockerfiles, compose file and .env.example checked against each other and against the Nx build; the
 * Kubernetes manifests (deploy/k8s) and the users' CI workflow (.github/workflows/ci.yml) validated and cross-checked.
 * Plain ESM tests (no transform): they drive processes, not TypeScript modules.
 */
export default {
  displayName: 'ops',
  rootDir: '.',
  testEnvironment: 'node',
  transform: {},
  testMatch: ['<rootDir>/*.test.mjs'],
  globalSetup: '<rootDir>/support/global-setup.mjs',
  globalTeardown: '<rootDir>/support/global-teardown.mjs',
  testTimeout: 60000,
};
