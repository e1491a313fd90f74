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

/** `details` lists the fields at fault, where that applies. */
type NamedErrorClass = new (message: string, details?: FieldError[]) => AppError;
type NamedErrorClassWithDefault = new (message?: string, details?: FieldError[]) => AppError;

/**
 * The base of a named error: its code, and the message it says when none is given. Each export below extends one,
 * so `instanceof` and `name` (the class's own) work as for a hand-written subclass.
 */
function namedError(code: ErrorCode): NamedErrorClass;
function namedError(code: ErrorCode, defaultMessage: string): NamedErrorClassWithDefault;
function namedError(code: ErrorCode, defaultMessage = ''): NamedErrorClassWithDefault {
  return class extends AppError {
    constructor(message = defaultMessage, details?: FieldError[]) {
      super(code, message, details);
    }
  };
}

export class ValidationFailedError extends namedError(ErrorCode.ValidationFailed) {}
export class UnauthenticatedError extends namedError(ErrorCode.Unauthenticated, 'Sign in to continue') {}
export class ForbiddenError extends namedError(ErrorCode.Forbidden, 'You are not allowed to do this') {}
export class NotFoundError extends namedError(ErrorCode.NotFound) {}
export class ConflictError extends namedError(ErrorCode.Conflict) {}
export class PayloadTooLargeError extends namedError(ErrorCode.PayloadTooLarge, 'The request is too large') {}
export class UnsupportedMediaTypeError extends namedError(ErrorCode.UnsupportedMediaType) {}
export class PaymentProviderError extends namedError(
  ErrorCode.PaymentProviderError,
  'The payment provider could not be reached; you have not been charged',
) {}

export class RateLimitedError extends AppError {
  /** `retryAfterSeconds`, when given, is sent as the Retry-After header. */
  constructor(
    message = 'Too many attempts, try again in a minute',
    readonly retryAfterSeconds?: number,
  ) {
    super(ErrorCode.RateLimited, message);
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
