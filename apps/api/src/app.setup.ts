import type { Server } from 'node:http';
import type { Type } from '@nestjs/common';
import { UnknownElementException } from '@nestjs/core/errors/exceptions/unknown-element.exception.js';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { API_PREFIX } from '@store/contract';
import { AllExceptionsFilter, retryAfterOf } from './common/all-exceptions.filter.js';
import { SHUTDOWN_SIGNALS } from './common/graceful-shutdown.js';
import type { RequestLogger } from './common/logging/logger.js';
import { REQUEST_LOGGER } from './common/logging/logging.module.js';
import { apiContentTypeGuard, jsonBodyParser, rawTextGuard } from './common/request-guards.js';
import { createTextSafetyPipe, createValidationPipe } from './common/validation.js';
import type { AppConfig } from './config/env.js';
import { answerCachedGetsFirst, CachedGets } from './http/cached-get.js';
import { compressResponses } from './http/compress-responses.js';
import { globalHeaderMiddleware } from './http/global-headers.js';
import { serveWebApp } from './web-app/serve-web-app.js';
import { WebPages } from './web-app/web-pages.js';
import { CachedListRoute } from './modules/catalogue/cached-list-route.js';
import { CachedProductRoute } from './modules/catalogue/cached-product-route.js';
import { httpMetricsMiddleware, StoreMetrics } from './modules/metrics/store-metrics.js';
import { CachedPhotoRoute } from './modules/photos/cached-photo-route.js';

/** Largest JSON body accepted; larger is 413. Product photos come as multipart with their own limit. */
export const JSON_BODY_LIMIT = '100kb';

/**
 * Everything between "Nest created the app" and "listening", shared by start.ts and the tests so that
 * tests exercise exactly the pipeline production runs.
 */
export function configureApp(app: NestExpressApplication, config: AppConfig): void {
  // The header middleware of the chain, one list: installed below, and what the cached GETs answer with.
  const headerMiddleware = globalHeaderMiddleware(config);
  const requestLogger = app.get<RequestLogger>(REQUEST_LOGGER);
  // Cached list pages, photos and products, answered before all of the below with the very headers it would add
  // (http/cached-get.ts, docs/performance.md). The photos' prefix (/api/product/photo/) before the products'
  // (/api/product/): the first route whose prefix a URL starts with takes it.
  const cachedRoutes = [
    optionalProvider(app, CachedListRoute),
    optionalProvider(app, CachedPhotoRoute),
    optionalProvider(app, CachedProductRoute),
  ].filter((route) => !!route);
  const metrics = optionalProvider(app, StoreMetrics);
  if (cachedRoutes.length > 0) {
    const express = app.getHttpAdapter().getInstance() as { get(setting: string): (...args: never[]) => unknown };
    const exceptions = new AllExceptionsFilter();
    answerCachedGetsFirst(
      app.getHttpServer() as Server,
      new CachedGets(cachedRoutes, {
        headerMiddleware,
        parseQuery: (query) => (express.get('query parser fn') as (query: string) => Record<string, unknown>)(query),
        errors: {
          toResponse: (exception) => exceptions.toResponse(exception),
          retryAfterOf,
          etag: (body) => (express.get('etag fn') as ((body: Buffer, encoding?: string) => string) | undefined)?.(body),
        },
        logRequest: requestLogger,
        observe: (method, route, status, seconds) => metrics?.observe(method, route, status, seconds),
      }),
    );
  }
  // Before anything that can answer (body-parser's 413s included), so every request is timed and counted.
  const httpMetrics = httpMetricsMiddleware(app);
  if (httpMetrics) app.use(httpMetrics);
  // First, so that every request (body-parser's 413s and the web app's files included) gets an id and a log line.
  app.use(requestLogger);
  // API JSON over 1 kB compressed when the client asks (photos and precompressed web files pass through).
  app.use(compressResponses());
  app.set('trust proxy', config.trustProxy);
  app.disable('x-powered-by');
  // Helmet's headers, CORS, no-store when signed in (http/global-headers.ts).
  for (const middleware of headerMiddleware) app.use(middleware);
  app.use(rawTextGuard);
  app.use(
    apiContentTypeGuard(API_PREFIX, [`${API_PREFIX}/product/`, `${API_PREFIX}/catalogue/import/`, `${API_PREFIX}/catalogue/photos/`]),
  );
  app.use(jsonBodyParser(JSON_BODY_LIMIT));
  app.setGlobalPrefix(API_PREFIX.slice(1));
  app.useGlobalFilters(new AllExceptionsFilter());
  app.useGlobalPipes(createTextSafetyPipe(), createValidationPipe());
  // SIGTERM: stop accepting, finish in-flight requests, close the pool, then exit 0 (not re-raise the signal,
  // which would end the process with 143, or be ignored when the API runs as a container's PID 1).
  app.enableShutdownHooks(SHUTDOWN_SIGNALS, { useProcessExit: true });
  if (config.webDist) serveWebApp(app, config.webDist, optionalProvider(app, WebPages));
}

/**
 * How often Node looks for requests past `headersTimeout` or `requestTimeout`. Node only checks every 30 s by
 * default, so the documented 10 s for headers became up to 40 s, and 30 s for a body up to 60 s; every second,
 * each timeout holds to within a second. The check walks the open connections' list once: microseconds.
 */
export const CONNECTIONS_CHECKING_INTERVAL_MS = 1000;

/**
 * Node's defaults hold an unfinished body for 300 s and idle half-sent headers for 60 s+; a shop needs
 * seconds. Set from HTTP_* (see docs/configuration.md) on the server start.ts listens with, BEFORE it listens:
 * Node starts its timeout checker with the interval it finds when the server starts listening.
 */
export function applyServerTimeouts(server: Server, config: Pick<AppConfig, 'http'>): void {
  server.headersTimeout = config.http.headersTimeoutMs;
  server.requestTimeout = config.http.requestTimeoutMs;
  server.keepAliveTimeout = config.http.keepAliveTimeoutMs;
  // A server option @types/node does not list on Server; Node reads the property when the server starts listening.
  (server as Server & { connectionsCheckingInterval: number }).connectionsCheckingInterval = CONNECTIONS_CHECKING_INTERVAL_MS;
}

/** A provider of the app, or undefined for an app whose own module lacks it (a unit test's small module). */
function optionalProvider<T>(app: NestExpressApplication, type: Type<T>): T | undefined {
  try {
    return app.get(type);
  } catch (error) {
    if (error instanceof UnknownElementException) return undefined;
    throw error;
  }
}
