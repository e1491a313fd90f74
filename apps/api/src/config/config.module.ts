import { type DynamicModule, Global, Module } from '@nestjs/common';
import { ConfigModule as NestConfigModule, registerAs } from '@nestjs/config';
import type { AppConfig } from './env.js';

/** Injection token of the validated {@link AppConfig} (also `ConfigService.get('app')`). */
export const APP_CONFIG = Symbol('APP_CONFIG');

/**
 * The configuration validated at start-up (main.ts runs env.ts's `validate` before Nest, so a bad value is a
 * plain message and the logger and the development database know their settings), served by @nestjs/config:
 * `@Inject(APP_CONFIG)` everywhere, or ConfigService. Tests pass a configuration of their own.
 */
@Global()
@Module({})
export class ConfigModule {
  static forRoot(config: AppConfig): DynamicModule {
    const app = registerAs('app', () => config);
    return {
      module: ConfigModule,
      imports: [
        // Nothing read from a .env file or process.env here: the configuration is the one validated already.
        NestConfigModule.forRoot({ ignoreEnvFile: true, validatePredefined: false, skipProcessEnv: true, load: [app] }),
      ],
      providers: [{ provide: APP_CONFIG, useExisting: app.KEY }],
      exports: [APP_CONFIG, NestConfigModule],
    };
  }
}
