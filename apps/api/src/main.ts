import 'reflect-metadata';
import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { AppModule } from './app.module.js';
import { configureApp } from './app.setup.js';
import { ConfigError, loadConfig } from './config/env.js';
import { prepareDevelopmentDatabase } from './database/development-database.js';
import { seedDemoCatalog } from './database/seed/demo-seed.js';

async function bootstrap(): Promise<void> {
  const config = loadConfig();
  // Without DATABASE_URL (allowed only outside production), run on the embedded demo database.
  const dev = config.databaseUrl ? undefined : await prepareDevelopmentDatabase(config);
  const databaseUrl = config.databaseUrl ?? dev!.databaseUrl;

  const app = await NestFactory.create<NestExpressApplication>(AppModule.forRoot({ ...config, databaseUrl }));
  configureApp(app, config);
  await app.init();
  if (dev) await dev.afterStart(app);
  else if (config.seedDemo) await seedDemoCatalog(app);
  await app.listen(config.port, '0.0.0.0');
  const url = `http://localhost:${config.port}`;
  console.log(`Store listening on ${url} (API under ${url}/api)`);
  dev?.printWelcome(url);
}

bootstrap().catch((error: unknown) => {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
});
