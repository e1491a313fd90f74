// Podman on this kind of machine (root, no Docker daemon, no container registry), and the local base images the
// store's Dockerfiles and compose file build on, made from Debian's packages. Used by the ops tests
// (docker/test) and by `node docker/bases/build.mjs`.
//
// Everything cached lives outside the repository, in CACHE_DIR: podman's settings for this machine, the lock that
// keeps podman builds one at a time, the debootstrap download cache. The bases themselves are podman images;
// each carries a label with the hash of its inputs and is rebuilt only when that hash changes.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, realpathSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
export const root = path.resolve(here, '../..');

export const CACHE_DIR =
  process.env.STORE_CONTAINER_CACHE ??
  (process.getuid?.() === 0 ? '/var/cache/tshirt-store' : path.join(os.homedir(), '.cache', 'tshirt-store'));

const INPUTS_LABEL = 'org.tshirt-store.base-inputs';
const BASES_VERSION = '1';

/** The stand-ins, under the build arguments and compose variables that name the official images. */
export const BASES = {
  debian: 'localhost/tshirt-store-bases/debian:bookworm',
  node: 'localhost/tshirt-store-bases/node:24-slim',
  nginx: 'localhost/tshirt-store-bases/nginx-unprivileged:debian',
  postgres: 'localhost/tshirt-store-bases/postgres:15',
};

/**
 * How every build's RUN steps reach the network: the host's own. Podman's default gives each RUN step a bridge and a
 * veth pair, and Chromium aborts the requests it has in flight when the host's interfaces change
 * (`net::ERR_NETWORK_CHANGED`), so builds on the default network could not run beside the browser tests.
 */
export const BUILD_NETWORK = ['--network', 'host'];

/** The Debian packages the container tests need, by the command that shows each is there. */
const PACKAGES = [
  ['podman', 'podman'],
  ['runc', '/usr/sbin/runc'],
  ['debootstrap', '/usr/sbin/debootstrap'],
  ['podman-compose', 'podman-compose'],
  ['slirp4netns', 'slirp4netns'],
  ['uidmap', 'newuidmap'],
  ['fuse-overlayfs', 'fuse-overlayfs'],
];

const has = (command) => spawnSync('sh', ['-c', `command -v ${command}`], { stdio: 'ignore' }).status === 0;

/**
 * Podman's settings for this machine, passed through CONTAINERS_CONF (the machine's own files stay as they are):
 * runc, because crun fails here ("cgroups in hybrid mode not supported"), and explicit ulimits, because the
 * default ones cannot be set inside this machine ("setrlimit ... not permitted").
 */
export function podmanEnv(extra = {}) {
  mkdirSync(CACHE_DIR, { recursive: true });
  const conf = path.join(CACHE_DIR, 'containers.conf');
  const text = '[containers]\ndefault_ulimits = ["nofile=1024:1024", "nproc=1024:1024"]\n\n[engine]\nruntime = "runc"\n';
  if (!existsSync(conf) || readFileSync(conf, 'utf8') !== text) writeFileSync(conf, text);
  return { ...process.env, CONTAINERS_CONF: conf, ...extra };
}

