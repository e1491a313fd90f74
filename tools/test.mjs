// `npm test`: every check, in the order that lets later steps use what earlier ones built.
// Each Jest run writes a JSON report; the last line sums them ("tests: N passed, N failed").
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const reports = path.join(root, 'artifacts', 'test-reports');
rmSync(reports, { recursive: true, force: true });
mkdirSync(reports, { recursive: true });

const env = { ...process.env, NX_DAEMON: 'false', NX_NO_CLOUD: 'true', NX_TUI: 'false', PACT_DO_NOT_TRACK: 'true' };
const jest = (name, config) => ({
  name,
  when: config,
  command: process.execPath,
  args: [
    '--experimental-vm-modules',
    '--no-warnings=ExperimentalWarning',
    'node_modules/jest/bin/jest.js',
    '-c',
    config,
    '--json',
    `--outputFile=${path.join(reports, `${name}.json`)}`,
  ],
});

/** A step whose `when` file does not exist yet is skipped (and said so). */
const steps = [
  { name: 'lint, typecheck, build', command: 'nx', args: ['run-many', '-t', 'lint', 'typecheck', 'build', '--output-style=static'] },
  jest('contract', 'libs/contract/jest.config.mjs'),
  jest('api', 'apps/api/jest.config.mjs'),
  jest('web', 'apps/web/jest.config.mjs'),
  // Bundle budgets over the build's output (apps/web/dist), measured brotli-compressed.
  jest('web budgets', 'apps/web/jest.budget.config.mjs'),
  jest('pact-consumer', 'apps/web/jest.pact.config.mjs'),
  { name: 'pact files committed', when: 'tools/check-pacts.mjs', command: process.execPath, args: ['tools/check-pacts.mjs'] },
  jest('pact-provider', 'apps/api/jest.pact.config.mjs'),
  jest('browser', 'apps/web/e2e/jest.config.mjs'),
  jest('ops', 'docker/test/jest.config.mjs'),
];

const only = process.argv.slice(2);
let failedSteps = 0;
for (const step of steps) {
  if (only.length && !only.some((name) => step.name.startsWith(name))) continue;
  if (step.when && !existsSync(path.join(root, step.when))) {
    console.log(`\n=== ${step.name}: skipped (${step.when} not present)`);
    continue;
  }
  console.log(`\n=== ${step.name}`);
  const started = Date.now();
  const result = spawnSync(step.command, step.args, { cwd: root, env, stdio: 'inherit' });
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  if (result.status !== 0) {
    failedSteps += 1;
    console.log(`=== ${step.name}: FAILED after ${seconds}s`);
  } else {
    console.log(`=== ${step.name}: ok in ${seconds}s`);
  }
}

let passed = 0;
let failed = 0;
for (const step of steps) {
  const file = path.join(reports, `${step.name}.json`);
  if (!existsSync(file)) continue;
  const report = JSON.parse(readFileSync(file, 'utf8'));
  passed += report.numPassedTests;
  failed += report.numFailedTests + (report.numRuntimeErrorTestSuites ?? 0);
}
console.log(`\nsteps failed: ${failedSteps}`);
console.log(`tests: ${passed} passed, ${failed + failedSteps} failed`);
process.exit(failedSteps > 0 || failed > 0 ? 1 : 0);
