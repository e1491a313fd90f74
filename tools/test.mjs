// `npm test`: every check, in the order that lets later steps use what earlier ones built.
// Each Jest run writes a JSON report; the last line sums them ("tests: N passed, N failed").
//
// The browser and ops steps spend much of their time waiting (on Chromium, on servers and containers starting, on
// podman), so in a run of several steps they run in the background, one after the other (browser, then ops), from
// the end of the build they need, beside the others, which keep the CPU busy meanwhile (docs/testing.md, How the
// steps run). A background
// step's output goes to artifacts/test-reports/<step>.log and is printed whole, between two other steps, once it
// has ended: no two steps' lines are ever interleaved.
import { spawn } from 'node:child_process';
import { closeSync, existsSync, mkdirSync, openSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const reports = path.join(root, 'artifacts', 'test-reports');
rmSync(reports, { recursive: true, force: true });
mkdirSync(reports, { recursive: true });

const env = { ...process.env, NX_DAEMON: 'false', NX_NO_CLOUD: 'true', NX_TUI: 'false', PACT_DO_NOT_TRACK: 'true' };
const jest = (name, config, options = {}) => ({
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
  ...options,
});

/**
 * A step whose `when` file does not exist yet is skipped (and said so). A `background` step starts where it stands
 * in the list and the next steps start without waiting for it, when the build step has passed in this run and
 * another step follows it; otherwise it simply runs (`npm test -- browser ops`: one after the other). Background
 * steps take turns in one lane; a `beside` step runs in the background outside the lane, at once, and a background
 * step naming it in `after` starts only once it has ended too, with the environment the step `passes` on once it
 * has passed. Run in the foreground (no build in this run), a step passes nothing on: the ops step's global setup
 * then builds what the images are made of, and so builds the images again from those outputs.
 */
const steps = [
  {
    name: 'lint, typecheck, build',
    command: 'nx',
    args: ['run-many', '-t', 'lint', 'typecheck', 'build', '--output-style=static'],
    builds: true,
  },
  // Both need the build above and nothing after it; see the note at the top. They take turns in the background:
  // podman creating and removing the compose stack's network makes Chromium abort requests in flight
  // (net::ERR_NETWORK_CHANGED), so the browser step never runs beside the ops step.
  jest('browser', 'apps/web/e2e/jest.config.mjs', { background: true }),
  // The ops step's images, built beside the browser step (their builds change no network interface) at low priority,
  // so the ops step, which waits for them, starts on built images.
  {
    name: 'images',
    when: 'docker/test/support/build-images.mjs',
    command: 'nice',
    args: ['-n', '10', process.execPath, 'docker/test/support/build-images.mjs'],
    beside: true,
    // Once it has passed, the ops step's global setup uses its images instead of building them again.
    passes: { STORE_OPS_IMAGES_BUILT: '1' },
  },
  jest('ops', 'docker/test/jest.config.mjs', { background: true, after: 'images' }),
  jest('contract', 'libs/contract/jest.config.mjs'),
  jest('api', 'apps/api/jest.config.mjs'),
  jest('web', 'apps/web/jest.config.mjs'),
  // Bundle budgets over the build's output (apps/web/dist), measured brotli-compressed.
  jest('web budgets', 'apps/web/jest.budget.config.mjs'),
  jest('pact-consumer', 'apps/web/jest.pact.config.mjs'),
  { name: 'pact files committed', when: 'tools/check-pacts.mjs', command: process.execPath, args: ['tools/check-pacts.mjs'] },
  jest('pact-provider', 'apps/api/jest.pact.config.mjs'),
];

/**
 * CPU seconds (user + system) of every child this process has waited for, their own children included:
 * /proc/self/stat's cutime and cstime. Read as each step ends, the growth since the last end is that step's.
 */
function childCpuSeconds() {
  try {
    const fields = readFileSync('/proc/self/stat', 'utf8')
      .replace(/^.*\) /, '')
      .split(' ');
    return (Number(fields[13]) + Number(fields[14])) / 100;
  } catch {
    return undefined;
  }
}

const clock = (time) => new Date(time).toISOString().slice(11, 19);
let cpuSeen = childCpuSeconds();

