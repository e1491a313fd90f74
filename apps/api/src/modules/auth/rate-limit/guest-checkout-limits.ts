import { Inject, Injectable } from '@nestjs/common';
import { RateLimitedError } from '../../../common/errors.js';
import { APP_CONFIG } from '../../../config/config.module.js';
import type { AppConfig } from '../../../config/env.js';
import { RateLimitRepository } from './rate-limit.repository.js';

const WINDOW_MS = 60_000;

/**
 * A guest's checkout attempts (docs/payments.md, "Guest checkout"): PAYMENT_RATE_LIMIT a minute per client network
 * (see clientNetwork) AND per e-mail, each counted in Postgres (shared by replicas). With no account to count by, the
 * network stops one machine trying cards under many addresses, and the e-mail stops many machines hammering one
 * buyer's checkout. Counted after the body is validated (a guard cannot see it), before anything is reserved.
 */
@Injectable()
export class GuestCheckoutLimits {
  constructor(
    private readonly store: RateLimitRepository,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** Counts one attempt from `network` for `email` (lower case); 429 with Retry-After past either limit. */
  async admit(network: string, email: string): Promise<void> {
    for (const key of [`guest-payment:net:${network}`, `guest-payment:email:${email}`]) {
      const { hits, secondsLeft } = await this.store.hit(key, WINDOW_MS);
      if (hits > this.config.paymentRateLimit) {
        throw new RateLimitedError(`Too many payment attempts; try again in ${secondsLeft} seconds`, secondsLeft);
      }
    }
  }
}
