import 'reflect-metadata';
import type { LoggerService } from '@nestjs/common';
import { ConfigError, loadConfig } from './config/env.js';

/** Set once the configuration is known: JSON lines in production, readable ones in development. */
let logger: LoggerService | undefined;

async function bootstrap(): Promise<void> {
  const config = loadConfig();
  // The app's module graph is loaded only for a configuration that passed: a refused start (a deployment's usual
  // first mistake) says why within a fraction of a second instead of after loading the whole app, and exits before
  // V8 has compiled it on its background threads (docs/operations.md, "Configuration").
  const { startStore } = await import('./start.js');
  await startStore(config, (appLogger) => {
    logger = appLogger;
  });
}

bootstrap().catch((error: unknown) => {
  // A configuration problem is for a person to read, as plain lines; anything later goes through the logger.
  if (error instanceof ConfigError || !logger) console.error(error instanceof ConfigError ? error.message : error);
  else logger.fatal?.(error, 'Bootstrap');
  process.exit(1);
});
