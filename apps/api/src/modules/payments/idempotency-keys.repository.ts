import { Injectable } from '@nestjs/common';
import { Database, type StatementStep } from '../../database/transactions.js';
import { IdempotencyKeyEntity } from './idempotency-key.entity.js';
import type { PaymentAnswer } from './payment-outcome.js';

const TABLE = 'payment_idempotency_keys';

/**
 * The key's INSERT, its parameters numbered from `first`: user, key, request hash, lease in seconds, order (or null)
 * and, `answered`, the status and body of its answer. Typed, as a SELECT's values (which `from` may need) carry no
 * column's type.
 */
function insertKey(first: number, { from, answered = false }: { from?: string; answered?: boolean } = {}): string {
  const p = (n: number) => `$${first + n}`;
  return `INSERT INTO ${TABLE} (user_id, key, request_hash, lease_until, order_id${answered ? ', status_code, response, completed_at' : ''})
       SELECT ${p(0)}::uuid, ${p(1)}::varchar, ${p(2)}::char(64), now() + make_interval(secs => ${p(3)}::float8), ${p(4)}::uuid${
         answered ? `, ${p(5)}::smallint, ${p(6)}::json, now()` : ''
       }${from ? ` FROM ${from}` : ''}
       ON CONFLICT DO NOTHING RETURNING key`;
}

/**
 * The payment_idempotency_keys table's statements, all of them, each in the transaction in context when there is
 * one. Lease times are the database's clock (`now()`), so replicas' clocks never matter.
 */
@Injectable()
export class IdempotencyKeysRepository {
  constructor(private readonly db: Database) {}

  /**
   * Inserts the (user, key) row under a lease of `leaseSeconds`, tied to `orderId` when given (the reservation's
   * transaction claims it for the order it is about to insert); false when the row is already there (a concurrent
   * claim not yet committed is waited for).
   */
  async insert(userId: string, key: string, requestHash: string, leaseSeconds: number, orderId: string | null = null): Promise<boolean> {
    const inserted = await this.db.preparedRows('idempotency-insert', insertKey(1), [userId, key, requestHash, leaseSeconds, orderId]);
    return inserted.length === 1;
  }

  /**
   * {@link insert} as the second half of a statement that counts the checkout's attempt first
   * (RateLimitRepository.countThen): inserted only when the attempt is admitted.
   */
  insertWhenAdmitted(
    userId: string,
    key: string,
    requestHash: string,
    leaseSeconds: number,
    orderId: string,
  ): { sql: string; values: unknown[] } {
    return { sql: insertKey(4, { from: 'admitted' }), values: [userId, key, requestHash, leaseSeconds, orderId] };
  }

  /**
   * Inserts the (user, key) row with its first answer (a refused cart, whose reservation and its claim of the key were
   * rolled back); false when another request holds the key by now.
   */
  async insertAnswered(userId: string, key: string, requestHash: string, answer: PaymentAnswer): Promise<boolean> {
    const inserted = await this.db.preparedRows('idempotency-insert-answered', insertKey(1, { answered: true }), [
      userId,
      key,
      requestHash,
      0,
      null,
      answer.status,
      JSON.stringify(answer.body),
    ]);
    return inserted.length === 1;
  }

  /** {@link insertAnswered} as the second half of RateLimitRepository.countThen's statement (the attempt counted again). */
  insertAnsweredWhenAdmitted(userId: string, key: string, requestHash: string, answer: PaymentAnswer): { sql: string; values: unknown[] } {
    return {
      sql: insertKey(4, { from: 'admitted', answered: true }),
      values: [userId, key, requestHash, 0, null, answer.status, JSON.stringify(answer.body)],
    };
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

  /**
   * {@link storeAnswer} as a step of another statement (StatementStep), stored only when the host's CTE `when` has a
   * row (the order was marked paid in the same round trip).
   */
  storeAnswerStep(userId: string, key: string, answer: PaymentAnswer, when: string): StatementStep {
    return {
      name: 'answer',
      values: [userId, key, answer.status, JSON.stringify(answer.body)],
      sql: (first) => `answered AS (
         UPDATE ${TABLE} SET status_code = $${first + 2}::smallint, response = $${first + 3}::json, completed_at = now()
          WHERE user_id = $${first}::uuid AND key = $${first + 1}::varchar AND EXISTS (SELECT FROM ${when})
         RETURNING key
       )`,
    };
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
