// The Pact Broker path, for teams that run one. `.ci/run` calls this after `npm test` when PACT_BROKER_BASE_URL
// is set (with PACT_BROKER_TOKEN, or PACT_BROKER_USERNAME + PACT_BROKER_PASSWORD):
//   1. publish pact/pacts as store-web at this commit's sha, on this branch;
//   2. verify store-api against the pacts the broker selects (main, this branch, deployed or released), and
//      publish the results as store-api at the same sha and branch;
//   3. can-i-deploy: store-web and store-api at this sha (both ship from this repository together), or each
//      against the versions in PACT_BROKER_ENVIRONMENT when that is set.
// Without PACT_BROKER_BASE_URL nothing here runs: `npm test` verifies the committed pact files.
// The broker commands come from the official CLI on npm (@pact-foundation/pact-cli).
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const CONSUMER = 'store-web';
const PROVIDER = 'store-api';

if (!process.env.PACT_BROKER_BASE_URL) {
  console.log('pact-broker: PACT_BROKER_BASE_URL is not set; the contract is checked from pact/pacts by `npm test`.');
  process.exit(0);
}

const version = process.env.PACT_VERSION || git('rev-parse', 'HEAD');
const branch = currentBranch();
const environment = process.env.PACT_BROKER_ENVIRONMENT;
const brokerCli = createRequire(import.meta.url).resolve('@pact-foundation/pact-cli/bin/pact-broker.js');
const env = { ...process.env, PACT_DO_NOT_TRACK: 'true' };

console.log(`pact-broker: ${process.env.PACT_BROKER_BASE_URL}, version ${version}, branch ${branch}`);

step('publish the consumer pacts', process.execPath, [
  brokerCli,
  'publish',
  path.join(root, 'pact', 'pacts'),
  '--consumer-app-version',
  version,
  '--branch',
  branch,
]);

step(
  'verify the provider against the broker',
  process.execPath,
  [
    '--experimental-vm-modules',
    '--no-warnings=ExperimentalWarning',
    'node_modules/jest/bin/jest.js',
    '-c',
    'apps/api/jest.pact.config.mjs',
  ],
  { PACT_VERIFY_FROM_BROKER: 'true', PACT_PROVIDER_VERSION: version, PACT_PROVIDER_BRANCH: branch },
);

if (environment) {
  for (const pacticipant of [CONSUMER, PROVIDER]) {
    step(`can-i-deploy ${pacticipant} to ${environment}`, process.execPath, [
      brokerCli,
      'can-i-deploy',
      '--pacticipant',
      pacticipant,
      '--version',
      version,
      '--to-environment',
      environment,
    ]);
  }
} else {
  step('can-i-deploy this commit', process.execPath, [
    brokerCli,
    'can-i-deploy',
    '--pacticipant',
    CONSUMER,
    '--version',
    version,
    '--pacticipant',
    PROVIDER,
    '--version',
    version,
  ]);
}

function step(name, command, args, extraEnv = {}) {
  console.log(`\n--- pact-broker: ${name}`);
  const result = spawnSync(command, args, { cwd: root, env: { ...env, ...extraEnv }, stdio: 'inherit' });
  if (result.status !== 0) {
    console.error(`--- pact-broker: ${name} FAILED`);
    process.exit(result.status || 1);
  }
}

function git(...args) {
  const result = spawnSync('git', args, { cwd: root, encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`git ${args.join(' ')} failed: ${result.stderr}`);
  return result.stdout.trim();
}

/** CI systems check out a detached HEAD, so their own variables come first; PACT_BRANCH overrides them all. */
function currentBranch() {
  const fromEnv = ['PACT_BRANCH', 'GITHUB_HEAD_REF', 'GITHUB_REF_NAME', 'CI_COMMIT_REF_NAME', 'BRANCH_NAME', 'GIT_BRANCH']
    .map((name) => process.env[name])
    .find((value) => value);
  if (fromEnv) return fromEnv;
  const fromGit = git('rev-parse', '--abbrev-ref', 'HEAD');
  if (fromGit === 'HEAD') {
    console.error('pact-broker: detached HEAD and no branch variable; set PACT_BRANCH to the branch being built.');
    process.exit(1);
  }
  return fromGit;
}
