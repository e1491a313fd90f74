import { existsSync } from 'node:fs';
import path from 'node:path';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { API_PREFIX } from '@store/contract';
import express, { type NextFunction, type Request, type Response } from 'express';
import { AllExceptionsFilter } from './common/all-exceptions.filter.js';
import { SHUTDOWN_SIGNALS } from './common/graceful-shutdown.js';
import { requestLogging } from './common/logging/request-logging.middleware.js';
import { createValidationPipe } from './common/validation.js';
import type { AppConfig } from './config/env.js';
import { httpMetricsMiddleware } from './modules/metrics/store-metrics.js';

/** Largest JSON body accepted; larger is 413. Product photos come as multipart with their own limit. */
export const JSON_BODY_LIMIT = '100kb';

/**
 * Everything between "Nest created the app" and "listening", shared by main.ts and the tests so that
 * tests exercise exactly the pipeline production runs.
 */
export function configureApp(app: NestExpressApplication, config: AppConfig): void {
  // Before anything that can answer (body-parser's 413s included), so every request is timed and counted.
  const httpMetrics = httpMetricsMiddleware(app);
  if (httpMetrics) app.use(httpMetrics);
  // First, so that every request (body-parser's 413s and the web app's files included) gets an id and a log line.
  app.use(requestLogging());
  app.set('trust proxy', config.trustProxy);
  app.disable('x-powered-by');
  app.useBodyParser('json', { limit: JSON_BODY_LIMIT });
  app.useBodyParser('urlencoded', { limit: JSON_BODY_LIMIT, extended: false });
  app.setGlobalPrefix(API_PREFIX.slice(1));
  app.useGlobalFilters(new AllExceptionsFilter());
  app.useGlobalPipes(createValidationPipe());
  // SIGTERM: stop accepting, finish in-flight requests, close the pool, then exit 0 (not re-raise the signal,
  // which would end the process with 143, or be ignored when the API runs as a container's PID 1).
  app.enableShutdownHooks(SHUTDOWN_SIGNALS, { useProcessExit: true });
  if (config.webDist) serveWebApp(app, config.webDist);
}

/**
 * Serves the built web app on the API's port: hashed assets cached for a year, index.html never cached,
 * and any other non-API GET answered with index.html so client-side routes survive a reload.
 */
function serveWebApp(app: NestExpressApplication, webDist: string): void {
  const root = path.resolve(webDist);
  const indexHtml = path.join(root, 'index.html');
  if (!existsSync(indexHtml)) throw new Error(`WEB_DIST=${webDist} has no index.html; build the web app first (npm run build)`);
  const isApi = (url: string): boolean => url === API_PREFIX || url.startsWith(`${API_PREFIX}/`);
  const staticFiles = express.static(root, {
    index: false,
    setHeaders: (res, filePath) => {
      res.setHeader(
        'Cache-Control',
        filePath.includes(`${path.sep}assets${path.sep}`) ? 'public, max-age=31536000, immutable' : 'no-cache',
      );
    },
  });
  app.use((request: Request, response: Response, next: NextFunction) =>
    isApi(request.path) ? next() : staticFiles(request, response, next),
  );
  app.use((request: Request, response: Response, next: NextFunction) => {
    if ((request.method !== 'GET' && request.method !== 'HEAD') || isApi(request.path)) return next();
    response.setHeader('Cache-Control', 'no-cache');
    response.sendFile(indexHtml);
  });
}
