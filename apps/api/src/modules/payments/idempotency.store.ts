import { Inject, Injectable } from '@nestjs/common';
import { IDEMPOTENCY_KEY_HEADER } from '@store/contract';
import { setTimeout as sleep } from 'node:timers/promises';
import { ConflictError, ValidationFailedError } from '../../common/errors.js';
import { APP_CONFIG } from '../../config/config.module.js';
import type { AppConfig } from '../../config/env.js';
import type { StatementColumns, StatementStep } from '../../database/transactions.js';
import type { PaymentAttempt } from '../auth/rate-limit/payment-rate-limit.decorator.js';
import { type RateLimitHit, RateLimitRepository } from '../auth/rate-limit/rate-limit.repository.js';
import { IdempotencyKeysRepository } from './idempotency-keys.repository.js';
import type { PaymentAnswer } from './payment-outcome.js';

/** How long a retry waits for the first request's answer before it is told to come back (409). */
const WAIT_FOR_FIRST_MS = 30_000;

/**
 * `claimed`: this request holds the key and runs the checkout. `answered`: the first answer, to replay.
 * `taken-over`: the holder died (its lease lapsed) after reserving stock for `orderId`; this request must
 * resolve that order (ask the gateway whether it was charged) instead of starting a new checkout.
 */
export type Claim = { kind: 'claimed' } | { kind: 'answered'; answer: PaymentAnswer } | { kind: 'taken-over'; orderId: string };

/**
 * Idempotency-Keys of payments, in Postgres so that every replica shares them. The first request inserts the
 * (user, key) row in its reservation's transaction, tied to the order it reserves for, under a lease
 * (IDEMPOTENCY_LEASE_SECONDS) that it renews while it runs ({@link claimFor}); a retry that finds the row (waiting for
 * that transaction to end: a reservation rolled back leaves no key) waits, polling, until the first request stores
 * its answer, then answers the same status and body. When the
 * holder dies (kill -9, a lost node) its lease lapses within seconds and the next retry takes the key over.
 * Lease times are the database's clock, so replicas' clocks never matter. Nothing is held in memory; every statement
 * is in {@link IdempotencyKeysRepository}.
 */
@Injectable()
export class IdempotencyStore {
  private readonly leaseSeconds: number;

  constructor(
    private readonly keys: IdempotencyKeysRepository,
    private readonly rateLimits: RateLimitRepository,
    @Inject(APP_CONFIG) config: AppConfig,
  ) {
    this.leaseSeconds = config.payments.idempotencyLeaseSeconds;
  }

  /**
   * Claims `key` for this request, or returns the answer the first request with this key got (waiting for it
   * while that request runs), or hands over a dead holder's key. 400 when the key was used with a different
   * request; 409 when the first request is still running (and renewing its lease) after the wait.
   */
  async claim(userId: string, key: string, requestHash: string, { knownTaken = false } = {}): Promise<Claim> {
    const deadline = Date.now() + WAIT_FOR_FIRST_MS;
    // `knownTaken`: the reservation's own claim just found the row, so the first insert would only find it again.
    for (let delay = 20, insert = !knownTaken; ; delay = Math.min(delay * 2, 250), insert = true) {
      if (insert && (await this.keys.insert(userId, key, requestHash, this.leaseSeconds))) return { kind: 'claimed' };

      const first = await this.keys.find(userId, key);
      // The row can vanish between the two statements when the first request failed before reserving: claim again.
      if (first) {
        if (first.requestHash !== requestHash) {
          throw new ValidationFailedError(
            `This ${IDEMPOTENCY_KEY_HEADER} was already used for a different payment; use a new key for a new payment`,
            [{ field: IDEMPOTENCY_KEY_HEADER, message: 'already used with a different request' }],
          );
        }
        if (first.statusCode !== null)
          return { kind: 'answered', answer: { status: first.statusCode, body: first.response } as PaymentAnswer };
        const taken = await this.keys.takeLapsedLease(userId, key, this.leaseSeconds);
        if (taken !== undefined) return taken === null ? { kind: 'claimed' } : { kind: 'taken-over', orderId: taken };
        if (Date.now() >= deadline) {
          throw new ConflictError(`A payment with this ${IDEMPOTENCY_KEY_HEADER} is still being processed; try again in a moment`);
        }
      }
      await sleep(delay);
    }
  }

