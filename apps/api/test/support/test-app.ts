import type { NestExpressApplication } from '@nestjs/platform-express';
import { Test } from '@nestjs/testing';
import { ApiRoute, apiPath, Role, type Session } from '@store/contract';
import type { Server } from 'node:http';
import os from 'node:os';
import path from 'node:path';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { AppModule } from '../../src/app.module.js';
import { configureApp } from '../../src/app.setup.js';
import { type AppConfig, loadConfig } from '../../src/config/env.js';
import { AuthService } from '../../src/modules/auth/auth.service.js';
import { createTestDatabase, type TestDatabase } from './test-database.js';

export interface TestApp {
  app: NestExpressApplication;
  http: Server;
  config: AppConfig & { databaseUrl: string };
  dataSource: DataSource;
  db: TestDatabase;
  close(): Promise<void>;
}

/**
 * The real API, configured exactly as main.ts does, on a fresh database of its own, or on `shared` (another
 * app's `db`, to run two replicas on one database; closing this app then leaves the database to its owner).
 */
export async function createTestApp(overrides: Partial<AppConfig> = {}, shared?: TestDatabase): Promise<TestApp> {
  const db = shared ?? (await createTestDatabase());
  const base = loadConfig({ NODE_ENV: 'test' });
  // The mail worker stays off unless a test asks for it (it drives OutboxWorker.runOnce itself, or turns it on).
  const config = {
    ...base,
    authRateLimit: 1000,
    paymentRateLimit: 1000,
    // Test mails sent without a mail server are written outside the repository.
    mail: { ...base.mail, workerEnabled: false, outboxDir: path.join(os.tmpdir(), 'store-test-outbox') },
    ...overrides,
    databaseUrl: db.url,
  };
  let app: NestExpressApplication | undefined;
  try {
    const moduleRef = await Test.createTestingModule({ imports: [AppModule.forRoot(config)] }).compile();
    app = moduleRef.createNestApplication<NestExpressApplication>({ logger: ['error'] });
    configureApp(app, config);
    await app.init();
  } catch (error) {
    // A start that fails must not leave its database behind on the shared server.
    await app?.close().catch(() => undefined);
    if (!shared) await db.drop();
    throw error;
  }
  return {
    app,
    http: app.getHttpServer() as Server,
    config,
    dataSource: app.get(DataSource),
    db,
    async close() {
      await app.close();
      if (!shared) await db.drop();
    },
  };
}

let counter = 0;

/** Signs up (or, for an admin, provisions) a fresh user through the real services and signs them in. */
export async function signedInUser(testApp: TestApp, role: Role = Role.Customer): Promise<Session & { password: string }> {
  counter += 1;
  const email = `user${counter}-${Date.now()}@example.com`;
  const password = 'correct horse battery';
  const name = role === Role.Admin ? 'Admin User' : 'Shopper User';
  if (role === Role.Admin) {
    await testApp.app.get(AuthService).ensureAdmin({ email, password, name });
  } else {
    await request(testApp.http).post(`/api${ApiRoute.signup}`).send({ name, email, password }).expect(201);
  }
  const response = await request(testApp.http).post(`/api${ApiRoute.signin}`).send({ email, password }).expect(200);
  return { ...(response.body as Session), password };
}

/** Requests to the app signed in as `session` (its token in the Authorization header), one function per method. */
export function signedInAs(testApp: TestApp, session: { token: string }) {
  const signed = (test: request.Test) => test.set('Authorization', `Bearer ${session.token}`);
  return {
    get: (path: string) => signed(request(testApp.http).get(path)),
    post: (path: string) => signed(request(testApp.http).post(path)),
    put: (path: string) => signed(request(testApp.http).put(path)),
    delete: (path: string) => signed(request(testApp.http).delete(path)),
  };
}

/** `/api` + a filled route pattern. */
export function api<P extends string>(pattern: P, params: Parameters<typeof apiPath<P>>[1]): string {
  return `/api${apiPath(pattern, params)}`;
}
