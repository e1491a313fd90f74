import { Body, type CanActivate, Controller, type ExecutionContext, Get, Injectable, Logger, Post, UseGuards } from '@nestjs/common';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { Test } from '@nestjs/testing';
import type { Server } from 'node:http';
import request from 'supertest';
import { configureApp } from '../../app.setup.js';
import { loadConfig } from '../../config/env.js';
import { createLogger } from './logger.js';
import { LoggingModule, nestLogger } from './logging.module.js';

const JWT = 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJ1c2VyLTEifQ.c2lnbmF0dXJl';

/** Stands in for the JWT guard: it puts the signed-in user on the request, as the real one does. */
@Injectable()
class SignedInGuard implements CanActivate {
  canActivate(context: ExecutionContext): boolean {
    context.switchToHttp().getRequest<{ user: unknown }>().user = { id: 'user-1', name: 'Shopper', email: 's@example.com', role: 0 };
    return true;
  }
}

@Controller()
class ProbeController {
  private readonly logger = new Logger('Probe');

  @Get('probe')
  async probe(): Promise<{ ok: true }> {
    await new Promise((resolve) => setTimeout(resolve, 1));
    this.logger.log('inside the handler');
    return { ok: true };
  }

  @Post('probe')
  echo(@Body() body: Record<string, unknown>): { keys: string[] } {
    this.logger.log('after the body was parsed');
    return { keys: Object.keys(body) };
  }

  @Get('mine')
  @UseGuards(SignedInGuard)
  mine(): { ok: true } {
    return { ok: true };
  }

  @Get('boom')
  boom(): never {
    throw new Error('unexpected failure');
  }

  @Get('health')
  health(): { status: 'ok' } {
    return { status: 'ok' };
  }
}

/** The real request pipeline (configureApp, as start.ts runs it) around a probe controller, logging JSON into an array. */
describe('request logging', () => {
  let app: NestExpressApplication;
  let http: Server;
  const lines: string[] = [];
  const entries = (): Record<string, unknown>[] => lines.map((line) => JSON.parse(line) as Record<string, unknown>);
  const requestLines = (): Record<string, unknown>[] => entries().filter((entry) => entry.context === 'HTTP');

  beforeAll(async () => {
    const config = loadConfig({ NODE_ENV: 'test', LOG_FORMAT: 'json', LOG_LEVEL: 'info' });
    const logger = createLogger({ ...config.log, destination: { write: (line: string) => void lines.push(line) } });
    const moduleRef = await Test.createTestingModule({
      imports: [LoggingModule.forRoot(logger)],
      controllers: [ProbeController],
      providers: [SignedInGuard],
    }).compile();
    app = moduleRef.createNestApplication<NestExpressApplication>({ logger: nestLogger(logger) });
    configureApp(app, config);
    await app.init();
    http = app.getHttpServer() as Server;
  });
  afterAll(() => app.close());
  beforeEach(() => {
    lines.length = 0;
  });

  it('logs each request once, at completion, with id, method, path, status and duration', async () => {
    const response = await request(http).get('/api/probe').expect(200);
    const id = response.headers['x-request-id'];
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    expect(requestLines()).toEqual([
      expect.objectContaining({
        level: 'info',
        message: expect.stringMatching(/^GET \/api\/probe 200 [\d.]+ms$/),
        requestId: id,
        method: 'GET',
        path: '/api/probe',
        status: 200,
        durationMs: expect.any(Number),
      }),
    ]);
  });

  it('keeps a sane request id from the proxy and replaces one that is not', async () => {
    const kept = await request(http).get('/api/probe').set('X-Request-Id', 'abc123.lb-7:1').expect(200);
    expect(kept.headers['x-request-id']).toBe('abc123.lb-7:1');
    for (const bad of ['has space', 'x'.repeat(200), '"quoted"', '{"level":"fatal"}']) {
      const replaced = await request(http).get('/api/probe').set('X-Request-Id', bad).expect(200);
      expect(replaced.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    }
    expect(requestLines().map((entry) => entry.requestId)).toEqual([
      'abc123.lb-7:1',
      ...[1, 2, 3, 4].map(() => expect.stringMatching(/^[0-9a-f-]{36}$/)),
    ]);
  });

  it('tags what the handler logs with the same request id, across awaits and body parsing', async () => {
    await request(http).get('/api/probe').set('X-Request-Id', 'handler-get').expect(200);
    await request(http).post('/api/probe').set('X-Request-Id', 'handler-post').send({ a: 1 }).expect(201);
    const fromHandlers = entries().filter((entry) => entry.context === 'Probe');
    expect(fromHandlers.map((entry) => entry.requestId)).toEqual(['handler-get', 'handler-post']);
  });

  it('logs the user id when the request is signed in', async () => {
    await request(http).get('/api/mine').expect(200);
    expect(requestLines()[0]).toEqual(expect.objectContaining({ path: '/api/mine', userId: 'user-1' }));
  });

  it('never logs the query string, headers or body', async () => {
    await request(http)
      .post('/api/probe?token=query-secret')
      .set('Authorization', `Bearer ${JWT}`)
      .set('Cookie', 'session=cookie-secret')
      .send({ email: 'a@example.com', password: 'body-secret', paymentMethodNonce: 'fake-valid-nonce' })
      .expect(201);
    const text = lines.join('\n');
    for (const secret of ['query-secret', JWT, 'cookie-secret', 'body-secret', 'fake-valid-nonce', 'a@example.com']) {
      expect(text).not.toContain(secret);
    }
    expect(requestLines()[0]).toEqual(expect.objectContaining({ path: '/api/probe', status: 201 }));
  });

  it('logs a 500 at warn, beside the exception the filter logs at error, both with the request id', async () => {
    await request(http).get('/api/boom').set('X-Request-Id', 'boom-1').expect(500);
    const exception = entries().find((entry) => entry.context === 'Exceptions');
    expect(exception).toEqual(
      expect.objectContaining({ level: 'error', requestId: 'boom-1', message: expect.stringContaining('unexpected failure') }),
    );
    expect(requestLines()).toEqual([expect.objectContaining({ level: 'warn', status: 500, requestId: 'boom-1' })]);
  });

  it('logs requests refused before any handler, such as an oversized body', async () => {
    await request(http)
      .post('/api/probe')
      .send({ blob: 'x'.repeat(150 * 1024) })
      .expect(413);
    await request(http).get('/api/nowhere').expect(404);
    expect(requestLines()).toEqual([
      expect.objectContaining({ method: 'POST', path: '/api/probe', status: 413 }),
      expect.objectContaining({ method: 'GET', path: '/api/nowhere', status: 404 }),
    ]);
  });

  it('keeps successful health checks out of the default log', async () => {
    await request(http).get('/api/health').expect(200);
    expect(requestLines()).toEqual([]);
  });
});