  /**
   * Claims `key` for `orderId` in the reservation's transaction (the one in context), the checkout's first statement:
   * with `attempt`, that attempt is counted in the same statement and the key claimed only within its limit, and
   * `also` (another module's read) answered as `read` from it too. `claimed` false: the key is another request's
   * (committed; a concurrent claim is waited for) or, with `hit` past the limit, was not tried. Either way nothing
   * else may run in this transaction but its commit.
   */
  async claimFor<T>(
    userId: string,
    key: string,
    requestHash: string,
    orderId: string,
    attempt?: PaymentAttempt,
    also?: StatementColumns<T>,
  ): Promise<{ claimed: boolean; hit?: RateLimitHit & { opened: boolean }; read?: T }> {
    if (!attempt) return { claimed: await this.keys.insert(userId, key, requestHash, this.leaseSeconds, orderId) };
    const { done, hit, read } = await this.rateLimits.countThen(
      'idempotency-claim-counted',
      attempt.bucket,
      attempt.windowMs,
      attempt.limit,
      this.keys.insertWhenAdmitted(userId, key, requestHash, this.leaseSeconds, orderId),
      also,
    );
    return { claimed: done === 1, hit, read };
  }

  /**
   * Stores a refused cart's answer on a key whose claim its reservation rolled back (with `attempt`, counting that
   * attempt again: its count rolled back too), in one statement. False when another request claimed the key meanwhile:
   * its answer is the key's.
   */
  async answerRolledBack(
    userId: string,
    key: string,
    requestHash: string,
    answer: PaymentAnswer,
    attempt?: PaymentAttempt,
  ): Promise<{ stored: boolean; hit?: RateLimitHit & { opened: boolean } }> {
    if (!attempt) return { stored: await this.keys.insertAnswered(userId, key, requestHash, answer) };
    const { done, hit } = await this.rateLimits.countThen(
      'idempotency-insert-answered-counted',
      attempt.bucket,
      attempt.windowMs,
      // Counted, not checked: this attempt was admitted before its reservation rolled back.
      2147483647,
      this.keys.insertAnsweredWhenAdmitted(userId, key, requestHash, answer),
    );
    return { stored: done === 1, hit };
  }

  /**
   * Keeps the key's lease while its request runs: renewed every third of the lease, so only a dead (or frozen)
   * holder ever lets it lapse. Returns the function that stops renewing.
   */
  hold(userId: string, key: string): () => void {
    const timer = setInterval(
      () => {
        void this.keys.renewLease(userId, key, this.leaseSeconds).catch(() => undefined);
      },
      Math.max(200, (this.leaseSeconds * 1000) / 3),
    );
    timer.unref();
    return () => clearInterval(timer);
  }

  /** Lets the lease lapse now (this request could not finish the key's work), so the next retry takes it over. */
  async letLapse(userId: string, key: string): Promise<void> {
    await this.keys.endLease(userId, key);
  }

  /**
   * Ties a key claimed on its own ({@link claim}) to the order its request reserved stock for (in the reservation's
   * transaction, the one in context).
   */
  async attachOrder(userId: string, key: string, orderId: string): Promise<void> {
    await this.keys.attachOrder(userId, key, orderId);
  }

  /** Stores the first answer, which every retry with this key gets from now on (in the transaction in context, if any). */
  async complete(userId: string, key: string, answer: PaymentAnswer): Promise<void> {
    await this.keys.storeAnswer(userId, key, answer);
  }

  /**
   * {@link complete} as a step of the statement that marks the key's order paid (OrdersService.markPaid): the answer
   * is stored in that round trip, only when the order was marked (`when`, the host's CTE, has a row).
   */
  completeStep(userId: string, key: string, answer: PaymentAnswer, when: string): StatementStep {
    return this.keys.storeAnswerStep(userId, key, answer, when);
  }

  /** Gives the key up after an unexpected failure before any stock was reserved, so a retry starts afresh at once. */
  async releaseUnreserved(userId: string, key: string): Promise<void> {
    await this.keys.deleteUnreserved(userId, key);
  }

  /** Answers every unanswered key of these orders (resolved after their checkout was abandoned). */
  async completeForOrders(orderIds: string[], answer: PaymentAnswer): Promise<void> {
    if (orderIds.length === 0) return;
    await this.keys.storeAnswerForOrders(orderIds, answer);
  }

  /** Orders reserved under a key whose holder stopped renewing its lease: abandoned checkouts, for the sweeper. */
  lapsedOrderIds(limit = 100): Promise<string[]> {
    return this.keys.lapsedOrderIds(limit);
  }

  /**
   * Housekeeping: forgets answered keys after `keepSeconds`, and unanswered keys that never reserved anything
   * once their lease lapsed (their process died before reserving, so nothing was charged).
   */
  async prune(keepSeconds: number): Promise<void> {
    await this.keys.prune(keepSeconds);
  }
}