/** Installs podman and its helpers with apt-get when one is missing (as .ci/run does for Chromium). */
export function ensurePodman() {
  const missing = PACKAGES.filter(([, command]) => !has(command)).map(([name]) => name);
  if (missing.length === 0) return;
  if (process.getuid?.() !== 0)
    throw new Error(`Podman and its helpers are missing (${missing.join(', ')}) and installing them needs root`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  for (const args of [
    ['-o', 'DPkg::Lock::Timeout=600', 'update', '-qq'],
    ['-o', 'DPkg::Lock::Timeout=600', 'install', '-y', '-qq', '--no-install-recommends', ...missing],
  ]) {
    const result = spawnSync('apt-get', args, { env, encoding: 'utf8' });
    if (result.status !== 0) throw new Error(`apt-get ${args.join(' ')} failed:\n${result.stdout}\n${result.stderr}`);
  }
}

/** Runs podman (the one-at-a-time lock held when `locked`); returns stdout, throws with stderr on failure. */
export function podman(args, { locked = false, env = {}, input, timeout = 15 * 60_000, log } = {}) {
  const [command, commandArgs] = locked ? ['flock', [path.join(CACHE_DIR, 'podman-build.lock'), 'podman', ...args]] : ['podman', args];
  const result = spawnSync(command, commandArgs, {
    env: podmanEnv(env),
    encoding: 'utf8',
    input,
    timeout,
    maxBuffer: 256 * 1024 * 1024,
  });
  if (log) writeFileSync(log, `$ podman ${args.join(' ')}\n${result.stdout ?? ''}${result.stderr ?? ''}`);
  if (result.status !== 0)
    throw new Error(
      `podman ${args.join(' ')} failed (${result.status ?? result.signal}):\n${(result.stderr || result.stdout).slice(-6000)}`,
    );
  return result.stdout;
}

/** podman without throwing: { status, stdout, stderr }. */
export function podmanTry(args, { env = {}, timeout = 5 * 60_000 } = {}) {
  const result = spawnSync('podman', args, { env: podmanEnv(env), encoding: 'utf8', timeout, maxBuffer: 64 * 1024 * 1024 });
  return { status: result.status, stdout: result.stdout ?? '', stderr: result.stderr ?? '' };
}

function labelOf(image) {
  const result = podmanTry(['image', 'inspect', '--format', `{{index .Labels "${INPUTS_LABEL}"}}`, image]);
  return result.status === 0 ? result.stdout.trim() : undefined;
}

const hash = (...parts) => {
  const digest = createHash('sha256');
  for (const part of parts) digest.update(typeof part === 'string' ? part : JSON.stringify(part)).update('\0');
  return digest.digest('hex').slice(0, 32);
};

/** The Debian mirror apt already uses here (deb822 .sources or one-line .list), else deb.debian.org. */
export function debianMirror() {
  const files = ['/etc/apt/sources.list'];
  if (existsSync('/etc/apt/sources.list.d'))
    files.push(...readdirSync('/etc/apt/sources.list.d').map((name) => path.join('/etc/apt/sources.list.d', name)));
  for (const file of files.filter(existsSync)) {
    const text = readFileSync(file, 'utf8');
    for (const stanza of text.split(/\n\s*\n/)) {
      const uri = /^URIs:\s*(\S+)/m.exec(stanza)?.[1];
      const suites = /^Suites:\s*(.+)$/m.exec(stanza)?.[1] ?? '';
      if (uri && /(^|\s)bookworm(\s|$)/.test(suites) && /\/debian\/?$/.test(uri)) return uri;
    }
    const line = /^deb\s+(?:\[[^\]]*\]\s+)?(\S+\/debian\/?)\s+bookworm\s/m.exec(text);
    if (line) return line[1];
  }
  return 'http://deb.debian.org/debian';
}

function log(message) {
  process.stderr.write(`[bases] ${message}\n`);
}

/** A minimal bookworm made with debootstrap from the machine's mirror, imported as an image. */
function ensureDebian() {
  const mirror = debianMirror();
  const inputs = hash(BASES_VERSION, 'debootstrap --variant=minbase bookworm', mirror);
  if (labelOf(BASES.debian) === inputs) return inputs;
  const started = Date.now();
  const rootfs = path.join(CACHE_DIR, 'rootfs-bookworm');
  rmSync(rootfs, { recursive: true, force: true });
  const archives = path.join(CACHE_DIR, 'debootstrap-archives');
  mkdirSync(archives, { recursive: true });
  const result = spawnSync('debootstrap', ['--variant=minbase', `--cache-dir=${archives}`, 'bookworm', rootfs, mirror], {
    encoding: 'utf8',
    timeout: 10 * 60_000,
  });
  if (result.status !== 0) throw new Error(`debootstrap failed:\n${result.stdout.slice(-3000)}\n${result.stderr}`);
  // apt's lists and caches are not part of an image.
  for (const dir of ['var/lib/apt/lists', 'var/cache/apt/archives']) {
    const full = path.join(rootfs, dir);
    for (const name of readdirSync(full)) if (statSync(path.join(full, name)).isFile()) rmSync(path.join(full, name));
  }
  const tar = spawnSync('tar', ['-C', rootfs, '--numeric-owner', '-c', '.'], { maxBuffer: 2 * 1024 * 1024 * 1024 });
  if (tar.status !== 0) throw new Error(`tar of ${rootfs} failed: ${tar.stderr}`);
  podman(['import', '--change', `LABEL ${INPUTS_LABEL}=${inputs}`, '--change', 'CMD ["bash"]', '-', BASES.debian], {
    locked: true,
    input: tar.stdout,
  });
  rmSync(rootfs, { recursive: true, force: true });
  log(`${BASES.debian}: debootstrap and import took ${((Date.now() - started) / 1000).toFixed(0)} s`);
  return inputs;
}

