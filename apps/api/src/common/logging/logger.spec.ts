import { Logger } from '@nestjs/common';
import { spawn } from 'node:child_process';
import path from 'node:path';
import { Writable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { createLogger, LOG_BATCH, type LogSettings, REDACTED, scrubText } from './logger.js';
import { nestLogger } from './logging.module.js';

/** A pino logger of the API's writing into an array. */
function direct(settings: Partial<LogSettings> = {}) {
  const lines: string[] = [];
  const pino = createLogger({
    format: 'json',
    level: 'info',
    destination: { write: (line: string) => void lines.push(line) },
    ...settings,
  });
  const entries = () => lines.map((line) => JSON.parse(line) as Record<string, unknown>);
  return { pino, lines, entries };
}

// Nest's application logger as start.ts makes it. nestjs-pino keeps one root logger per process (the first it is
// given), so this file makes one and reads its lines afresh in each test.
const shared = direct();
const logger = nestLogger(shared.pino);
function capture() {
  shared.lines.length = 0;
  return { logger, lines: shared.lines, entries: shared.entries };
}

describe('the API logger (json)', () => {
  it('writes one JSON object per line with time, level, context and message', () => {
    const { logger, lines, entries } = capture();
    logger.log('Store listening', 'Bootstrap');
    logger.warn('Careful');
    expect(lines).toHaveLength(2);
    expect(lines.every((line) => line.endsWith('}\n') && !line.slice(0, -1).includes('\n'))).toBe(true);
    const [first, second] = entries();
    expect(first).toEqual({ time: expect.any(String), level: 'info', context: 'Bootstrap', message: 'Store listening' });
    expect(new Date(first.time as string).toISOString()).toBe(first.time);
    expect(second).toEqual({ time: expect.any(String), level: 'warn', message: 'Careful' });
  });

  it('follows Nest’s calling convention for errors: message, stack, context', () => {
    const { logger, entries } = capture();
    const error = new Error('database went away');
    logger.error('Query failed', error.stack, 'Exceptions');
    logger.error(error, 'Bootstrap');
    const [explicit, thrown] = entries();
    expect(explicit).toEqual(expect.objectContaining({ level: 'error', context: 'Exceptions', message: 'Query failed' }));
    expect((explicit.err as { stack: string }).stack).toMatch(/database went away\n\s+at /);
    expect(thrown).toEqual(
      expect.objectContaining({
        level: 'error',
        context: 'Bootstrap',
        message: 'database went away',
        err: expect.objectContaining({ type: 'Error', stack: expect.stringContaining('at ') }),
      }),
    );
  });

  it('spreads the fields of a structured message into the line', () => {
    const { logger, entries } = capture();
    logger.log({ message: 'order placed', orderId: 'o-1', lines: [{ n: 1 }] }, 'Orders');
    expect(entries()[0]).toEqual(
      expect.objectContaining({ context: 'Orders', message: 'order placed', orderId: 'o-1', lines: [{ n: 1 }] }),
    );
  });

  it('never writes secrets handed to it by mistake', () => {
    const { logger, lines, entries } = capture();
    const jwt = 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjMifQ.c2lnbmF0dXJlLWhlcmU';
    logger.log({ message: 'signing in', email: 'a@example.com', password: 'correct horse', headers: { authorization: `Bearer ${jwt}` } });
    logger.log({ message: 'paying', paymentInfo: { paymentMethodNonce: 'fake-valid-nonce', amount: '10.00' } });
    logger.log({ message: 'card', orderId: 'o-1', payment: { creditCard: { number: '4111111111111111', cvv: '123' }, amount: '10.00' } });
    logger.log({ message: 'cookies', req: { headers: { Cookie: 'session=cookie-secret' } } });
    logger.warn(`Rejected header Authorization: Bearer ${jwt}`);
    logger.error(`token ${jwt} failed`, `Error: bad\n    at check (Bearer ${jwt})`, 'Auth');
    const thrown = new Error(`refused Bearer ${jwt}`);
    logger.error(thrown, 'Auth');
    const text = lines.join('\n');
    for (const secret of ['correct horse', jwt, 'fake-valid-nonce', '4111111111111111', 'cookie-secret'])
      expect(text).not.toContain(secret);
    const [signIn, paying, card, cookies, header] = entries();
    expect(signIn).toEqual(expect.objectContaining({ email: 'a@example.com', password: REDACTED, headers: { authorization: REDACTED } }));
    expect(paying.paymentInfo).toEqual({ paymentMethodNonce: REDACTED, amount: '10.00' });
    expect(card.payment).toEqual({ creditCard: REDACTED, amount: '10.00' });
    expect(cookies.req).toEqual({ headers: { Cookie: REDACTED } });
    expect(header.message).toBe('Rejected header Authorization: Bearer [redacted]');
  });

  it('keeps Nest’s start-up chatter below the default level but shows it at debug', () => {
    const quiet = capture();
    quiet.logger.log('AppModule dependencies initialized', 'InstanceLoader');
    quiet.logger.log('Mapped {/api/health, GET} route', 'RouterExplorer');
    quiet.logger.debug?.('details');
    quiet.logger.log('Nest application successfully started', 'NestApplication');
    expect(quiet.entries().map((entry) => entry.message)).toEqual(['Nest application successfully started']);

    // What nestjs-pino hands pino for Nest's `log(message, context)`.
    const verbose = direct({ level: 'debug' });
    verbose.pino.info({ context: 'InstanceLoader' }, 'AppModule dependencies initialized');
    expect(verbose.entries()).toEqual([expect.objectContaining({ level: 'debug', context: 'InstanceLoader' })]);
  });

  it('writes nothing below its level', () => {
    const { pino, entries } = direct({ level: 'error' });
    pino.info('hidden');
    pino.warn('hidden too');
    pino.error('shown');
    expect(entries().map((entry) => entry.message)).toEqual(['shown']);
  });

  it('receives what Nest’s Logger instances write once installed as the application logger', () => {
    const { logger, entries } = capture();
    Logger.overrideLogger(logger);
    try {
      new Logger('Orders').log('order placed');
      new Logger('Orders').error('charge failed', 'Error: x\n    at y (z.js:1:1)');
    } finally {
      Logger.overrideLogger(true);
    }
    expect(entries()).toEqual([
      expect.objectContaining({ level: 'info', context: 'Orders', message: 'order placed' }),
      expect.objectContaining({
        level: 'error',
        context: 'Orders',
        message: 'charge failed',
        err: expect.objectContaining({ stack: expect.stringContaining('at y') }),
      }),
    ]);
  });
});

/**
 * A process of its own logging through the API's JSON logger to its real stdout (the destination production uses):
 * `script` runs with `log`, the logger, in scope. Resolves with the lines read and how long after the start each
 * arrived, once the process has exited.
 */
function loggingProcess(
  script: string,
): Promise<{ lines: Array<{ entry: Record<string, unknown>; afterMs: number }>; code: number | null }> {
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../..');
  const child = spawn(
    process.execPath,
    [
      '--import',
      './apps/api/test/support/ts-register.mjs',
      '--input-type=module',
      '-e',
      `const { createLogger } = await import('./apps/api/src/common/logging/logger.ts');
       const log = createLogger({ format: 'json', level: 'info' });
       ${script}`,
    ],
    { cwd: root, stdio: ['ignore', 'pipe', 'inherit'] },
  );
  const started = Date.now();
  const lines: Array<{ entry: Record<string, unknown>; afterMs: number }> = [];
  let rest = '';
  child.stdout!.on('data', (chunk: Buffer) => {
    const text = rest + chunk.toString();
    const complete = text.split('\n');
    rest = complete.pop()!;
    for (const line of complete) lines.push({ entry: JSON.parse(line) as Record<string, unknown>, afterMs: Date.now() - started });
  });
  return new Promise((resolve) => child.once('close', (code) => resolve({ lines, code })));
}

describe('the API logger (json, to stdout)', () => {
  it('gathers lines before writing them, and writes every one still gathered when the process exits', async () => {
    expect(LOG_BATCH.minLength).toBeGreaterThan(0);
    // Far less than LOG_BATCH.minLength, so all of it is still gathered at process.exit.
    const { lines, code } = await loggingProcess(
      `for (let i = 0; i < 3; i++) log.info({ context: 'Test', i }, 'line ' + i); process.exit(0);`,
    );
    expect(code).toBe(0);
    expect(lines.map(({ entry }) => entry.message)).toEqual(['line 0', 'line 1', 'line 2']);
  }, 30_000);

  it('writes a lone line within its periodic flush, without waiting for more lines or the exit', async () => {
    // The line is logged once the process has started; the process stays up for 1.5 s after it.
    const { lines } = await loggingProcess(
      `const at = Date.now(); log.info({ context: 'Test', at }, 'alone'); setTimeout(() => log.info({ context: 'Test' }, 'last'), 1500);`,
    );
    const alone = lines.find(({ entry }) => entry.message === 'alone')!;
    const last = lines.find(({ entry }) => entry.message === 'last')!;
    // Read well before the next line was even logged: the timer, not the exit, wrote it.
    expect(last.afterMs - alone.afterMs).toBeGreaterThan(1500 - LOG_BATCH.periodicFlush - 500);
  }, 30_000);
});

describe('the API logger (pretty)', () => {
  it('writes readable lines: time, level, context, message, then the other fields', async () => {
    const lines: string[] = [];
    const destination = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(...chunk.toString().split('\n').filter(Boolean));
        done();
      },
    });
    const pino = createLogger({ format: 'pretty', level: 'info', destination });
    pino.info(
      { context: 'HTTP', method: 'GET', path: '/api/categories', status: 200, durationMs: 3, requestId: 'r1' },
      'GET /api/categories 200 3ms',
    );
    pino.error({ context: 'Exceptions', err: new Error('boom') });
    await new Promise((resolve) => setImmediate(resolve));
    expect(lines[0]).toMatch(/^\[\d\d:\d\d:\d\d\.\d{3}\] INFO: \[HTTP\] GET \/api\/categories 200 3ms \{"requestId":"r1"\}$/);
    expect(lines[1]).toMatch(/ERROR: \[Exceptions\] boom/);
    expect(lines.join('\n')).toMatch(/Error: boom\n\s+at /);
  });
});

describe('scrubText', () => {
  it('removes bearer and basic credentials and bare JWTs from free text, and leaves prose alone', () => {
    const jwt = 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJ1MSJ9.sig_-nature';
    expect(scrubText(`Authorization: Bearer ${jwt}`)).toBe('Authorization: Bearer [redacted]');
    expect(scrubText('auth Basic dXNlcjpwYXNz==')).toBe('auth Basic [redacted]');
    expect(scrubText(`token=${jwt} rest`)).toBe('token=[redacted] rest');
    expect(scrubText('authorization: bearer abc.def')).toBe('authorization: bearer [redacted]');
    expect(scrubText('GET /api/categories 200')).toBe('GET /api/categories 200');
    expect(scrubText('Basic information about the bearer of the card')).toBe('Basic information about the bearer of the card');
  });
});
