import type { RequestHandler } from 'express';
import { noStoreWhenAuthenticated } from '../common/request-guards.js';
import type { AppConfig } from '../config/env.js';
import { corsFor } from './cors.js';
import { securityHeaders } from './security-headers.js';

/**
 * The middleware that add headers to every answer, in the order the Express chain runs them: helmet's security
 * headers, CORS (when CORS_ORIGINS is set) and `Cache-Control: no-store` for a request carrying credentials.
 * configureApp installs exactly these, and the cached GET (cached-get.ts) runs the same functions to learn what
 * to add to an answer written before the chain: a header middleware added here reaches both; one installed
 * anywhere else is caught by the test that compares a cached answer with the chain's
 * (apps/api/test/cached-get.e2e-spec.ts).
 *
 * What they read of a request is its method, its Origin and whether it carries Authorization; a middleware
 * reading anything else must be added to the cached GET's variant key too.
 */
export function globalHeaderMiddleware(config: Pick<AppConfig, 'braintree' | 'hsts' | 'corsOrigins'>): RequestHandler[] {
  return [securityHeaders(config), ...(config.corsOrigins.length > 0 ? [corsFor(config.corsOrigins)] : []), noStoreWhenAuthenticated];
}
