import { Injectable } from '@nestjs/common';
import { Database } from '../../database/transactions.js';
import { IdempotencyKeyEntity } from './idempotency-key.entity.js';
import type { PaymentAnswer } from './payment-outcome.js';

const TABLE = 'payment_idempotency_keys';

/**
 * The payment_idempotency_keys table's statements, all of them, each in the transaction in context when there is
 * one. Lease times are the database's clock (`now()`), so replicas' clocks never matter.
 */
@Injectable()
export class IdempotencyKeysRepository {
  constructor(private readonly db: Database) {}

  /** Inserts the (user, key) row under a lease of `leaseSeconds`; false when the row is already there. */
  async insert(userId: string, key: string, requestHash: string, leaseSeconds: number): Promise<boolean> {
    const inserted = await this.db.preparedRows(
      'idempotency-insert',
      `INSERT INTO ${TABLE} (user_id, key, request_hash, lease_until) VALUES ($1, $2, $3, now() + make_interval(secs => $4))
       ON CONFLICT DO NOTHING RETURNING key`,
      [userId, key, requestHash, leaseSeconds],
    );
    return inserted.length === 1;
  }

  find(userId: string, key: string): Promise<IdempotencyKeyEntity | null> {
    return this.db.manager.findOneBy(IdempotencyKeyEntity, { userId, key });
  }

  /** Moves an unanswered key's lease to `leaseSeconds` from now. */
  async renewLease(userId: string, key: string, leaseSeconds: number): Promise<void> {
    await this.db.rows(
      `UPDATE ${TABLE} SET lease_until = now() + make_interval(secs => $3) WHERE user_id = $1 AND key = $2 AND status_code IS NULL`,
      [userId, key, leaseSeconds],
    );
  }

  /** Ends an unanswered key's lease now. */
  async endLease(userId: string, key: string): Promise<void> {
    await this.db.rows(`UPDATE ${TABLE} SET lease_until = now() WHERE user_id = $1 AND key = $2 AND status_code IS NULL`, [userId, key]);
  }

  /**
   * Takes a new lease on a key whose lease lapsed. Undefined when the lease is still held (nothing changed); else
   * the order the lapsed holder had reserved stock for, or null when it had reserved nothing.
   */
  async takeLapsedLease(userId: string, key: string, leaseSeconds: number): Promise<string | null | undefined> {
    const rows = await this.db.rows<{ order_id: string | null }>(
      `UPDATE ${TABLE} SET lease_until = now() + make_interval(secs => $3)
        WHERE user_id = $1 AND key = $2 AND status_code IS NULL AND lease_until < now() RETURNING order_id`,
      [userId, key, leaseSeconds],
    );
    return rows.length === 1 ? rows[0].order_id : undefined;
  }

  async attachOrder(userId: string, key: string, orderId: string): Promise<void> {
    await this.db.preparedRows('idempotency-attach-order', `UPDATE ${TABLE} SET order_id = $3 WHERE user_id = $1 AND key = $2`, [
      userId,
      key,
      orderId,
    ]);
  }

  /** The first answer, stored as the body's JSON text (a `json` column: a replay is the first body byte for byte). */
  async storeAnswer(userId: string, key: string, answer: PaymentAnswer): Promise<void> {
    await this.db.preparedRows(
      'idempotency-store-answer',
      `UPDATE ${TABLE} SET status_code = $3, response = $4, completed_at = now() WHERE user_id = $1 AND key = $2`,
      [userId, key, answer.status, JSON.stringify(answer.body)],
    );
  }

  /** Deletes a key that is unanswered and tied to no order. */
  async deleteUnreserved(userId: string, key: string): Promise<void> {
    await this.db.rows(`DELETE FROM ${TABLE} WHERE user_id = $1 AND key = $2 AND order_id IS NULL AND status_code IS NULL`, [userId, key]);
  }

  /** Answers every unanswered key of these orders. */
  async storeAnswerForOrders(orderIds: string[], answer: PaymentAnswer): Promise<void> {
    await this.db.rows(
      `UPDATE ${TABLE} SET status_code = $2, response = $3, completed_at = now() WHERE order_id = ANY($1) AND status_code IS NULL`,
      [orderIds, answer.status, JSON.stringify(answer.body)],
    );
  }

  /** Orders of unanswered keys whose lease lapsed, longest lapsed first. */
  async lapsedOrderIds(limit: number): Promise<string[]> {
    const rows = await this.db.rows<{ order_id: string }>(
      `SELECT order_id FROM ${TABLE} WHERE status_code IS NULL AND order_id IS NOT NULL AND lease_until < now() ORDER BY lease_until LIMIT $1`,
      [limit],
    );
    return rows.map((row) => row.order_id);
  }

  /** Deletes answered keys older than `keepSeconds`, and unanswered ones tied to no order whose lease lapsed. */
  async prune(keepSeconds: number): Promise<void> {
    await this.db.rows(
      `DELETE FROM ${TABLE}
        WHERE (completed_at IS NOT NULL AND completed_at < now() - make_interval(secs => $1))
           OR (status_code IS NULL AND order_id IS NULL AND lease_until < now())`,
      [keepSeconds],
    );
  }
}
