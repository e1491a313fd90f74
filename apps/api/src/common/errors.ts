import { ERROR_STATUS, ErrorCode, type ErrorBody, type FieldError } from '@store/contract';

/**
 * The API's named failures. Services throw these; the one exception filter turns each into
 * `{error, code}` with its status, so no handler builds an error response by hand.
 */
export class AppError extends Error {
  readonly status: number;

  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly details?: FieldError[],
  ) {
    super(message);
    this.name = new.target.name;
    this.status = ERROR_STATUS[code];
  }

  toBody(): ErrorBody {
    return this.details ? { error: this.message, code: this.code, details: this.details } : { error: this.message, code: this.code };
  }
}

export class ValidationFailedError extends AppError {
  constructor(message: string, details?: FieldError[]) {
    super(ErrorCode.ValidationFailed, message, details);
  }
}

export class UnauthenticatedError extends AppError {
  constructor(message = 'Sign in to continue') {
    super(ErrorCode.Unauthenticated, message);
  }
}

export class ForbiddenError extends AppError {
  constructor(message = 'You are not allowed to do this') {
    super(ErrorCode.Forbidden, message);
  }
}

export class NotFoundError extends AppError {
  constructor(message: string) {
    super(ErrorCode.NotFound, message);
  }
}

export class ConflictError extends AppError {
  constructor(message: string, details?: FieldError[]) {
    super(ErrorCode.Conflict, message, details);
  }
}

export class PayloadTooLargeError extends AppError {
  constructor(message = 'The request is too large') {
    super(ErrorCode.PayloadTooLarge, message);
  }
}

export class UnsupportedMediaTypeError extends AppError {
  constructor(message: string) {
    super(ErrorCode.UnsupportedMediaType, message);
  }
}

export class RateLimitedError extends AppError {
  /** `retryAfterSeconds`, when given, is sent as the Retry-After header. */
  constructor(
    message = 'Too many attempts, try again in a minute',
    readonly retryAfterSeconds?: number,
  ) {
    super(ErrorCode.RateLimited, message);
  }
}

export class PaymentProviderError extends AppError {
  constructor(message = 'The payment provider could not be reached; you have not been charged') {
    super(ErrorCode.PaymentProviderError, message);
  }
}

/** A part the store depends on (the photo object store, say) cannot answer right now: 503 with Retry-After. */
export class ServiceUnavailableError extends AppError {
  constructor(
    message = 'The store is temporarily unavailable; please try again in a few seconds',
    readonly retryAfterSeconds = 5,
  ) {
    super(ErrorCode.ServiceUnavailable, message);
  }
}
