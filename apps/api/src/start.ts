import type { LoggerService } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { AppModule } from './app.module.js';
import { applyServerTimeouts, configureApp } from './app.setup.js';
import { drainOnShutdown } from './common/graceful-shutdown.js';
import { createLogger } from './common/logging/logger.js';
import { nestLogger } from './common/logging/logging.module.js';
import { type AppConfig, ConfigError } from './config/env.js';
import { prepareDevelopmentDatabase } from './database/development-database.js';
import { runInContext } from './database/transactions.js';
import { seedDemoCatalogue } from './database/seed/demo-seed.js';
import { MailSender } from './modules/notifications/mail-sender.js';

/**
 * Starts the store on a configuration that passed its checks (main.ts loads this file only then): the app, its
 * database (the embedded one without DATABASE_URL), the demo seed, and the port. `useLogger` is handed the app's
 * logger as soon as there is one, for main.ts to report a later failure through it.
 */
export async function startStore(config: AppConfig, useLogger: (logger: LoggerService) => void): Promise<void> {
  const pinoLogger = createLogger(config.log);
  const logger = nestLogger(pinoLogger);
  useLogger(logger);
  // Without DATABASE_URL (allowed only outside production), run on the embedded demo database.
  const dev = config.databaseUrl ? undefined : await prepareDevelopmentDatabase(config);
  const databaseUrl = config.databaseUrl ?? dev!.databaseUrl;

  const app = await NestFactory.create<NestExpressApplication>(AppModule.forRoot({ ...config, databaseUrl }, pinoLogger), {
    logger,
  });
  configureApp(app, config);
  await app.init();
  await runInContext(app, async () => {
    if (dev) await dev.afterStart(app);
    else if (config.seedDemo) await seedDemoCatalogue(app);
  });
  applyServerTimeouts(app.getHttpServer(), config);
  await app.listen(config.port, '0.0.0.0').catch((error: NodeJS.ErrnoException) => {
    if (error.code !== 'EADDRINUSE') throw error;
    throw new ConfigError([`PORT: ${config.port} is already in use (another store running?); stop it or set PORT to a free port`]);
  });
  drainOnShutdown(app.getHttpServer(), logger);
  const url = `http://localhost:${config.port}`;
  logger.log(`Store listening on ${url} (API under ${url}/api)`, 'Bootstrap');
  logger.log(`Mail: ${app.get(MailSender).describe()}`, 'Bootstrap');
  dev?.printWelcome(url);
}
