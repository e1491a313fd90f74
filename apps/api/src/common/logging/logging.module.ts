import { type DynamicModule, type LoggerService, Module } from '@nestjs/common';
import { LoggerModule, Logger as NestPinoLogger, type Params, PinoLogger } from 'nestjs-pino';
import type { Logger } from 'pino';
import { requestLogger } from './logger.js';

/** Injection token of the request logger (pino-http) that app.setup.ts puts first in the chain. */
export const REQUEST_LOGGER = Symbol('REQUEST_LOGGER');

// The request logger is mounted by app.setup.ts, first in the chain (before body parsing); nestjs-pino only binds
// each request's logger to the lines Nest's Logger writes while serving it.
// `wrapSerializers: false` keeps the logger's own error serializer (pino-http would put its own in front).
const paramsFor = (logger: Logger): Params => ({ pinoHttp: { logger, wrapSerializers: false }, useExisting: true });

/** nestjs-pino on the API's one pino logger, and that logger's request logger. */
@Module({})
export class LoggingModule {
  static forRoot(logger: Logger): DynamicModule {
    return {
      module: LoggingModule,
      global: true,
      imports: [LoggerModule.forRoot(paramsFor(logger))],
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
