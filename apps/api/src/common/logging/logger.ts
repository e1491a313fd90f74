import type { IncomingMessage, ServerResponse } from 'node:http';
import { API_PREFIX, ApiRoute } from '@store/contract';
import { pino, type DestinationStream, type Level, type LevelWithSilent, type Logger, type LoggerOptions } from 'pino';
import pretty from 'pino-pretty';
import { currentRequestId, inRequestContext, REQUEST_ID_HEADER, requestIdFrom } from './request-context.js';

export type LogFormat = 'json' | 'pretty';
export type LogLevel = LevelWithSilent;

export interface LogSettings {
  /** One JSON object per line (production) or readable lines (development). */
  format: LogFormat;
  /** The least severe level written. */
  level: LogLevel;
  /** Tests only, never read from the environment: where the lines go instead of stdout. */
  destination?: DestinationStream;
}

export const REDACTED = '[redacted]';

/**
 * Keys whose values never reach a log line: credentials, session material and card data, at the top of a logged
 * object and inside the objects that carry them (request headers and bodies, an error's own fields, payment
 * details). pino redacts exact paths, each checked on every line: wildcard paths (`*.password`) would cover any
 * parent but cost over 100 µs a line, and each parent named here adds a few µs to every request (measured), so
 * the list stays short.
 */
const SECRET_KEYS = [
  'authorization',
  'Authorization',
  'cookie',
  'Cookie',
  '"set-cookie"',
  'password',
  'newPassword',
  'currentPassword',
  'passwordHash',
  'token',
  'accessToken',
  'refreshToken',
  'clientToken',
  'jwtSecret',
  'secret',
  'privateKey',
  'secretAccessKey',
  'smtpUrl',
  'paymentMethodNonce',
  'payment_method_nonce',
  'nonce',
  'creditCard',
  'cardNumber',
  'card_number',
  'cvv',
];
const SECRET_PARENTS = ['', 'headers', 'req.headers', 'body', 'err', 'payment', 'paymentInfo'];
const REDACT_PATHS = SECRET_PARENTS.flatMap((parent) => SECRET_KEYS.map((key) => (parent ? `${parent}.${key}` : key)));

// Free text is out of redaction's reach: a credential quoted in a message or an error's text is cut out here.
// After the scheme a credential holds a digit, a capital or punctuation, so prose ("the bearer of the card") stays.
const MAYBE_CREDENTIAL = /[Bb]earer|Basic|eyJ/;
const CREDENTIAL_IN_TEXT =
  /\b([Bb]earer)\s+(?=[\w.~+/-]*[0-9A-Z.~+/-])[\w.~+/-]+=*|\b(Basic)\s+(?=[A-Za-z0-9+/]*[0-9A-Z+/])[A-Za-z0-9+/]{8,}={0,2}|\beyJ[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]*/g;

/** `text` with bearer/basic credentials and JWTs replaced by {@link REDACTED}. */
export function scrubText(text: string): string {
  if (!MAYBE_CREDENTIAL.test(text)) return text;
  return text.replace(CREDENTIAL_IN_TEXT, (_match, bearer?: string, basic?: string) =>
    bearer || basic ? `${bearer ?? basic} ${REDACTED}` : REDACTED,
  );
}

/** Nest's per-module and per-route start-up lines: written at debug, below the default level. */
const STARTUP_CONTEXTS = new Set(['NestFactory', 'InstanceLoader', 'RoutesResolver', 'RouterExplorer']);
const INFO = pino.levels.values.info;

const HEALTH_PATH = `${API_PREFIX}${ApiRoute.health}`;

/**
 * pino's isoTime (`,"time":"<ISO 8601>"`), its text made once per millisecond: under load many lines share one,
 * and formatting the date was a few per cent of a cached answer's CPU (docs/performance.md).
 */
function isoTimeOncePerMillisecond(): () => string {
  let at = -1;
  let text = '';
  return () => {
    const now = Date.now();
    if (now !== at) {
      at = now;
      text = `,"time":"${new Date(now).toISOString()}"`;
    }
    return text;
  };
}

/** The pino options of every API log line, whatever the destination. */
function loggerOptions(settings: LogSettings): LoggerOptions {
  const json = settings.format === 'json';
  return {
    level: settings.level,
    // The field names the logs have always had (and log queries and the ops tests read): time, level, message.
    messageKey: 'message',
    base: null,
    timestamp: json ? isoTimeOncePerMillisecond() : pino.stdTimeFunctions.epochTime,
    formatters: json ? { level: (label) => ({ level: label }) } : {},
    redact: { paths: REDACT_PATHS, censor: REDACTED },
    // Lines logged while serving a request carry its id.
    mixin: () => {
      const requestId = currentRequestId();
      return requestId === undefined ? {} : { requestId };
    },
    serializers: {
      err: (error: Error) => {
        const serialized = pino.stdSerializers.err(error);
        serialized.message = scrubText(serialized.message);
        if (serialized.stack) serialized.stack = scrubText(serialized.stack);
        return serialized;
      },
    },
    hooks: {
      logMethod(args, method, level) {
        const [first] = args as unknown[];
        if (level === INFO && isStartupChatter(first)) return (this.debug as (...a: unknown[]) => void)(...args);
        // An error logged without a message gives it its own text: take it here, to scrub it with the rest.
        const error = first instanceof Error ? first : (first as { err?: unknown } | null)?.err;
        if (args.length === 1 && error instanceof Error) (args as unknown[]).push(error.message);
        for (let i = 0; i < args.length; i += 1) if (typeof args[i] === 'string') args[i] = scrubText(args[i] as string);
        return method.apply(this, args);
      },
    },
  };
}