function buildBase(image, containerfile, files, context, parentInputs) {
  const texts = [containerfile, ...files].map((file) => readFileSync(path.join(here, file), 'utf8'));
  const inputs = hash(BASES_VERSION, parentInputs, texts, context.inputs ?? '');
  if (labelOf(image) === inputs) return;
  const started = Date.now();
  const dir = path.join(CACHE_DIR, `context-${path.basename(containerfile, '.Containerfile')}`);
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  for (const file of files) cpSync(path.join(here, file), path.join(dir, file));
  context.fill?.(dir);
  podman(
    [
      'build',
      '--layers',
      ...BUILD_NETWORK,
      '--build-arg',
      `DEBIAN_IMAGE=${BASES.debian}`,
      '--label',
      `${INPUTS_LABEL}=${inputs}`,
      '-f',
      path.join(here, containerfile),
      '-t',
      image,
      dir,
    ],
    { locked: true },
  );
  rmSync(dir, { recursive: true, force: true });
  log(`${image}: built in ${((Date.now() - started) / 1000).toFixed(0)} s`);
}

/** The Node binary of the workspace's npm `node` package, and the npm that comes with the machine's Node. */
function nodeParts() {
  const node = realpathSync(path.join(root, 'node_modules/node/bin/node'));
  const version = spawnSync(node, ['--version'], { encoding: 'utf8' }).stdout.trim();
  if (!version.startsWith('v24.')) throw new Error(`node_modules/node/bin/node is ${version || 'missing'}, not Node 24: run npm ci`);
  const npmCli = spawnSync('sh', ['-c', 'command -v npm'], { encoding: 'utf8' }).stdout.trim();
  if (!npmCli) throw new Error('npm is not on PATH');
  const npmDir = path.resolve(path.dirname(realpathSync(npmCli)), '..');
  const npmVersion = JSON.parse(readFileSync(path.join(npmDir, 'package.json'), 'utf8')).version;
  // The authorities this machine trusts (a TLS-inspecting proxy's among them, where there is one).
  const caFile = process.env.NODE_EXTRA_CA_CERTS || '/etc/ssl/certs/ca-certificates.crt';
  const caBundle = existsSync(caFile) ? readFileSync(caFile, 'utf8') : '';
  return { node, version, npmDir, npmVersion, caBundle };
}

/** Makes (or finds, unchanged) every base; returns their names. */
export function ensureBases() {
  ensurePodman();
  mkdirSync(CACHE_DIR, { recursive: true });
  const debian = ensureDebian();
  const parts = nodeParts();
  buildBase(
    BASES.node,
    'node.Containerfile',
    [],
    {
      inputs: `${parts.version} npm ${parts.npmVersion} ${hash(parts.caBundle)}`,
      fill: (dir) => {
        writeFileSync(path.join(dir, 'ca-certificates.crt'), parts.caBundle);
        cpSync(parts.node, path.join(dir, 'node'));
        cpSync(parts.npmDir, path.join(dir, 'npm'), { recursive: true });
      },
    },
    debian,
  );
  buildBase(
    BASES.nginx,
    'nginx.Containerfile',
    ['nginx.conf', 'nginx-default.conf', 'nginx-index.html', 'nginx-entrypoint.sh'],
    {},
    debian,
  );
  buildBase(BASES.postgres, 'postgres.Containerfile', ['postgres-entrypoint.sh'], {}, debian);
  return BASES;
}
