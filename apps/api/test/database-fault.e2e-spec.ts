import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { jest } from '@jest/globals';
import type { LoggerService } from '@nestjs/common';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { Test } from '@nestjs/testing';
import { ApiRoute } from '@store/contract';
import { AppModule } from '../src/app.module.js';
import { configureApp } from '../src/app.setup.js';
import { loadConfig } from '../src/config/env.js';
import { type EmbeddedDatabase, freePort, startEmbeddedPostgres } from '../src/database/embedded-postgres.js';

/**
 * A Postgres this test owns (embedded, on its own port and folder) is frozen with SIGSTOP and later stopped,
 * under light load. The API must answer 503 fast (health within ~2 s, requests with SERVICE_UNAVAILABLE and
 * Retry-After), never hang, log a bounded number of lines without stacks, and recover by itself.
 * Bounds are generous: this is a behaviour test on a shared 2-core machine, not a benchmark.
 */
jest.setTimeout(180_000);

class CapturingLogger implements LoggerService {
  readonly lines: string[] = [];
  log(message: unknown): void {
    this.lines.push(`log ${String(message)}`);
  }
  error(message: unknown, stack?: unknown): void {
    this.lines.push(`error ${String(message)} ${stack ? String(stack) : ''}`);
  }
  warn(message: unknown): void {
    this.lines.push(`warn ${String(message)}`);
  }
  debug(): void {}
  verbose(): void {}
}

interface Timed {
  status: number;
  ms: number;
  body: { error?: string; code?: string; status?: string };
  retryAfter: string | null;
}

