// Before the ops tests: the built artefacts the images are made of (Nx replays its cache when nothing changed;
// skipped when npm test's first step has just built them),
// one Postgres server for the run, found the way the API's e2e tests find theirs, and the store's images built
// with podman on the local bases (docker/bases). A failed image build fails the container tests with its error
// and leaves the other ops tests to run.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { findTestPostgres } from '../../../apps/api/test/support/global-setup.mjs';
import { buildStoreImages } from './containers.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

export default async function globalSetup() {
  // npm test has just built them (STORE_TEST_BUILT, tools/test.mjs) and runs the browser step beside this one on
  // those outputs: Nx replaying its cache may rewrite them (libs/contract/dist) under the browser step's server.
  if (process.env.STORE_TEST_BUILT !== '1') {
    const build = spawnSync(
      path.join(root, 'node_modules/.bin/nx'),
      ['run-many', '-t', 'build', '--projects=contract,api,web', '--output-style=static'],
      { cwd: root, env: { ...process.env, NX_DAEMON: 'false', NX_NO_CLOUD: 'true', NX_TUI: 'false' }, encoding: 'utf8' },
    );
    if (build.status !== 0) throw new Error(`The build the images are made of failed:\n${build.stdout}\n${build.stderr}`);
  }
  await findTestPostgres();
  // npm test's images step has built them beside the browser step (tools/test.mjs).
  if (process.env.STORE_OPS_IMAGES_BUILT === '1') return;
  try {
    const report = buildStoreImages();
    console.log(`\nops: images built (seconds: ${JSON.stringify(report.seconds)}; bytes: ${JSON.stringify(report.sizes)})`);
  } catch (error) {
    process.env.STORE_OPS_BUILD_ERROR = error instanceof Error ? error.message : String(error);
    console.log(`\nops: the images could not be built:\n${process.env.STORE_OPS_BUILD_ERROR}`);
  }
}
