export * from './routes.js';
export * from './errors.js';
export * from './identity.js';
export * from './catalog.js';
export * from './checkout.js';
export * from './health.js';
export * from './audit.js';
export * from './money.js';
