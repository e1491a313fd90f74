// The store's images built for real with podman, from docker/*.Dockerfile as they are, on the local bases
// (docker/bases): the ops tests' global setup builds them once a run (layers cached between runs) and the
// container tests start them. Tags are per checkout so that two checkouts on one machine never share an image.
import { spawn, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';
import { BASES, BUILD_NETWORK, ensureBases, podman, podmanEnv, podmanTry, root } from '../../bases/podman.mjs';

export { BASES, podman, podmanEnv, podmanTry, root };

export const REPORT_DIR = path.join(root, 'artifacts', 'ops');
const tag = `ops-${createHash('sha256').update(root).digest('hex').slice(0, 10)}`;

/** What compose's `${STORE_IMAGE_PREFIX}-api:${STORE_VERSION}` resolves to with these values. */
export const IMAGE_PREFIX = 'localhost/tshirt-store-ops';
export const IMAGE_VERSION = tag;
export const IMAGES = { api: `${IMAGE_PREFIX}-api:${tag}`, web: `${IMAGE_PREFIX}-web:${tag}` };

const seconds = (started) => Math.round((Date.now() - started) / 100) / 10;

/** Bases, then the API and web images (one podman build at a time). Returns timings and sizes. */
export function buildStoreImages() {
  const report = { builtAt: new Date().toISOString(), seconds: {}, sizes: {} };
  mkdirSync(REPORT_DIR, { recursive: true });
  let started = Date.now();
  ensureBases();
  report.seconds.bases = seconds(started);
  for (const [name, image] of Object.entries(IMAGES)) {
    started = Date.now();
    podman(
      [
        'build',
        '--layers',
        ...BUILD_NETWORK,
        // Docker's image format: OCI's has no HEALTHCHECK (buildah drops it with a warning).
        '--format',
        'docker',
        '--build-arg',
        `NODE_IMAGE=${BASES.node}`,
        '--build-arg',
        `NGINX_IMAGE=${BASES.nginx}`,
        '-f',
        path.join(root, `docker/${name}.Dockerfile`),
        '-t',
        image,
        root,
      ],
      { locked: true, timeout: 20 * 60_000, log: path.join(REPORT_DIR, `build-${name}.log`) },
    );
    report.seconds[name] = seconds(started);
    report.sizes[name] = Number(podman(['image', 'inspect', '--format', '{{.Size}}', image]).trim());
  }
  mkdirSync(REPORT_DIR, { recursive: true });
  writeFileSync(path.join(REPORT_DIR, 'build.json'), `${JSON.stringify(report, null, 2)}\n`);
  return report;
}

/** The error of the global setup's build, if it failed: the container tests fail with it. */
export function buildError() {
  return process.env.STORE_OPS_BUILD_ERROR || undefined;
}

export function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/** The image's HEALTHCHECK, run by hand until it passes (podman schedules it with systemd, which this machine lacks). */
export async function waitHealthy(container, { limitMs = 120_000 } = {}) {
  const started = Date.now();
  for (;;) {
    const check = podmanTry(['healthcheck', 'run', container], { timeout: 30_000 });
    if (check.status === 0) return Date.now() - started;
    const state = podmanTry(['inspect', '--format', '{{.State.Status}}', container]).stdout.trim();
    if (state !== 'running') throw new Error(`${container} is ${state || 'gone'}:\n${logsOf(container)}`);
    if (Date.now() - started > limitMs) throw new Error(`${container} did not turn healthy:\n${logsOf(container)}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/**
 * Starts the Postgres base as `name` on `network` (user and database `store`) and waits until it takes
 * connections.
 */
export async function startPostgres(name, network, password) {
  podman([
    'run',
    '-d',
    '--name',
    name,
    '--network',
    network,
    '-e',
    `POSTGRES_PASSWORD=${password}`,
    '-e',
    'POSTGRES_USER=store',
    '-e',
    'POSTGRES_DB=store',
    BASES.postgres,
  ]);
  for (let i = 0; podmanTry(['exec', name, 'pg_isready', '-q', '-h', '127.0.0.1', '-U', 'store', '-d', 'store']).status !== 0; i += 1) {
    if (i > 240) throw new Error(`Postgres did not start:\n${logsOf(name)}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

export function logsOf(container) {
  const result = podmanTry(['logs', '--tail', '60', container]);
  return `${result.stdout}${result.stderr}`;
}

/** Runs a command to its end without throwing: { code, stdout, stderr }. */
export function run(command, args, options = {}) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { ...options, env: podmanEnv(options.env ?? {}) });
    let stdout = '';
    let stderr = '';
    child.stdout?.on('data', (chunk) => (stdout += chunk));
    child.stderr?.on('data', (chunk) => (stderr += chunk));
    child.on('error', (error) => resolve({ code: -1, stdout, stderr: `${stderr}${error.message}` }));
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

/** Every file path in every layer of an image (as `podman save` writes them), layer by layer. */
export function layerFiles(image, dir) {
  const archive = path.join(dir, 'image.tar');
  podman(['save', '--format', 'docker-archive', '-o', archive, image], { timeout: 10 * 60_000 });
  const manifest = JSON.parse(shell(`tar -xOf '${archive}' manifest.json`));
  return manifest[0].Layers.map((layer) => ({
    layer,
    files: shell(`tar -xOf '${archive}' '${layer}' | tar -t`).split('\n').filter(Boolean),
  }));
}

function shell(script) {
  const result = spawnSyncShell(script);
  if (result.status !== 0) throw new Error(`${script} failed: ${result.stderr}`);
  return result.stdout;
}

function spawnSyncShell(script) {
  return spawnSync('sh', ['-c', script], { encoding: 'utf8', maxBuffer: 512 * 1024 * 1024 });
}
