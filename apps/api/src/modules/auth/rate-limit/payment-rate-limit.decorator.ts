import {
  type ArgumentsHost,
  type CanActivate,
  Catch,
  type ExceptionFilter,
  type ExecutionContext,
  Inject,
  Injectable,
  UseFilters,
  UseGuards,
  applyDecorators,
  createParamDecorator,
} from '@nestjs/common';
import type { Request } from 'express';
import { AllExceptionsFilter } from '../../../common/all-exceptions.filter.js';
import { clientNetwork } from '../../../common/client-network.js';
import { RateLimitedError } from '../../../common/errors.js';
import { APP_CONFIG } from '../../../config/config.module.js';
import { Database } from '../../../database/transactions.js';
import type { AppConfig } from '../../../config/env.js';
import type { AuthUser } from '../auth-user.js';
import { type RateLimitHit, RateLimitRepository } from './rate-limit.repository.js';

const WINDOW_MS = 60_000;
const ATTEMPT = Symbol('payment attempt');

/**
 * One checkout attempt, counted once against PAYMENT_RATE_LIMIT a minute per signed-in user (Postgres-backed, shared
 * by replicas): one account cannot hammer the payment provider or the stock locks. The checkout counts it in its
 * reservation's first statement, before anything is reserved (docs/performance.md, "Checkout statements"), and
 * calls {@link settle} once that count is committed; a request that fails before (its body refused, say) is counted
 * on its own by {@link PaymentRateLimit}'s exception filter, so every attempt counts, valid or not.
 */
export class PaymentAttempt {
  readonly windowMs = WINDOW_MS;
  private counted = false;

  constructor(
    /** The counter's key: the user's (or, for a request without one, the client network's). */
    readonly bucket: string,
    readonly limit: number,
  ) {}

  get isCounted(): boolean {
    return this.counted;
  }

  /**
   * The attempt's count is committed: 429 with Retry-After past the limit. `admitted`: the attempt was let through
   * before and its count is made again (a rollback took the first): recorded, not checked.
   */
  settle(hit: RateLimitHit, { admitted = false } = {}): void {
    this.counted = true;
    if (!admitted && hit.hits > this.limit) {
      throw new RateLimitedError(`Too many payment attempts; try again in ${hit.secondsLeft} seconds`, hit.secondsLeft);
    }
  }
}

type AttemptRequest = Request & { user?: AuthUser; [ATTEMPT]?: PaymentAttempt };

/**
 * Puts a {@link PaymentAttempt} on the request, once the global guards have let it through (a request they refuse is
 * not an attempt). A guard, not an interceptor: an interceptor would put every checkout through Nest's observable
 * pipeline (rxjs) only to see its failures, which {@link PaymentAttemptFilter} sees (docs/performance.md, "The
 * payment's attempt without an interceptor").
 */
@Injectable()
export class PaymentAttemptGuard implements CanActivate {
  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

  canActivate(context: ExecutionContext): boolean {
    const request = context.switchToHttp().getRequest<AttemptRequest>();
    request[ATTEMPT] = new PaymentAttempt(`payment:${request.user?.id ?? `ip:${clientNetwork(request.ip)}`}`, this.config.paymentRateLimit);
    return true;
  }
}

/**
 * A checkout that failed before its attempt was counted (a refused body, a broken checkout): counted now, then
 * answered as every failure is ({@link AllExceptionsFilter}), or 429 when that count is past the limit. A failure to
 * count is what is answered then (the database's 503, say).
 */
@Catch()
@Injectable()
export class PaymentAttemptFilter implements ExceptionFilter {
  private readonly store: RateLimitRepository;
  private readonly answer = new AllExceptionsFilter();

  constructor(db: Database) {
    // Built here rather than injected, so any module's controller can use the limit without importing AuthModule.
    this.store = new RateLimitRepository(db);
  }

  catch(exception: unknown, host: ArgumentsHost): void {
    const attempt = host.switchToHttp().getRequest<AttemptRequest>()[ATTEMPT];
    if (!attempt || attempt.isCounted) return this.answer.catch(exception, host);
    // Nest does not wait for a filter: the answer goes out when the count is in.
    void this.store.hit(attempt.bucket, attempt.windowMs).then(
      (hit) => {
        try {
          attempt.settle(hit);
        } catch (limited) {
          return this.answer.catch(limited, host);
        }
        this.answer.catch(exception, host);
      },
      (failedToCount: unknown) => this.answer.catch(failedToCount, host),
    );
  }
}

/** Put on a checkout handler: limits it to PAYMENT_RATE_LIMIT attempts a minute per user; the handler takes {@link CurrentPaymentAttempt}. */
export const PaymentRateLimit = (): MethodDecorator & ClassDecorator =>
  applyDecorators(UseGuards(PaymentAttemptGuard), UseFilters(PaymentAttemptFilter));

/** The request's {@link PaymentAttempt}, for the checkout to count (on a handler with {@link PaymentRateLimit}). */
export const CurrentPaymentAttempt = createParamDecorator((_: unknown, context: ExecutionContext): PaymentAttempt => {
  const attempt = context.switchToHttp().getRequest<{ [ATTEMPT]?: PaymentAttempt }>()[ATTEMPT];
  if (!attempt) throw new Error('CurrentPaymentAttempt needs @PaymentRateLimit() on the handler');
  return attempt;
});
