import { type ArgumentsHost, Catch, type ExceptionFilter, HttpException, Logger } from '@nestjs/common';
import { ERROR_STATUS, ErrorCode, type ErrorBody } from '@store/contract';
import type { Response } from 'express';
import { DATABASE_RETRY_AFTER_SECONDS, databaseUnavailableCause, ThrottledCauseLog } from './database-unavailable.js';
import { AppError, RateLimitedError, ServiceUnavailableError } from './errors.js';

/** The seconds a refusal tells the client to wait (its Retry-After), where it says. */
export function retryAfterOf(exception: unknown): number | undefined {
  return exception instanceof RateLimitedError || exception instanceof ServiceUnavailableError ? exception.retryAfterSeconds : undefined;
}

const CODE_BY_STATUS = new Map<number, ErrorCode>(Object.entries(ERROR_STATUS).map(([code, status]) => [status, code as ErrorCode]));

/** Errors thrown below Nest (body-parser, multer) carry their own status or code. */
interface LowerLayerError {
  status?: number;
  statusCode?: number;
  type?: string;
  code?: string;
  field?: string;
}

const logger = new Logger('Exceptions');
/**
 * One per process, shared by every instance (the global filter's, and the one PaymentAttemptFilter answers the payment
 * route's failures through), so an outage is one line per cause however many of them see it.
 */
const outageLog = new ThrottledCauseLog((line) => logger.warn(line));

/**
 * The one place a failure becomes a response: always `{error, code}` JSON with the status that goes with
 * the code, never HTML, never a stack trace or SQL. Unexpected errors are logged here and answered as 500.
 */
@Catch()
export class AllExceptionsFilter implements ExceptionFilter {
  catch(exception: unknown, host: ArgumentsHost): void {
    const response = host.switchToHttp().getResponse<Response>();
    // A database that is down or frozen is an outage, not a bug: 503 with Retry-After, one log line per cause.
    const outage = exception instanceof AppError || exception instanceof HttpException ? undefined : databaseUnavailableCause(exception);
    if (outage) {
      outageLog.record(outage);
      if (response.headersSent) return;
      response.setHeader('Retry-After', String(DATABASE_RETRY_AFTER_SECONDS));
      response.status(ERROR_STATUS[ErrorCode.ServiceUnavailable]).json({
        error: 'The store is temporarily unavailable; please try again in a few seconds',
        code: ErrorCode.ServiceUnavailable,
      } satisfies ErrorBody);
      return;
    }
    const { status, body } = this.toResponse(exception);
    if (status >= 500 && !(exception instanceof AppError)) {
      logger.error(exception instanceof Error ? (exception.stack ?? exception.message) : String(exception));
    }
    if (response.headersSent) return;
    const retryAfter = retryAfterOf(exception);
    if (retryAfter !== undefined) response.setHeader('Retry-After', String(retryAfter));
    response.status(status).json(body);
  }

  toResponse(exception: unknown): { status: number; body: ErrorBody } {
    if (exception instanceof AppError) return { status: exception.status, body: exception.toBody() };

    if (exception instanceof HttpException) {
      const status = exception.getStatus();
      const code = CODE_BY_STATUS.get(status) ?? (status >= 500 ? ErrorCode.Internal : ErrorCode.ValidationFailed);
      return { status, body: { error: this.httpExceptionMessage(exception, status), code } };
    }

    const lower = (exception ?? {}) as LowerLayerError;
    if (lower.type === 'entity.parse.failed') {
      return this.fail(ErrorCode.ValidationFailed, 'The request body is not valid JSON');
    }
    if (lower.type === 'entity.too.large' || lower.code === 'LIMIT_FILE_SIZE') {
      return this.fail(
        ErrorCode.PayloadTooLarge,
        lower.code === 'LIMIT_FILE_SIZE' ? 'The photo must be 3 MB or smaller' : 'The request body is too large',
      );
    }
    if (lower.type === 'encoding.unsupported' || lower.type === 'charset.unsupported') {
      return this.fail(ErrorCode.UnsupportedMediaType, 'The request body uses an unsupported encoding');
    }
    if (typeof lower.code === 'string' && lower.code.startsWith('LIMIT_')) {
      const field = lower.field ? ` (${lower.field})` : '';
      return this.fail(ErrorCode.ValidationFailed, `The form has an unexpected or oversized part${field}`);
    }
    const status = lower.status ?? lower.statusCode;
    if (typeof status === 'number' && status >= 400 && status < 500) {
      return this.fail(CODE_BY_STATUS.get(status) ?? ErrorCode.ValidationFailed, 'The request could not be read');
    }
    return this.fail(ErrorCode.Internal, 'Something went wrong on our side; please try again');
  }

  private fail(code: ErrorCode, error: string): { status: number; body: ErrorBody } {
    return { status: ERROR_STATUS[code], body: { error, code } };
  }

  private httpExceptionMessage(exception: HttpException, status: number): string {
    if (status === 404) return 'Not found';
    if (status === 429) return 'Too many attempts, try again in a minute';
    if (status >= 500) return 'Something went wrong on our side; please try again';
    const response = exception.getResponse();
    if (typeof response === 'string') return response;
    const message = (response as { message?: unknown }).message;
    if (Array.isArray(message)) return message.join('; ');
    return typeof message === 'string' ? message : exception.message;
  }
}
