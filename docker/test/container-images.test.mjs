// The two images, built with podman from docker/*.Dockerfile (global setup) on the local bases, started the way
// the Kubernetes manifests run them: a non-root user, a read-only root filesystem, writable only where the
// manifests mount an emptyDir, no capabilities, no privilege escalation. Their HEALTHCHECK must turn healthy, and
// no layer may hold dev dependencies, tests, TypeScript sources, served source maps or secrets.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { randomBytes } from 'node:crypto';
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import {
  IMAGES,
  REPORT_DIR,
  buildError,
  freePort,
  layerFiles,
  logsOf,
  podman,
  podmanTry,
  root,
  startPostgres,
  waitHealthy,
} from './support/containers.mjs';

const id = randomBytes(4).toString('hex');
const network = `store-ops-images-${id}`;
const names = { postgres: `store-ops-pg-${id}`, api: `store-ops-api-${id}`, web: `store-ops-web-${id}` };
const password = randomBytes(12).toString('hex');
/** What deploy/k8s runs every container with. */
const hardened = ['--read-only', '--cap-drop=ALL', '--security-opt=no-new-privileges'];
const figures = {};

const emptyDirs = [];
function emptyDir() {
  const dir = mkdtempSync('/tmp/store-ops-emptydir-');
  chmodSync(dir, 0o777);
  emptyDirs.push(dir);
  return dir;
}

const sh = (container, script) => podmanTry(['exec', container, 'sh', '-c', script]);

beforeAll(() => {
  const error = buildError();
  if (error) throw new Error(`The images could not be built:\n${error}`);
  podman(['network', 'create', network]);
});

afterAll(() => {
  for (const name of Object.values(names)) podmanTry(['rm', '-f', '-t', '5', name]);
  podmanTry(['network', 'rm', '-f', network]);
  for (const dir of emptyDirs) rmSync(dir, { recursive: true, force: true });
  if (Object.keys(figures).length) {
    mkdirSync(REPORT_DIR, { recursive: true });
    writeFileSync(path.join(REPORT_DIR, 'images.json'), `${JSON.stringify(figures, null, 2)}\n`);
    console.log(`images: ${JSON.stringify(figures)}`);
  }
}, 60_000);

