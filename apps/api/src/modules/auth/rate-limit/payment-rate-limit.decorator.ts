import {
  type CallHandler,
  type ExecutionContext,
  Inject,
  Injectable,
  type NestInterceptor,
  UseInterceptors,
  applyDecorators,
  createParamDecorator,
} from '@nestjs/common';
import type { Request } from 'express';
import { type Observable, catchError } from 'rxjs';
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
 * on its own by {@link PaymentRateLimit}'s interceptor, so every attempt counts, valid or not.
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

/** Puts a {@link PaymentAttempt} on the request, and counts it on its own when the request fails before the checkout did. */
@Injectable()
export class PaymentRateLimitInterceptor implements NestInterceptor {
  private readonly store: RateLimitRepository;

  constructor(
    db: Database,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {
    // Built here rather than injected, so any module's controller can use the limit without importing AuthModule.
    this.store = new RateLimitRepository(db);
  }

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const request = context.switchToHttp().getRequest<Request & { user?: AuthUser; [ATTEMPT]?: PaymentAttempt }>();
    const attempt = new PaymentAttempt(`payment:${request.user?.id ?? `ip:${clientNetwork(request.ip)}`}`, this.config.paymentRateLimit);
    request[ATTEMPT] = attempt;
    return next.handle().pipe(catchError((error: unknown) => this.countFailed(attempt, error)));
  }

  /** A request that failed before its attempt was counted (a refused body, a broken checkout): counted now, 429 first. */
  private async countFailed(attempt: PaymentAttempt, error: unknown): Promise<never> {
    if (!attempt.isCounted) attempt.settle(await this.store.hit(attempt.bucket, attempt.windowMs));
    throw error;
  }
}

/** Put on a checkout handler: limits it to PAYMENT_RATE_LIMIT attempts a minute per user; the handler takes {@link CurrentPaymentAttempt}. */
export const PaymentRateLimit = (): MethodDecorator & ClassDecorator => applyDecorators(UseInterceptors(PaymentRateLimitInterceptor));

/** The request's {@link PaymentAttempt}, for the checkout to count (on a handler with {@link PaymentRateLimit}). */
export const CurrentPaymentAttempt = createParamDecorator((_: unknown, context: ExecutionContext): PaymentAttempt => {
  const attempt = context.switchToHttp().getRequest<{ [ATTEMPT]?: PaymentAttempt }>()[ATTEMPT];
  if (!attempt) throw new Error('CurrentPaymentAttempt needs @PaymentRateLimit() on the handler');
  return attempt;
});
