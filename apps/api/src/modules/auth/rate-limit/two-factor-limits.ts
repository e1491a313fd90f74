import { Inject, Injectable } from '@nestjs/common';
import { RateLimitedError } from '../../../common/errors.js';
import { APP_CONFIG } from '../../../config/config.module.js';
import type { AppConfig } from '../../../config/env.js';
import { RateLimitRepository } from './rate-limit.repository.js';

/**
 * The limits of two-factor codes (the sign-in's second step, and the signed-in member's confirm and disable),
 * apart from the password's: whoever gets here knows the password, so the code is all that is left to guess.
 * Counted before the code is checked, like SigninLimits, per SIGNIN_FAILURE_WINDOW_SECONDS:
 * - TWO_FACTOR_ATTEMPT_LIMIT per (account, client network);
 * - TWO_FACTOR_ACCOUNT_LIMIT per account from everywhere, so many networks cannot share out a million codes.
 * A right code clears its network's count and is taken back from the account's.
 */
@Injectable()
export class TwoFactorLimits {
  constructor(
    private readonly store: RateLimitRepository,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async admit(userId: string, network: string): Promise<void> {
    const windowMs = this.config.signinFailureWindowSeconds * 1000;
    const own = await this.store.hit(`2fa:${userId}:net:${network}`, windowMs);
    if (own.hits > this.config.twoFactor.attemptLimit) {
      throw new RateLimitedError(
        `Too many codes tried for this account from here; try again in ${own.secondsLeft} seconds`,
        own.secondsLeft,
      );
    }
    const account = await this.store.hit(`2fa-account:${userId}`, windowMs);
    if (account.hits > this.config.twoFactor.accountLimit) {
      throw new RateLimitedError(`Too many codes tried for this account; try again in ${account.secondsLeft} seconds`, account.secondsLeft);
    }
  }

  async succeeded(userId: string, network: string): Promise<void> {
    await this.store.clear(`2fa:${userId}:net:${network}`);
    await this.store.refund(`2fa-account:${userId}`);
  }
}
