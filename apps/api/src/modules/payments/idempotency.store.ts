import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { IDEMPOTENCY_KEY_HEADER } from '@store/contract';
import { setTimeout as sleep } from 'node:timers/promises';
import type { EntityManager, Repository } from 'typeorm';
import { ConflictError, ValidationFailedError } from '../../common/errors.js';
import { IdempotencyKeyEntity } from './idempotency-key.entity.js';
import type { PaymentAnswer } from './payments.service.js';

/** How long a retry waits for the first request's answer before it is told to come back (409). */
const WAIT_FOR_FIRST_MS = 30_000;
const TABLE = 'payment_idempotency_keys';

export type Claim = { kind: 'claimed' } | { kind: 'answered'; answer: PaymentAnswer };

/**
 * Idempotency-Keys of payments, in Postgres so that every replica shares them. The first request inserts
 * the (user, key) row before doing anything; a retry that finds the row waits, polling, until the first
 * request stores its answer, then answers the same status and body. Nothing is held in memory.
 */
@Injectable()
export class IdempotencyStore {
  constructor(@InjectRepository(IdempotencyKeyEntity) private readonly keys: Repository<IdempotencyKeyEntity>) {}

  /**
   * Claims `key` for this request, or returns the answer the first request with this key got (waiting for
   * it while that request runs). 400 when the key was used with a different request; 409 when the first
   * request is still running after the wait.
   */
  async claim(userId: string, key: string, requestHash: string): Promise<Claim> {
    const deadline = Date.now() + WAIT_FOR_FIRST_MS;
    for (let delay = 20; ; delay = Math.min(delay * 2, 250)) {
      const inserted = (await this.keys.query(
        `INSERT INTO ${TABLE} (user_id, key, request_hash) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING RETURNING key`,
        [userId, key, requestHash],
      )) as unknown[];
      if (inserted.length === 1) return { kind: 'claimed' };

      const first = await this.keys.findOneBy({ userId, key });
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
        if (Date.now() >= deadline) {
          throw new ConflictError(`A payment with this ${IDEMPOTENCY_KEY_HEADER} is still being processed; try again in a moment`);
        }
      }
      await sleep(delay);
    }
  }

  /** Ties the key to the order its request reserved stock for (in the reservation's transaction). */
  async attachOrder(manager: EntityManager, userId: string, key: string, orderId: string): Promise<void> {
    await manager.update(IdempotencyKeyEntity, { userId, key }, { orderId });
  }

  /** Stores the first answer, which every retry with this key gets from now on. */
  async complete(manager: EntityManager | undefined, userId: string, key: string, answer: PaymentAnswer): Promise<void> {
    await (manager ?? this.keys.manager).update(
      IdempotencyKeyEntity,
      { userId, key },
      { statusCode: answer.status, response: answer.body, completedAt: new Date() },
    );
  }

  /** Gives the key up after an unexpected failure before any stock was reserved, so a retry starts afresh. */
  async releaseUnreserved(userId: string, key: string): Promise<void> {
    await this.keys.query(`DELETE FROM ${TABLE} WHERE user_id = $1 AND key = $2 AND order_id IS NULL AND status_code IS NULL`, [
      userId,
      key,
    ]);
  }

  /** Answers every unanswered key of these (abandoned) orders. */
  async completeForOrders(manager: EntityManager, orderIds: string[], answer: PaymentAnswer): Promise<void> {
    if (orderIds.length === 0) return;
    await manager.query(
      `UPDATE ${TABLE} SET status_code = $2, response = $3, completed_at = now() WHERE order_id = ANY($1) AND status_code IS NULL`,
      [orderIds, answer.status, JSON.stringify(answer.body)],
    );
  }

  /**
   * Housekeeping: forgets answered keys after `keepSeconds`, and unanswered keys that never reserved anything
   * after `staleSeconds` (their process died before reserving, so nothing was charged).
   */
  async prune(manager: EntityManager, keepSeconds: number, staleSeconds: number): Promise<void> {
    await manager.query(
      `DELETE FROM ${TABLE}
        WHERE (completed_at IS NOT NULL AND completed_at < now() - make_interval(secs => $1))
           OR (status_code IS NULL AND order_id IS NULL AND created_at < now() - make_interval(secs => $2))`,
      [keepSeconds, staleSeconds],
    );
  }
}