describe('the images as they run', () => {
  it('run as their non-root users (node 1000, nginx 101)', () => {
    expect(podman(['image', 'inspect', '--format', '{{.Config.User}}', IMAGES.api]).trim()).toBe('node');
    expect(podman(['image', 'inspect', '--format', '{{.Config.User}}', IMAGES.web]).trim()).toBe('nginx');
    expect(podman(['run', '--rm', '--entrypoint', 'id', IMAGES.api, '-u']).trim()).toBe('1000');
    expect(podman(['run', '--rm', '--entrypoint', 'id', IMAGES.web, '-u']).trim()).toBe('101');
  });

  it('API: starts on a read-only root (tmpfs on /tmp only), turns healthy, and answers readiness with the database up', async () => {
    await startPostgres(names.postgres, network, password);
    const started = Date.now();
    podman([
      'run',
      '-d',
      '--name',
      names.api,
      '--network',
      network,
      '--network-alias',
      'api',
      ...hardened,
      '--tmpfs',
      '/tmp:size=64m',
      '-e',
      `DATABASE_URL=postgres://store:${password}@${names.postgres}:5432/store`,
      '-e',
      `JWT_SECRET=${randomBytes(24).toString('hex')}`,
      '-e',
      'PAYMENT_GATEWAY=test',
      '-e',
      'PUBLIC_URL=https://shop.example.com',
      IMAGES.api,
    ]);
    await waitHealthy(names.api);
    figures.apiColdStartToHealthySeconds = (Date.now() - started) / 1000;

    const readiness = sh(
      names.api,
      `node -e "fetch('http://127.0.0.1:3000/api/health').then(async (r) => console.log(r.status, await r.text()))"`,
    );
    expect(readiness.stdout.trim()).toBe('200 {"status":"ok","db":"up"}');
    // The root really is read-only, and the image's files are not the process's to change.
    expect(sh(names.api, 'touch /app/written 2>&1').stdout).toMatch(/Read-only file system/);
    expect(sh(names.api, 'touch /tmp/written && echo ok').stdout.trim()).toBe('ok');
    const logs = logsOf(names.api);
    expect(logs).not.toMatch(/"level":"(error|fatal)"/);
  });

  it('web: starts on a read-only root (writable /tmp and /etc/nginx/conf.d only), turns healthy, serves the app and proxies /api', async () => {
    const port = await freePort();
    const started = Date.now();
    podman([
      'run',
      '-d',
      '--name',
      names.web,
      '--network',
      network,
      ...hardened,
      '--tmpfs',
      '/tmp:size=256m',
      // An emptyDir is an empty folder anyone may write to; podman's tmpfs here ignores `mode` (root 0775).
      '-v',
      `${emptyDir()}:/etc/nginx/conf.d`,
      '-e',
      `API_UPSTREAM=${names.api}:3000`,
      '-p',
      `127.0.0.1:${port}:8080`,
      IMAGES.web,
    ]);
    await waitHealthy(names.web);
    figures.webColdStartToHealthySeconds = (Date.now() - started) / 1000;

    const page = await fetch(`http://127.0.0.1:${port}/`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('<div id="root">');
    const health = await fetch(`http://127.0.0.1:${port}/api/health`);
    expect(health.status).toBe(200);
    expect(await health.json()).toEqual({ status: 'ok', db: 'up' });
    expect(sh(names.web, 'touch /usr/share/nginx/html/written 2>&1').stdout).toMatch(/Read-only file system/);

    // Idle memory of each container, once both have served something.
    const stats = JSON.parse(podman(['stats', '--no-stream', '--format', 'json', names.api, names.web, names.postgres]));
    figures.idleMemory = Object.fromEntries(stats.map((row) => [row.name ?? row.Name, row.mem_usage ?? row.MemUsage]));
    expect(Object.keys(figures.idleMemory)).toHaveLength(3);
  });
});

describe('what the layers hold', () => {
  let dir;
  let api;
  let web;
  const all = (layers) => layers.flatMap((layer) => layer.files);

  beforeAll(() => {
    dir = mkdtempSync('/tmp/store-ops-layers-');
    api = layerFiles(IMAGES.api, dir);
    rmSync(path.join(dir, 'image.tar'));
    web = layerFiles(IMAGES.web, dir);
    rmSync(path.join(dir, 'image.tar'));
    figures.sizes = Object.fromEntries(
      Object.entries(IMAGES).map(([name, image]) => [name, Number(podman(['image', 'inspect', '--format', '{{.Size}}', image]).trim())]),
    );
  }, 10 * 60_000);

  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('the API image holds the production dependencies and none of the dev-only ones', () => {
    const lock = JSON.parse(readFileSync(path.join(root, 'package-lock.json'), 'utf8'));
    const devOnly = Object.entries(lock.packages)
      .filter(([key, entry]) => key.startsWith('node_modules/') && entry.dev === true)
      .map(([key]) => `app/${key}/`);
    const files = all(api);
    const installed = new Set(files.filter((file) => /^app\/node_modules\/(@[^/]+\/)?[^/]+\/package\.json$/.test(file)));
    expect(installed).toContain('app/node_modules/@nestjs/core/package.json');
    expect(installed).toContain('app/node_modules/pg/package.json');
    expect(devOnly.length).toBeGreaterThan(100);
    const leaked = devOnly.filter((prefix) => installed.has(`${prefix}package.json`));
    expect(leaked).toEqual([]);
  });

  it('no layer holds the store’s tests or TypeScript sources', () => {
    const ours = all(api).filter((file) => /^app\/(apps|libs)\//.test(file));
    expect(ours).toContain('app/apps/api/dist/main.js');
    expect(ours.filter((file) => /(\.(spec|test|e2e-spec)\.[cm]?[jt]s$)|\/test\/|\/e2e\//.test(file))).toEqual([]);
    expect(ours.filter((file) => /\.tsx?$/.test(file) && !file.endsWith('.d.ts'))).toEqual([]);
    expect(all(web).filter((file) => /^usr\/share\/nginx\/html\/.*\.(tsx?|map)$/.test(file))).toEqual([]);
  });

  it('the API’s source maps map lines only: no source text in them (the CMD uses them for readable stack traces)', () => {
    const maps = all(api).filter((file) => /^app\/(apps|libs)\/.*\.map$/.test(file));
    expect(maps.length).toBeGreaterThan(0);
    const probe = podman([
      'run',
      '--rm',
      '--entrypoint',
      'node',
      IMAGES.api,
      '-e',
      `const fs=require('fs');const files=${JSON.stringify(maps.map((file) => `/${file}`))};` +
        `console.log(JSON.stringify(files.filter((f)=>JSON.parse(fs.readFileSync(f,'utf8')).sourcesContent)))`,
    ]);
    expect(JSON.parse(probe)).toEqual([]);
  });

  it('no layer holds secrets: no .env, keys or npm credentials, and no secret in the image configuration', () => {
    for (const layers of [api, web]) {
      const files = all(layers).filter((file) => !/\/node_modules\//.test(file));
      expect(files.filter((file) => /(^|\/)\.env(\.|$)/.test(file))).toEqual([]);
      expect(files.filter((file) => /(^|\/)(id_rsa|id_ed25519)|\.(pem|key|p12|pfx)$/.test(file) && !file.startsWith('etc/ssl/'))).toEqual(
        [],
      );
    }
    const npmrc = podman(['run', '--rm', '--entrypoint', 'cat', IMAGES.api, '/app/.npmrc']);
    expect(npmrc).not.toMatch(/_auth|token|password/i);
    for (const image of Object.values(IMAGES)) {
      const env = JSON.parse(podman(['image', 'inspect', '--format', '{{json .Config.Env}}', image]));
      expect(env.filter((entry) => /(SECRET|PASSWORD|TOKEN|PRIVATE|_KEY)[^=]*=/.test(entry))).toEqual([]);
    }
  });
});