/** Starts a step; resolves with its exit status, seconds and CPU seconds when it has ended. */
function run(step, stdio) {
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn(step.command, step.args, { cwd: root, env, stdio });
    const done = (status, error) => {
      const now = childCpuSeconds();
      const cpu = now === undefined || cpuSeen === undefined ? undefined : now - cpuSeen;
      cpuSeen = now;
      resolve({ status, error, started, ended: Date.now(), seconds: (Date.now() - started) / 1000, cpu });
    };
    child.once('error', (error) => done(null, error));
    child.once('exit', (code, signal) => done(code ?? signal));
  });
}

function outcome(step, result) {
  const cpu = result.cpu === undefined ? '' : ` (cpu ${result.cpu.toFixed(0)}s)`;
  if (result.error) console.log(`${step.name} could not start: ${result.error.message}`);
  if (result.status !== 0) {
    failedSteps += 1;
    const signal = typeof result.status === 'string' ? `, ended by ${result.status}` : '';
    console.log(`=== ${step.name}: FAILED after ${result.seconds.toFixed(1)}s${cpu}${signal}`);
  } else {
    console.log(`=== ${step.name}: ok in ${result.seconds.toFixed(1)}s${cpu}`);
  }
}

const only = process.argv.slice(2);
const selected = steps.filter((step) => !only.length || only.some((name) => step.name.startsWith(name)));
let failedSteps = 0;
/** Background steps: { step, log, result } once ended, `printed` once their output is out. */
const background = [];
/** The background lane: each background step starts once the one before it has ended. */
let lane = Promise.resolve();
/** What each step that ran in the background outside the lane said when it ended: `after` waits for it. */
const besideEnded = new Map();

/** Prints every background step that has ended since the last call, its output whole. */
function printEnded() {
  for (const entry of background) {
    if (!entry.result || entry.printed) continue;
    entry.printed = true;
    console.log(`\n=== ${entry.step.name} (ran in the background from ${clock(entry.result.started)} to ${clock(entry.result.ended)})`);
    process.stdout.write(readFileSync(entry.log, 'utf8'));
    outcome(entry.step, entry.result);
  }
}

for (const [index, step] of selected.entries()) {
  if (step.when && !existsSync(path.join(root, step.when))) {
    console.log(`\n=== ${step.name}: skipped (${step.when} not present)`);
    continue;
  }
  // In the background only after this run's build step passed: the ops step's global setup would otherwise build
  // (Nx replaying its cache) under a store the browser step is starting from those outputs.
  if ((step.background || step.beside) && env.STORE_TEST_BUILT === '1' && index < selected.length - 1) {
    const log = path.join(reports, `${step.name}.log`);
    const fd = openSync(log, 'w');
    const entry = { step, log };
    background.push(entry);
    const before = step.beside ? Promise.resolve() : Promise.all([lane, besideEnded.get(step.after)]);
    entry.done = before.then(() =>
      run(step, ['ignore', fd, fd]).then((result) => {
        closeSync(fd);
        entry.result = result;
        if (result.status === 0) Object.assign(env, step.passes);
      }),
    );
    if (step.beside) besideEnded.set(step.name, entry.done);
    else lane = entry.done;
    const how = step.beside ? 'started in the background' : 'queued in the background';
    console.log(`\n=== ${step.name}: ${how} (its output follows once it has ended: ${path.relative(root, log)})`);
    continue;
  }
  if (besideEnded.has(step.after)) {
    console.log(`\n=== ${step.name}: waiting for ${step.after}, running in the background`);
    await besideEnded.get(step.after);
    printEnded();
  }
  console.log(`\n=== ${step.name}`);
  const result = await run(step, 'inherit');
  outcome(step, result);
  // The steps after it use these outputs as they are; the ops step's global setup then does not build them again
  // (docker/test/support/global-setup.mjs), which could rewrite them under the browser step's running store.
  if (step.builds && result.status === 0) env.STORE_TEST_BUILT = '1';
  printEnded();
}
for (const entry of background) {
  if (!entry.result) console.log(`\n=== waiting for ${entry.step.name}, running in the background`);
  await entry.done;
  printEnded();
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
