import { type CanActivate, type ExecutionContext, Inject, Injectable, UseGuards, applyDecorators } from '@nestjs/common';
import type { Request } from 'express';
import { clientNetwork } from '../../../common/client-network.js';
import { RateLimitedError } from '../../../common/errors.js';
import { APP_CONFIG } from '../../../config/config.module.js';
import { Database } from '../../../database/transactions.js';
import type { AppConfig } from '../../../config/env.js';
import type { AuthUser } from '../auth-user.js';
import { RateLimitRepository } from './rate-limit.repository.js';

const WINDOW_MS = 60_000;

/**
 * PAYMENT_RATE_LIMIT checkout attempts a minute per signed-in user (Postgres-backed, shared by replicas):
 * one account cannot hammer the payment provider or the stock locks. Runs after the JWT guard.
 */
@Injectable()
export class PaymentRateLimitGuard implements CanActivate {
  private readonly store: RateLimitRepository;

  constructor(
    db: Database,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {
    // Built here rather than injected, so any module's controller can use the guard without importing AuthModule.
    this.store = new RateLimitRepository(db);
  }

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const request = context.switchToHttp().getRequest<Request & { user?: AuthUser }>();
    const subject = request.user?.id ?? `ip:${clientNetwork(request.ip)}`;
    const { hits, secondsLeft } = await this.store.hit(`payment:${subject}`, WINDOW_MS);
    if (hits > this.config.paymentRateLimit) {
      throw new RateLimitedError(`Too many payment attempts; try again in ${secondsLeft} seconds`, secondsLeft);
    }
    return true;
  }
}

/** Put on a checkout handler: limits it to PAYMENT_RATE_LIMIT calls a minute per user. */
export const PaymentRateLimit = (): MethodDecorator & ClassDecorator => applyDecorators(UseGuards(PaymentRateLimitGuard));
