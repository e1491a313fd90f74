import { Inject, Injectable } from '@nestjs/common';
import { RateLimitedError } from '../../../common/errors.js';
import { APP_CONFIG } from '../../../config/config.module.js';
import type { AppConfig } from '../../../config/env.js';
import { RateLimitRepository } from './rate-limit.repository.js';

/** Where a sign-in attempt comes from: its client network (see clientNetwork), and its device id when it brought a valid device cookie. */
export interface SigninOrigin {
  network: string;
  deviceId?: string;
}

/**
 * The per-account sign-in limits. Every attempt is counted, atomically and before its password is checked (one
 * upsert that answers the new count), so parallel guesses cannot all be checked: the (limit + 1)th gets 429
 * whatever is still in flight.
 *
 * - Hard: SIGNIN_FAILURE_LIMIT attempts per SIGNIN_FAILURE_WINDOW_SECONDS per (account, client network), or per
 *   (account, device) for a browser that signed in to it before. A success clears its own counter. An attacker's
 *   guesses use up only their own allowance, never the owner's.
 * - Soft, account-wide: past SIGNIN_ACCOUNT_SLOWDOWN_AFTER failed or unfinished attempts in the window from unknown browsers, one such
 *   attempt per SIGNIN_ACCOUNT_SLOWDOWN_SECONDS for the account. Guessing from many networks slows down to a crawl,
 *   while the owner waits seconds, not the window; a known browser is not slowed at all.
 */
@Injectable()
export class SigninLimits {
  constructor(
    private readonly store: RateLimitRepository,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** Counts one attempt on `email` from `origin`; throws 429 when it is over a limit (its password is then not checked). */
  async admit(email: string, origin: SigninOrigin): Promise<void> {
    const windowMs = this.config.signinFailureWindowSeconds * 1000;
    const own = await this.store.hit(this.ownKey(email, origin), windowMs);
    if (own.hits > this.config.signinFailureLimit) {
      throw new RateLimitedError(
        `Too many sign-in attempts for this account from here; try again in ${own.secondsLeft} seconds`,
        own.secondsLeft,
      );
    }
    if (origin.deviceId) return;
    const account = await this.store.hit(`signin-account:${email}`, windowMs);
    if (account.hits <= this.config.signinAccountSlowdownAfter) return;
    const slot = await this.store.hit(`signin-slow:${email}`, this.config.signinAccountSlowdownSeconds * 1000);
    if (slot.hits > 1) {
      throw new RateLimitedError(`Many sign-in attempts for this account; try again in ${slot.secondsLeft} seconds`, slot.secondsLeft);
    }
  }

  /**
   * A successful sign-in from `origin`: its own attempts are forgotten, and it is taken back from the account-wide
   * count (counted before its password was checked, it was no guess), so an owner who signs in often is never slowed.
   */
  async succeeded(email: string, origin: SigninOrigin): Promise<void> {
    await this.store.clear(this.ownKey(email, origin));
    if (!origin.deviceId) await this.store.refund(`signin-account:${email}`);
  }

  private ownKey(email: string, origin: SigninOrigin): string {
    return origin.deviceId ? `signin:${email}:device:${origin.deviceId}` : `signin:${email}:net:${origin.network}`;
  }
}
