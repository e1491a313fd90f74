import { type DynamicModule, type LoggerService, Module } from '@nestjs/common';
import { Logger as NestPinoLogger, type Params, PinoLogger } from 'nestjs-pino';
import type { Logger } from 'pino';
import { requestLogger } from './logger.js';

/** Injection token of the request logger (pino-http) that app.setup.ts puts first in the chain. */
export const REQUEST_LOGGER = Symbol('REQUEST_LOGGER');

// nestjs-pino is only Nest's application logger here (nestLogger below): what Nest's Logger writes goes through the
// API's pino logger, and a line written while serving a request carries its id from the request logger's context
// (logger.ts, the mixin). nestjs-pino's LoggerModule is not imported: its one effect would be a middleware binding a
// per-request pino-http logger that this app never makes, an async context entered on every request for nothing.
// `wrapSerializers: false` keeps the logger's own error serializer (pino-http would put its own in front).
const paramsFor = (logger: Logger): Params => ({ pinoHttp: { logger, wrapSerializers: false }, useExisting: true });

/** The API's request logger (pino-http's job, done lighter: logger.ts), which app.setup.ts puts first in the chain. */
@Module({})
export class LoggingModule {
  static forRoot(logger: Logger): DynamicModule {
    return {
      module: LoggingModule,
      global: true,
      providers: [{ provide: REQUEST_LOGGER, useValue: requestLogger(logger) }],
      exports: [REQUEST_LOGGER],
    };
  }
}

/** Nest's application logger writing through `logger`, for NestFactory.create, before any module exists. */
export function nestLogger(logger: Logger): LoggerService {
  const params = paramsFor(logger);
  return new NestPinoLogger(new PinoLogger(params), params);
}
