import { existsSync } from 'node:fs';
import type { Server } from 'node:http';
import path from 'node:path';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { API_PREFIX } from '@store/contract';
import express, { type NextFunction, type Request, type RequestHandler, type Response } from 'express';
import helmet from 'helmet';
import { AllExceptionsFilter } from './common/all-exceptions.filter.js';
import { SHUTDOWN_SIGNALS } from './common/graceful-shutdown.js';
import { requestLogging } from './common/logging/request-logging.middleware.js';
import { apiContentTypeGuard, jsonBodyParser, noStoreWhenAuthenticated, rawTextGuard } from './common/request-guards.js';
import { createTextSafetyPipe, createValidationPipe } from './common/validation.js';
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
  app.use(securityHeaders(config));
  if (config.corsOrigins.length > 0) app.use(corsFor(config.corsOrigins));
  app.use(rawTextGuard);
  app.use(noStoreWhenAuthenticated);
  app.use(apiContentTypeGuard(API_PREFIX, `${API_PREFIX}/product/`));
  app.use(jsonBodyParser(JSON_BODY_LIMIT));
  app.setGlobalPrefix(API_PREFIX.slice(1));
  app.useGlobalFilters(new AllExceptionsFilter());
  app.useGlobalPipes(createTextSafetyPipe(), createValidationPipe());
  // SIGTERM: stop accepting, finish in-flight requests, close the pool, then exit 0 (not re-raise the signal,
  // which would end the process with 143, or be ignored when the API runs as a container's PID 1).
  app.enableShutdownHooks(SHUTDOWN_SIGNALS, { useProcessExit: true });
  if (config.webDist) serveWebApp(app, config.webDist);
}

/**
 * The Braintree Drop-in's origins (its script, card-field frames, API and analytics calls, PayPal and 3-D
 * Secure frames), allowed by the CSP only when the Braintree gateway is configured.
 * Source: Braintree's "Content Security Policy" guide for Drop-in / hosted fields.
 */
export const BRAINTREE_CSP = {
  scriptSrc: ['https://js.braintreegateway.com', 'https://assets.braintreegateway.com', 'https://www.paypalobjects.com'],
  styleSrc: ['https://assets.braintreegateway.com'],
  imgSrc: ['https://assets.braintreegateway.com', 'https://checkout.paypal.com', 'https://www.paypalobjects.com'],
  connectSrc: [
    'https://api.braintreegateway.com',
    'https://api.sandbox.braintreegateway.com',
    'https://client-analytics.braintreegateway.com',
    'https://client-analytics.sandbox.braintreegateway.com',
    'https://payments.braintree-api.com',
    'https://payments.sandbox.braintree-api.com',
    'https://origin-analytics-sand.sandbox.braintree-api.com',
    'https://origin-analytics-prod.production.braintree-api.com',
  ],
  frameSrc: ['https://assets.braintreegateway.com', 'https://c.paypal.com', 'https://*.paypal.com', 'https://*.cardinalcommerce.com'],
} as const;

/**
 * helmet with a strict CSP for the web app the API serves (and its JSON): only our own scripts, styles and
 * connections, no framing by anyone, HSTS when HSTS=true (production default; meaningful behind TLS only).
 */
export function securityHeaders(config: Pick<AppConfig, 'braintree' | 'hsts'>): RequestHandler {
  const bt = config.braintree ? BRAINTREE_CSP : undefined;
  return helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", ...(bt?.scriptSrc ?? [])],
        styleSrc: ["'self'", ...(bt?.styleSrc ?? [])],
        imgSrc: ["'self'", 'data:', 'blob:', ...(bt?.imgSrc ?? [])],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'", ...(bt?.connectSrc ?? [])],
        frameSrc: bt ? [...bt.frameSrc] : ["'none'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
      },
    },
    xFrameOptions: { action: 'deny' },
    strictTransportSecurity: config.hsts ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    crossOriginOpenerPolicy: { policy: 'same-origin' },
    // Product photos may be shown by another allowed origin (CORS_ORIGINS); same-site is the strict default.
    crossOriginResourcePolicy: { policy: 'same-site' },
    crossOriginEmbedderPolicy: false,
  });
}

/**
 * CORS for exactly the configured origins: the methods and headers the contract uses, X-Total-Count
 * exposed, preflights answered 204. Any other origin gets no CORS headers, so its browser refuses.
 */
export function corsFor(origins: readonly string[]): RequestHandler {
  const allowed = new Set(origins);
  const methods = 'GET, HEAD, POST, PUT, DELETE';
  const headers = 'Authorization, Content-Type, Idempotency-Key';
  return (request, response, next) => {
    const origin = request.headers.origin;
    response.vary('Origin');
    if (origin === undefined || !allowed.has(origin)) return next();
    response.setHeader('Access-Control-Allow-Origin', origin);
    response.setHeader('Access-Control-Expose-Headers', 'X-Total-Count, Retry-After');
    if (request.method === 'OPTIONS' && request.headers['access-control-request-method'] !== undefined) {
      response.setHeader('Access-Control-Allow-Methods', methods);
      response.setHeader('Access-Control-Allow-Headers', headers);
      response.setHeader('Access-Control-Max-Age', '600');
      response.status(204).end();
      return;
    }
    next();
  };
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

/**
 * Node's defaults hold an unfinished body for 300 s and idle half-sent headers for 60 s+; a shop needs
 * seconds. Set from HTTP_* (see README) on the server main.ts listens with.
 */
export function applyServerTimeouts(server: Server, config: Pick<AppConfig, 'http'>): void {
  server.headersTimeout = config.http.headersTimeoutMs;
  server.requestTimeout = config.http.requestTimeoutMs;
  server.keepAliveTimeout = config.http.keepAliveTimeoutMs;
}
