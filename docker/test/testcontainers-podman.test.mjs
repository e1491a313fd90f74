// The API tests' Testcontainers path, for real: podman's Docker-compatible API (`podman system service`) on a
// socket of this run, DOCKER_HOST pointing at it and no TEST_DATABASE_URL, so the API's test global setup starts
// its Postgres with Testcontainers (the local Postgres stand-in, TEST_POSTGRES_IMAGE) and one e2e file runs on it.
// Two things stand in for what this machine lacks: Ryuk (its image cannot be pulled: TESTCONTAINERS_RYUK_DISABLED,
// and the test removes the containers it started) and podman's health-check timer (systemd: the test runs the
// container's health check, as waitHealthy does, which Testcontainers' Postgres waits for).
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import path from 'node:path';
import { BASES, buildError, podmanEnv, podmanTry, root, run } from './support/containers.mjs';

let dir;
let service;
let socket;

beforeAll(async () => {
  const error = buildError();
  if (error) throw new Error(`The bases could not be built:\n${error}`);
  dir = mkdtempSync('/tmp/store-ops-podman-api-');
  socket = path.join(dir, 'podman.sock');
  service = spawn('podman', ['system', 'service', '--time=0', `unix://${socket}`], { env: podmanEnv(), stdio: 'ignore' });
  for (let i = 0; ; i += 1) {
    if ((await run('curl', ['-sf', '--unix-socket', socket, 'http://d/_ping'])).code === 0) break;
    if (i > 120) throw new Error('podman system service did not answer on its socket');
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
});

afterAll(() => {
  service?.kill('SIGTERM');
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe('Testcontainers on podman', () => {
  it(
    'starts the API tests’ Postgres through podman’s Docker API and runs an e2e file on it',
    async () => {
      const before = new Set(podmanTry(['ps', '-aq', '--filter', 'label=org.testcontainers=true']).stdout.split('\n').filter(Boolean));
      let done = false;
      // podman's health-check timer: run the health check of every new Testcontainers container until the tests end.
      const ticker = (async () => {
        while (!done) {
          for (const id of podmanTry(['ps', '-q', '--filter', 'label=org.testcontainers=true']).stdout.split('\n').filter(Boolean))
            if (!before.has(id)) podmanTry(['healthcheck', 'run', id], { timeout: 20_000 });
          await new Promise((resolve) => setTimeout(resolve, 1000));
        }
      })();
      const env = {
        DOCKER_HOST: `unix://${socket}`,
        TESTCONTAINERS_RYUK_DISABLED: 'true',
        TEST_POSTGRES_IMAGE: BASES.postgres,
        TEST_DATABASE_URL: '',
      };
      const result = await run(
        process.execPath,
        [
          '--experimental-vm-modules',
          '--no-warnings=ExperimentalWarning',
          'node_modules/jest/bin/jest.js',
          '-c',
          'apps/api/jest.config.mjs',
          'apps/api/test/categories.e2e-spec.ts',
          '--ci',
        ],
        { cwd: root, env: { ...env, PATH: process.env.PATH } },
      );
      done = true;
      await ticker;
      // Testcontainers removes its container at the end of the run; remove whatever a failed run left.
      const started = podmanTry(['ps', '-aq', '--filter', 'label=org.testcontainers=true'])
        .stdout.split('\n')
        .filter((id) => id && !before.has(id));
      for (const id of started) podmanTry(['rm', '-f', '-t', '2', id]);
      if (result.code !== 0) console.log(`${result.stdout}\n${result.stderr}`);
      else
        console.log(
          (result.stdout + result.stderr)
            .split('\n')
            .filter((line) => /\[test-db\]|Tests:/.test(line))
            .join('\n'),
        );
      expect(result.stdout + result.stderr).toContain('[test-db] Postgres from testcontainers');
      expect(result.stderr).toMatch(/Tests: +\d+ passed, \d+ total/);
      expect(result.code).toBe(0);
    },
    8 * 60_000,
  );
});
