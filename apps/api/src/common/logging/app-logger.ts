import type { LoggerService, LogLevel } from '@nestjs/common';
import { redact, scrubText } from './redact.js';
import { currentRequest } from './request-context.js';

export type LogFormat = 'json' | 'pretty';

/** Nest's level names; `log` is written as `info`. */
const SEVERITY: Record<LogLevel, number> = { fatal: 0, error: 1, warn: 2, log: 3, debug: 4, verbose: 5 };
const LEVEL_NAME: Record<LogLevel, string> = {
  fatal: 'fatal',
  error: 'error',
  warn: 'warn',
  log: 'info',
  debug: 'debug',
  verbose: 'verbose',
};

/** Nest's start-up chatter (one line per module and route): kept at debug, below what is written by default. */
const STARTUP_CONTEXTS = new Set(['NestFactory', 'InstanceLoader', 'RoutesResolver', 'RouterExplorer']);

/** Fields the request logger puts in its message too, so the readable format does not print them twice. */
const SUMMARISED_FIELDS = new Set(['method', 'path', 'status', 'durationMs']);

const STACK_LINE = /\n\s+at /;

/** The keys every JSON line starts (or ends) with; a field of the same name replaces the value in place. */
const LINE_KEYS = new Set(['time', 'level', 'context', 'message', 'stack']);
const INTEGER_LIKE = /^(0|[1-9]\d*)$/;
const DIGIT_9 = 0x39;

let lastMs = Number.NaN;
let lastIso = '';
/** The time as ISO text, made once per millisecond: under load many lines share one. */
function isoNow(): string {
  const ms = Date.now();
  if (ms !== lastMs) {
    lastMs = ms;
    lastIso = new Date(ms).toISOString();
  }
  return lastIso;
}

export interface AppLoggerOptions {
  format: LogFormat;
  /** The least severe level written (default `log`, i.e. info). */
  level?: LogLevel;
  /** Where lines go; stdout (and stderr for readable errors) by default. */
  write?: (line: string, level: LogLevel) => void;
  colors?: boolean;
}

interface Entry {
  level: LogLevel;
  context?: string;
  message: string;
  fields: Record<string, unknown>;
  stack?: string;
}

/**
 * The API's logger: one JSON object per line in production (time, level, context, message, request id and
 * any structured fields), readable lines in development. Everything passes through {@link redact}, so a
 * token, password or card nonce handed to it by mistake is written as `[redacted]`.
 */
export class AppLogger implements LoggerService {
  private threshold: number;
  private enabled: Set<LogLevel> | undefined;
  private readonly write: (line: string, level: LogLevel) => void;
  private readonly colors: boolean;

  constructor(private readonly options: AppLoggerOptions) {
    this.threshold = SEVERITY[options.level ?? 'log'];
    this.colors = options.colors ?? (options.format === 'pretty' && Boolean(process.stdout.isTTY) && !process.env.NO_COLOR);
    this.write =
      options.write ??
      (options.format === 'json'
        ? batchedStdout()
        : (line, level) => (SEVERITY[level] <= SEVERITY.error ? process.stderr : process.stdout).write(`${line}\n`));
  }

  log(message: unknown, ...params: unknown[]): void {
    this.emit('log', message, params);
  }
  error(message: unknown, ...params: unknown[]): void {
    this.emit('error', message, params);
  }
  warn(message: unknown, ...params: unknown[]): void {
    this.emit('warn', message, params);
  }
  debug(message: unknown, ...params: unknown[]): void {
    this.emit('debug', message, params);
  }
  verbose(message: unknown, ...params: unknown[]): void {
    this.emit('verbose', message, params);
  }
  fatal(message: unknown, ...params: unknown[]): void {
    this.emit('fatal', message, params);
  }

  /** Nest calls this with `logger: [...]` options; an explicit list replaces the threshold. */
  setLogLevels(levels: LogLevel[]): void {
    this.enabled = new Set(levels);
  }

  private isEnabled(level: LogLevel): boolean {
    return this.enabled ? this.enabled.has(level) : SEVERITY[level] <= this.threshold;
  }

  private emit(requested: LogLevel, message: unknown, params: unknown[]): void {
    const entry = this.toEntry(requested, message, params);
    if (!this.isEnabled(entry.level)) return;
    const line = this.options.format === 'json' ? this.json(entry) : this.pretty(entry);
    this.write(line, entry.level);
  }

