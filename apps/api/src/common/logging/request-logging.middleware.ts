import { Logger, type LoggerService } from '@nestjs/common';
import { API_PREFIX, ApiRoute } from '@store/contract';
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { REQUEST_ID_HEADER, requestIdFrom, runWithRequest } from './request-context.js';

const HEALTH_PATH = `${API_PREFIX}${ApiRoute.health}`;

/** One request as a log entry: never headers, query strings or bodies, so no token, password or nonce. */
export interface RequestLogEntry {
  message: string;
  requestId: string;
  method: string;
  path: string;
  status: number;
  durationMs: number;
  userId?: string;
  /** The client went away before the answer was sent. */
  aborted?: true;
}

/**
 * Express middleware, first in the chain: gives each request an id (the proxy's `X-Request-Id` when sane,
 * else a new one), echoes it in the response, runs the rest of the request inside that context so every
 * line logged meanwhile carries it, and logs the request once it completes: 5xx at warn, the rest at info,
 * successful health checks at debug (orchestrators poll them every few seconds).
 */
export function requestLogging(logger: LoggerService = new Logger('HTTP')): RequestHandler {
  return (request: Request, response: Response, next: NextFunction) => {
    const requestId = requestIdFrom(request.headers['x-request-id']);
    response.setHeader(REQUEST_ID_HEADER, requestId);
    const started = process.hrtime.bigint();
    let logged = false;

    const complete = (): void => {
      if (logged) return;
      logged = true;
      const entry = requestLogEntry(requestId, request.method, request.originalUrl.split('?', 1)[0], response.statusCode, started);
      const userId = (request as Request & { user?: { id?: unknown } }).user?.id;
      if (typeof userId === 'string') entry.userId = userId;
      if (!response.writableFinished) {
        entry.aborted = true;
        entry.message += ' (client went away)';
      }
      logRequest(logger, entry);
    };
    response.once('finish', complete);
    response.once('close', complete);

    runWithRequest({ requestId }, next);
  };
}

/** The entry of one answered request, timed from `started` (process.hrtime.bigint() when it came in). */
export function requestLogEntry(requestId: string, method: string, path: string, status: number, started: bigint): RequestLogEntry {
  const durationMs = Math.round(Number(process.hrtime.bigint() - started) / 10_000) / 100;
  return { message: `${method} ${path} ${status} ${durationMs}ms`, requestId, method, path, status, durationMs };
}

/** Writes a request's entry: 5xx at warn, successful health checks at debug, the rest at info. */
export function logRequest(logger: LoggerService, entry: RequestLogEntry): void {
  // The failure itself is logged at error where it happens (the exception filter, with its stack).
  if (entry.status >= 500) logger.warn(entry);
  else if (entry.path === HEALTH_PATH && entry.status < 400) logger.debug?.(entry);
  else logger.log(entry);
}