describe('a database that stalls or goes away (e2e)', () => {
  let dataDir: string;
  let port: number;
  let database: EmbeddedDatabase;
  let app: NestExpressApplication;
  let base: string;
  const logger = new CapturingLogger();
  const figures: Record<string, string> = {};

  async function call(route: string): Promise<Timed> {
    const started = performance.now();
    try {
      const response = await fetch(`${base}/api${route}`, { signal: AbortSignal.timeout(20_000) });
      const body = (await response.json().catch(() => ({}))) as Timed['body'];
      return { status: response.status, ms: performance.now() - started, body, retryAfter: response.headers.get('retry-after') };
    } catch {
      // A hang: the request did not finish within 20 s.
      return { status: 0, ms: performance.now() - started, body: {}, retryAfter: null };
    }
  }

  /** Polls until `route` answers 200; returns how long it took. */
  async function until200(route: string, limitMs: number): Promise<number> {
    const started = performance.now();
    while (performance.now() - started < limitMs) {
      if ((await call(route)).status === 200) return performance.now() - started;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    throw new Error(`${route} did not answer 200 within ${limitMs} ms`);
  }

  /** The postmaster and all its children (backends, checkpointer, ...). */
  function postgresPids(): number[] {
    const postmaster = Number(readFileSync(path.join(dataDir, 'postmaster.pid'), 'utf8').split('\n')[0]);
    const children = execFileSync('ps', ['-o', 'pid=', '--ppid', String(postmaster)], { encoding: 'utf8' })
      .split('\n')
      .map((line) => Number(line.trim()))
      .filter((pid) => pid > 0);
    return [postmaster, ...children];
  }

  function signalAll(signal: NodeJS.Signals): void {
    for (const pid of postgresPids()) {
      try {
        process.kill(pid, signal);
      } catch {
        // A backend that just exited.
      }
    }
  }

  /** What every outage must look like from outside: 200s and quick, well-formed 503s, and at least one 503. */
  function expectOnlyQuick503s(answers: Timed[]): Timed[] {
    const failed = answers.filter((answer) => answer.status !== 200);
    expect(answers.every((answer) => answer.status === 200 || answer.status === 503)).toBe(true);
    expect(failed.length).toBeGreaterThan(0);
    for (const answer of failed) {
      expect(answer.body.code).toBe('SERVICE_UNAVAILABLE');
      expect(answer.retryAfter).toMatch(/^\d+$/);
      // Statement/query/connect limits are 2-3 s here; nothing may come near a hang.
      expect(answer.ms).toBeLessThan(10_000);
    }
    return failed;
  }

  /** Light load: one request every 100 ms while `body` runs; returns every answer. */
  async function underLoad<T>(body: () => Promise<T>): Promise<{ result: T; answers: Timed[] }> {
    const answers: Timed[] = [];
    let running = true;
    const loads: Promise<void>[] = [];
    const timer = setInterval(() => {
      if (running) loads.push(call(ApiRoute.categories).then((answer) => void answers.push(answer)));
    }, 100);
    try {
      const result = await body();
      return { result, answers };
    } finally {
      running = false;
      clearInterval(timer);
      await Promise.all(loads);
    }
  }

  beforeAll(async () => {
    dataDir = path.join(await mkdtemp(path.join(os.tmpdir(), 'store-fault-pg-')), 'data');
    port = await freePort();
    database = await startEmbeddedPostgres({ dataDir, port, persistent: true });
    const defaults = loadConfig({ NODE_ENV: 'test' });
    const config = {
      ...defaults,
      // The mail worker's polls would add their own failures to the ones under test.
      mail: { ...defaults.mail, workerEnabled: false },
      databaseUrl: database.serverUrl,
      db: { statementTimeoutMs: 2000, connectTimeoutMs: 1000, healthTimeoutMs: 1000, poolMax: 5 },
    };
    const moduleRef = await Test.createTestingModule({ imports: [AppModule.forRoot(config)] }).compile();
    app = moduleRef.createNestApplication<NestExpressApplication>({ logger });
    configureApp(app, config);
    await app.listen(0, '127.0.0.1');
    base = `http://127.0.0.1:${(app.getHttpServer().address() as AddressInfo).port}`;
  });

  afterAll(async () => {
    console.log(`database-fault: ${JSON.stringify(figures)}`);
    try {
      signalAll('SIGCONT');
    } catch {
      // Already stopped.
    }
    await app?.close().catch(() => undefined);
    await database?.stop().catch(() => undefined);
    if (dataDir) await rm(path.dirname(dataDir), { recursive: true, force: true });
  });

  it('serves while the database is up', async () => {
    expect((await call(ApiRoute.health)).status).toBe(200);
    expect((await call(`${ApiRoute.health}/live`)).status).toBe(200);
    expect((await call(ApiRoute.categories)).status).toBe(200);
  });

  it('answers 503 fast while the database is frozen, and recovers after SIGCONT', async () => {
    const { answers } = await underLoad(async () => {
      signalAll('SIGSTOP');
      await new Promise((resolve) => setTimeout(resolve, 300));
      const health = await call(ApiRoute.health);
      figures.healthWhileFrozenMs = health.ms.toFixed(0);
      expect(health.status).toBe(503);
      expect(health.ms).toBeLessThan(3000);
      expect((await call(`${ApiRoute.health}/live`)).status).toBe(200);
      await new Promise((resolve) => setTimeout(resolve, 5000));
      const again = await call(ApiRoute.health);
      expect(again.status).toBe(503);
      expect(again.ms).toBeLessThan(3000);
      signalAll('SIGCONT');
      const recovery = await until200(ApiRoute.categories, 20_000);
      figures.recoveryAfterSigcontMs = recovery.toFixed(0);
    });
    const failed = expectOnlyQuick503s(answers);
    figures.slowestAnswerWhileFrozenMs = Math.max(...answers.map((answer) => answer.ms)).toFixed(0);
    figures.answersWhileFrozen = `${answers.length} (${failed.length} x 503)`;
  });

  it('answers 503 while the database is stopped, and recovers when it is back', async () => {
    const { answers } = await underLoad(async () => {
      await database.stop();
      const health = await call(ApiRoute.health);
      figures.healthWhileDownMs = health.ms.toFixed(0);
      expect(health.status).toBe(503);
      expect(health.ms).toBeLessThan(3000);
      await new Promise((resolve) => setTimeout(resolve, 3000));
      database = await startEmbeddedPostgres({ dataDir, port, persistent: true });
      const recovery = await until200(ApiRoute.categories, 30_000);
      figures.recoveryAfterRestartMs = recovery.toFixed(0);
    });
    expectOnlyQuick503s(answers);
    expect((await call(ApiRoute.health)).status).toBe(200);
  });

  it('logged a bounded number of lines, without stack traces', () => {
    const outage = logger.lines.filter((line) => line.includes('Database unavailable'));
    figures.outageLogLines = String(outage.length);
    expect(outage.length).toBeGreaterThan(0);
    // One line per cause per 10 s: a handful of causes over ~30 s of outage, not one per request.
    expect(outage.length).toBeLessThan(30);
    expect(logger.lines.filter((line) => /^error /.test(line))).toEqual([]);
    expect(logger.lines.join('\n')).not.toMatch(/\n\s+at /);
  });
});