  /** Nest's calling convention: `(message, ...extra, context)`, with a stack among the extras for errors. */
  private toEntry(requested: LogLevel, message: unknown, params: unknown[]): Entry {
    const rest = [...params];
    const context = rest.length > 0 && typeof rest[rest.length - 1] === 'string' ? (rest.pop() as string) : undefined;
    const level = requested === 'log' && context !== undefined && STARTUP_CONTEXTS.has(context) ? 'debug' : requested;
    const fields: Record<string, unknown> = {};
    let stack: string | undefined;
    let text: string;

    if (message instanceof Error) {
      text = message.message;
      stack = message.stack;
    } else if (message !== null && typeof message === 'object' && !Array.isArray(message)) {
      const { message: inner, ...others } = message as Record<string, unknown>;
      text = typeof inner === 'string' ? inner : '';
      Object.assign(fields, others);
    } else {
      text = typeof message === 'string' ? message : (JSON.stringify(redact(message)) ?? String(message));
    }
    for (const extra of rest) {
      if (typeof extra === 'string' && STACK_LINE.test(extra)) stack = extra;
      else if (extra instanceof Error) stack = extra.stack ?? extra.message;
      else if (extra !== null && typeof extra === 'object') Object.assign(fields, extra);
      else if (extra !== undefined) text = `${text} ${String(extra)}`;
    }
    const request = currentRequest();
    if (request && fields.requestId === undefined) fields.requestId = request.requestId;
    return {
      level,
      context,
      message: scrubText(text),
      fields: redact(fields) as Record<string, unknown>,
      stack: stack && scrubText(stack),
    };
  }

  /**
   * `{time, level, context, message, ...fields, stack}` as JSON. Written as text around the fields' own JSON (one
   * line per request: measured, this was most of a request line's cost); fields that would reorder or replace
   * those keys (the same names, or integer-like names, which objects put first) take the general way.
   */
  private json(entry: Entry): string {
    const { fields } = entry;
    for (const key in fields) {
      if (LINE_KEYS.has(key) || (key.charCodeAt(0) <= DIGIT_9 && INTEGER_LIKE.test(key))) {
        return JSON.stringify({
          time: isoNow(),
          level: LEVEL_NAME[entry.level],
          context: entry.context,
          message: entry.message,
          ...fields,
          stack: entry.stack,
        });
      }
    }
    let line = `{"time":"${isoNow()}","level":"${LEVEL_NAME[entry.level]}"`;
    if (entry.context !== undefined) line += `,"context":${JSON.stringify(entry.context)}`;
    line += `,"message":${JSON.stringify(entry.message)}`;
    const rest = JSON.stringify(fields);
    if (rest.length > 2) line += `,${rest.slice(1, -1)}`;
    if (entry.stack !== undefined) line += `,"stack":${JSON.stringify(entry.stack)}`;
    return `${line}}`;
  }

  private pretty(entry: Entry): string {
    const time = isoNow().slice(11, 23);
    const level = LEVEL_NAME[entry.level].toUpperCase().padEnd(5);
    const context = entry.context ? ` [${entry.context}]` : '';
    const extras = Object.entries(entry.fields)
      .filter(([key, value]) => value !== undefined && !SUMMARISED_FIELDS.has(key))
      .map(([key, value]) => ` ${key}=${typeof value === 'string' ? value : JSON.stringify(value)}`)
      .join('');
    const line = `${time} ${this.paint(entry.level, level)}${context} ${entry.message}${this.colors ? `\x1b[2m${extras}\x1b[0m` : extras}`;
    return entry.stack ? `${line}\n${entry.stack}` : line;
  }

  private paint(level: LogLevel, text: string): string {
    if (!this.colors) return text;
    const color = SEVERITY[level] <= SEVERITY.error ? 31 : level === 'warn' ? 33 : level === 'log' ? 32 : 90;
    return `\x1b[${color}m${text}\x1b[0m`;
  }
}

/**
 * JSON lines to stdout, the lines of one event-loop turn in one write: one syscall per turn instead of one per
 * request (measured with `npm run bench -- --cpu-prof`: the per-request log write was among the largest costs of
 * a cached product list). Errors and worse are written at once, with whatever is pending before them, and the
 * rest is flushed at exit, so nothing is lost when the process ends.
 */
function batchedStdout(): (line: string, level: LogLevel) => void {
  let pending = '';
  let scheduled = false;
  const flush = (): void => {
    scheduled = false;
    if (pending === '') return;
    const chunk = pending;
    pending = '';
    process.stdout.write(chunk);
  };
  process.on('exit', flush);
  return (line, level) => {
    pending += `${line}\n`;
    if (SEVERITY[level] <= SEVERITY.error) flush();
    else if (!scheduled) {
      scheduled = true;
      setImmediate(flush);
    }
  };
}
