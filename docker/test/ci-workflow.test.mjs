// .github/workflows/ci.yml, the CI that forks of the store get: validated with GitHub's own workflow parser
// (@actions/workflow-parser, the schema the Actions language service uses; no npm package ships a JSON schema
// for workflows), then checked against what it must do: the README's test command on Node 24 with Postgres as a
// service, Debian's chromium and nginx as .ci/run installs them, the Pact Broker steps of tools/pact-broker.mjs
// when a broker is configured, and both Dockerfiles built. It cannot run here (no GitHub runner, no Docker engine).
import { describe, expect, it } from '@jest/globals';
import { convertWorkflowTemplate, NoOperationTraceWriter, parseWorkflow } from '@actions/workflow-parser';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse } from 'yaml';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const file = '.github/workflows/ci.yml';
const text = readFileSync(path.join(root, file), 'utf8');
const workflow = parse(text);
const test = workflow.jobs.test;
const images = workflow.jobs.images;
const runs = (job) => job.steps.filter((step) => step.run).map((step) => step.run);

/** GitHub's parser's complaints about a workflow's text (empty: valid). */
async function workflowErrors(content) {
  const result = parseWorkflow({ name: file, content }, new NoOperationTraceWriter());
  const errors = result.context.errors.getErrors().map((error) => error.message);
  if (errors.length === 0) {
    const template = await convertWorkflowTemplate(result.context, result.value);
    errors.push(...(template.errors ?? []).map((error) => error.Message ?? String(error)));
  }
  return errors;
}

describe("the users' CI workflow", () => {
  it('is a valid GitHub Actions workflow', async () => {
    expect(await workflowErrors(text)).toEqual([]);
  });

  it('is checked for real: a broken copy fails the same parser', async () => {
    const broken = text.replace('runs-on: ubuntu-24.04', 'runs_on: ubuntu-24.04').replace('timeout-minutes: 60', 'timeout-minutes: soon');
    expect(await workflowErrors(broken)).toEqual(
      expect.arrayContaining([expect.stringMatching(/Unexpected value 'runs_on'/), expect.stringMatching(/Unexpected value 'soon'/)]),
    );
  });

  it("runs the README's commands, npm ci then npm test, on Node 24 (.nvmrc)", () => {
    const readme = readFileSync(path.join(root, 'README.md'), 'utf8');
    expect(readme).toMatch(/^npm ci$/m);
    expect(readme).toMatch(/^npm test\b/m);
    const commands = runs(test);
    const ci = commands.findIndex((run) => /^npm ci\b/.test(run));
    const npmTest = commands.indexOf('npm test');
    expect(ci).toBeGreaterThanOrEqual(0);
    expect(npmTest).toBeGreaterThan(ci);
    const nvmrc = readFileSync(path.join(root, '.nvmrc'), 'utf8').trim();
    expect(test.container.image).toMatch(new RegExp(`^node:${nvmrc}-`));
    const setupNode = test.steps.find((step) => step.uses?.startsWith('actions/setup-node@'));
    expect(String(setupNode.with['node-version'])).toBe(nvmrc);
  });

  it('gives the tests a Postgres service container through TEST_DATABASE_URL', () => {
    const [[name, service]] = Object.entries(test.services);
    expect(service.image).toMatch(/^postgres:\d+/);
    expect(service.options).toMatch(/--health-cmd "pg_isready/);
    const url = new URL(test.env.TEST_DATABASE_URL);
    // The job runs in a container, on the services' network: the service's name is its host.
    expect(url.hostname).toBe(name);
    expect(url.port).toBe('5432');
    expect(decodeURIComponent(url.password)).toBe(service.env.POSTGRES_PASSWORD);
  });

  it('installs the Debian packages .ci/run installs (chromium, nginx, podman and its helpers, the Postgres client), in a Debian image', () => {
    const ciRun = readFileSync(path.join(root, '.ci/run'), 'utf8');
    const packages = [...ciRun.matchAll(/need\+=\(([a-z0-9.+-]+)\)/g)].map((match) => match[1]);
    expect(packages.sort()).toEqual([
      'chromium',
      'debootstrap',
      'fuse-overlayfs',
      'nginx',
      'podman',
      'podman-compose',
      'postgresql-client',
      'runc',
      'slirp4netns',
      'uidmap',
    ]);
    const install = runs(test).find((run) => run.includes('apt-get install'));
    for (const name of packages) expect(install).toMatch(new RegExp(`\\b${name}\\b`));
    // The backup test's pg_dump refuses a server newer than itself: the client's major is the service's.
    const [, major] = /^postgres:(\d+)/.exec(Object.values(test.services)[0].image);
    expect(install).toMatch(new RegExp(`\\bpostgresql-client-${major}\\b`));
    expect(test.container.image).toMatch(/-(bookworm|trixie)$/);
    // podman runs the images inside the job's container.
    expect(test.container.options).toMatch(/--privileged/);
  });

  it('runs tools/pact-broker.mjs only when PACT_BROKER_BASE_URL is set, with the broker settings as secrets', () => {
    const step = test.steps.find((s) => s.run?.includes('tools/pact-broker.mjs'));
    expect(step.if).toMatch(/env\.PACT_BROKER_BASE_URL != ''/);
    expect(existsSync(path.join(root, 'tools/pact-broker.mjs'))).toBe(true);
    const script = readFileSync(path.join(root, 'tools/pact-broker.mjs'), 'utf8');
    const read = new Set([...script.matchAll(/\b(PACT_BROKER_[A-Z_]+|PACT_VERSION|PACT_BRANCH)\b/g)].map((match) => match[1]));
    const given = { ...test.env, ...step.env };
    for (const name of read) expect({ name, given: name in given }).toEqual({ name, given: true });
    for (const name of ['PACT_BROKER_BASE_URL', 'PACT_BROKER_TOKEN', 'PACT_BROKER_PASSWORD']) {
      expect(given[name]).toBe(`\${{ secrets.${name} }}`);
    }
    // It comes after the tests: a broker only hears about a green build.
    expect(test.steps.indexOf(step)).toBeGreaterThan(test.steps.findIndex((s) => s.run === 'npm test'));
  });

  it('builds both images from the repository root with their Dockerfiles, after the tests', () => {
    expect(images.needs).toBe('test');
    const builds = images.steps.filter((step) => step.uses?.startsWith('docker/build-push-action@'));
    expect(builds.map((step) => step.with.file).sort()).toEqual(['docker/api.Dockerfile', 'docker/web.Dockerfile']);
    for (const step of builds) {
      expect(step.with.context).toBe('.');
      expect(existsSync(path.join(root, step.with.file))).toBe(true);
      expect(readFileSync(path.join(root, step.with.file), 'utf8')).toMatch(/from the repository root/i);
    }
  });

  it('pins every action to a major version and reads no more than it needs', () => {
    const uses = Object.values(workflow.jobs).flatMap((job) => job.steps.filter((step) => step.uses).map((step) => step.uses));
    for (const action of uses) expect(action).toMatch(/^[\w-]+\/[\w-]+@v\d+$/);
    expect(workflow.permissions).toEqual({ contents: 'read' });
  });
});
