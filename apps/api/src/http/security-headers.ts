import type { RequestHandler } from 'express';
import helmet from 'helmet';
import type { AppConfig } from '../config/env.js';

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
 * The headers of securityHeaders that govern a document (what it may load, frame or open) and mean nothing on a
 * script, stylesheet or image. The web app's fingerprinted files go without them: a home page loads five such
 * files, and these lines were 600 of the ~960 bytes of headers each answer carried (docs/web.md, Budgets).
 * Kept on them: X-Content-Type-Options (a script is run only as its declared type), Cross-Origin-Resource-Policy
 * (who may embed the file), Referrer-Policy (a stylesheet's own requests follow it) and HSTS.
 */
export const DOCUMENT_ONLY_HEADERS = [
  'Content-Security-Policy',
  'Cross-Origin-Opener-Policy',
  'Origin-Agent-Cluster',
  'X-DNS-Prefetch-Control',
  'X-Download-Options',
  'X-Frame-Options',
  'X-Permitted-Cross-Domain-Policies',
  'X-XSS-Protection',
] as const;

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