function isStartupChatter(first: unknown): boolean {
  const context = first !== null && typeof first === 'object' ? (first as { context?: unknown }).context : undefined;
  return typeof context === 'string' && STARTUP_CONTEXTS.has(context);
}

/**
 * How JSON lines reach stdout: gathered in memory and written when 4 kB has gathered or every 200 ms, whichever
 * comes first. Each write is a trip to libuv's thread pool and back; one per line cost a paid order about 3-4% of the
 * API's CPU at the checkout's rates, where lines rarely meet a write still in flight (docs/performance.md, "Log lines
 * in batches"). pino writes what is gathered synchronously when the process exits.
 */
export const LOG_BATCH = { minLength: 4096, periodicFlush: 200 } as const;

/**
 * The API's one pino logger. JSON goes to stdout through an asynchronous destination (lines written in batches,
 * off the request's path: {@link LOG_BATCH}) that pino flushes synchronously when the process exits, so
 * `process.exit` after SIGTERM or a fatal error loses nothing. Readable lines go through pino-pretty, in process.
 */
export function createLogger(settings: LogSettings): Logger {
  const options = loggerOptions(settings);
  const { destination } = settings;
  if (settings.format === 'json') return pino(options, destination ?? pino.destination({ dest: 1, sync: false, ...LOG_BATCH }));
  return pino(
    options,
    pretty({
      destination: destination ?? 1,
      sync: destination === undefined,
      messageKey: 'message',
      colorize: destination === undefined && Boolean(process.stdout.isTTY) && !process.env.NO_COLOR,
      translateTime: 'SYS:HH:MM:ss.l',
      // The request line's fields are in its message already.
      ignore: 'context,method,path,status,durationMs',
      messageFormat: '{if context}[{context}] {end}{message}',
      singleLine: true,
    }),
  );
}

type Request = IncomingMessage & { originalUrl?: string; user?: { id?: unknown } };

const pathOf = (request: Request): string => (request.originalUrl ?? request.url ?? '').split('?', 1)[0];

/** One answered request: never its headers, query string or body, so no token, password or nonce. */
function requestLine(request: Request, path: string, response: ServerResponse, durationMs: number): Record<string, unknown> {
  const userId = request.user?.id;
  return {
    context: 'HTTP',
    method: request.method,
    path,
    status: response.statusCode,
    durationMs,
    userId: typeof userId === 'string' ? userId : undefined,
    // The client went away before the answer was sent.
    aborted: response.writableFinished ? undefined : true,
  };
}

function requestMessage(request: Request, path: string, response: ServerResponse, durationMs: number): string {
  const line = `${request.method} ${path} ${response.statusCode} ${durationMs}ms`;
  return response.writableFinished ? line : `${line} (client went away)`;
}

/**
 * The request logger, first in the chain so every request (body-parser's 413s and the web app's files included)
 * gets an id and one line at completion: the proxy's `X-Request-Id` when sane, else a new one, echoed in the
 * response and added to every line logged while serving it (the logger's mixin reads it from the request's async
 * context). 5xx at warn (the failure itself is logged at error where it happens, with its stack), successful
 * health checks at debug (orchestrators poll them), the rest at info. A caller that answers on its own sets
 * `request.id` (and the header) first and calls it without `next`.
 *
 * Not pino-http: it makes two child loggers per request (their bindings serialised and redacted each time), which
 * with the line itself cost about 40-60 µs of CPU a request against about 10 µs here, measured by
 * apps/api/bench/request-logging.mjs (docs/performance.md, "Hot path"). The line is built from fields that never
 * hold a secret, so it goes through a child of the API's logger without redaction; every other line keeps it.
 */
export type RequestLogger = (request: Request & { id?: unknown }, response: ServerResponse, next?: () => void) => void;

export function requestLogger(logger: Logger): RequestLogger {
  const lines = logger.child({}, { redact: [] });
  return (request, response, next) => {
    const started = Date.now();
    let id = typeof request.id === 'string' ? request.id : undefined;
    if (id === undefined) {
      id = requestIdFrom(request.headers['x-request-id']);
      request.id = id;
      response.setHeader(REQUEST_ID_HEADER, id);
    }
    const requestId = id;
    response.once('close', () => {
      const durationMs = Date.now() - started;
      // Read once for the level, the line and its message.
      const path = pathOf(request);
      const level = levelOf(path, response);
      if (!lines.isLevelEnabled(level)) return;
      const line = requestLine(request, path, response, durationMs);
      line.requestId = requestId;
      lines[level](line, scrubText(requestMessage(request, path, response, durationMs)));
    });
    if (next) inRequestContext(requestId, next);
  };
}

function levelOf(path: string, response: ServerResponse): Level {
  if (response.statusCode >= 500) return 'warn';
  if (response.statusCode < 400 && path === HEALTH_PATH) return 'debug';
  return 'info';
}
