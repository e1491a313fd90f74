import { Logger, type LogLevel } from '@nestjs/common';
import { AppLogger, type LogFormat } from './app-logger.js';
import { runWithRequest } from './request-context.js';

function capture(format: LogFormat, level?: LogLevel): { logger: AppLogger; lines: string[]; entries: () => Record<string, unknown>[] } {
  const lines: string[] = [];
  const logger = new AppLogger({ format, level, colors: false, write: (line) => lines.push(line) });
  return { logger, lines, entries: () => lines.map((line) => JSON.parse(line) as Record<string, unknown>) };
}

describe('AppLogger (json)', () => {
  it('writes one JSON object per line with time, level, context and message', () => {
    const { logger, lines, entries } = capture('json');
    logger.log('Store listening', 'Bootstrap');
    logger.warn('Careful');
    expect(lines).toHaveLength(2);
    expect(lines.every((line) => !line.includes('\n'))).toBe(true);
    const [first, second] = entries();
    expect(first).toEqual({ time: expect.any(String), level: 'info', context: 'Bootstrap', message: 'Store listening' });
    expect(new Date(first.time as string).toISOString()).toBe(first.time);
    expect(second).toEqual(expect.objectContaining({ level: 'warn', message: 'Careful' }));
    expect(second).not.toHaveProperty('context');
  });

  it('follows Nest’s calling convention for errors: message, stack, context', () => {
    const { logger, entries } = capture('json');
    const error = new Error('database went away');
    logger.error('Query failed', error.stack, 'Exceptions');
    logger.error(error, 'Bootstrap');
    const [explicit, thrown] = entries();
    expect(explicit).toEqual(expect.objectContaining({ level: 'error', context: 'Exceptions', message: 'Query failed' }));
    expect(explicit.stack).toContain('database went away');
    expect(explicit.stack).toMatch(/\n\s+at /);
    expect(thrown).toEqual(
      expect.objectContaining({ context: 'Bootstrap', message: 'database went away', stack: expect.stringContaining('at ') }),
    );
  });

  it('writes the same text as JSON.stringify of {time, level, context, message, ...fields, stack}, odd field names included', () => {
    const { logger, lines } = capture('json');
    const cases: Array<Record<string, unknown>> = [
      { message: 'GET /api/products 200 0.2ms', requestId: 'r-1', method: 'GET', path: '/api/products', status: 200, durationMs: 0.2 },
      { message: 'nested', order: { id: 'o1', lines: [{ n: 1 }] }, note: 'quote " and \\ and \u2028', none: undefined },
      { message: 'names that reorder or replace', 2: 'two', level: 'overridden', stack: 'field stack', time: 'mine' },
      { message: 'no fields' },
    ];
    for (const fields of cases) logger.log(fields, 'Ctx');
    logger.error('failed', 'Error: x\n    at here', 'Ctx');
    const expected = (line: string, entry: Record<string, unknown>) => {
      const { time } = JSON.parse(line) as { time: string };
      const { message, ...rest } = entry;
      return JSON.stringify({ time: rest.time ?? time, level: rest.level ?? 'info', context: 'Ctx', message, ...rest, stack: undefined });
    };
    cases.forEach((entry, i) => expect(lines[i]).toBe(expected(lines[i], entry)));
    expect(JSON.parse(lines[4])).toEqual({
      time: expect.any(String),
      level: 'error',
      context: 'Ctx',
      message: 'failed',
      stack: 'Error: x\n    at here',
    });
  });

  it('spreads the fields of a structured message into the line', () => {
    const { logger, entries } = capture('json');
    logger.log({ message: 'GET /api/health 200 1.2ms', method: 'GET', path: '/api/health', status: 200, durationMs: 1.2 }, 'HTTP');
    expect(entries()[0]).toEqual(
      expect.objectContaining({
        context: 'HTTP',
        message: 'GET /api/health 200 1.2ms',
        method: 'GET',
        path: '/api/health',
        status: 200,
        durationMs: 1.2,
      }),
    );
  });

  it('never writes secrets handed to it by mistake', () => {
    const { logger, lines, entries } = capture('json');
    const jwt = 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjMifQ.c2lnbmF0dXJlLWhlcmU';
    logger.log({ message: 'signing in', email: 'a@example.com', password: 'correct horse', headers: { authorization: `Bearer ${jwt}` } });
    logger.log({ message: 'paying', paymentInfo: { paymentMethodNonce: 'fake-valid-nonce', amount: '10.00' } });
    logger.warn(`Rejected header Authorization: Bearer ${jwt}`);
    logger.error(`token ${jwt} failed`, `Error: bad\n    at check (Bearer ${jwt})`, 'Auth');
    const text = lines.join('\n');
    expect(text).not.toContain('correct horse');
    expect(text).not.toContain(jwt);
    expect(text).not.toContain('fake-valid-nonce');
    const [signIn, paying, header] = entries();
    expect(signIn).toEqual(
      expect.objectContaining({ email: 'a@example.com', password: '[redacted]', headers: { authorization: '[redacted]' } }),
    );
    expect(paying.paymentInfo).toEqual({ paymentMethodNonce: '[redacted]', amount: '10.00' });
    expect(header.message).toBe('Rejected header Authorization: Bearer [redacted]');
  });

  it('keeps Nest’s start-up chatter below the default level but shows it at debug', () => {
    const quiet = capture('json');
    quiet.logger.log('AppModule dependencies initialized', 'InstanceLoader');
    quiet.logger.log('Mapped {/api/health, GET} route', 'RouterExplorer');
    quiet.logger.debug('details');
    quiet.logger.log('Nest application successfully started', 'NestApplication');
    expect(quiet.entries().map((entry) => entry.message)).toEqual(['Nest application successfully started']);

    const verbose = capture('json', 'debug');
    verbose.logger.log('AppModule dependencies initialized', 'InstanceLoader');
    expect(verbose.entries()).toEqual([expect.objectContaining({ level: 'debug', context: 'InstanceLoader' })]);
  });

  it('honours the level list Nest passes (logger: [...] options)', () => {
    const { logger, entries } = capture('json');
    logger.setLogLevels(['error']);
    logger.log('hidden');
    logger.warn('hidden too');
    logger.error('shown');
    expect(entries().map((entry) => entry.message)).toEqual(['shown']);
  });

  it('adds the id of the request being served to every line', async () => {
    const { logger, entries } = capture('json');
    await runWithRequest({ requestId: 'req-42' }, async () => {
      await Promise.resolve();
      logger.log('inside');
    });
    logger.log('outside');
    const [inside, outside] = entries();
    expect(inside.requestId).toBe('req-42');
    expect(outside).not.toHaveProperty('requestId');
  });

  it('receives what Nest’s Logger instances write once installed as the application logger', () => {
    const { logger, entries } = capture('json');
    Logger.overrideLogger(logger);
    try {
      new Logger('Orders').log('order placed');
      new Logger('Orders').error('charge failed', 'Error: x\n    at y (z.js:1:1)');
    } finally {
      Logger.overrideLogger(true);
    }
    expect(entries()).toEqual([
      expect.objectContaining({ level: 'info', context: 'Orders', message: 'order placed' }),
      expect.objectContaining({ level: 'error', context: 'Orders', message: 'charge failed', stack: expect.stringContaining('at y') }),
    ]);
  });
});

describe('AppLogger (pretty)', () => {
  it('writes readable lines: time, level, context, message, then extra fields', () => {
    const { logger, lines } = capture('pretty');
    logger.log(
      { message: 'GET /api/categories 200 3.1ms', method: 'GET', path: '/api/categories', status: 200, durationMs: 3.1, requestId: 'r1' },
      'HTTP',
    );
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^\d\d:\d\d:\d\d\.\d{3} INFO {2}\[HTTP\] GET \/api\/categories 200 3\.1ms requestId=r1$/);
  });

  it('prints an error’s stack under it', () => {
    const { logger, lines } = capture('pretty');
    logger.error('Query failed', 'Error: boom\n    at run (x.js:1:1)', 'Exceptions');
    expect(lines[0]).toMatch(/ERROR \[Exceptions\] Query failed\nError: boom\n {4}at run/);
  });
});
