import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A checkout claims its Idempotency-Key in the reservation's transaction, naming the order it is about to insert
 * (docs/payments.md, "Retries, orders and recovery"): the key's reference to that order is checked at COMMIT, when
 * the order exists, rather than at the key's insert, before it does. Every other writer of the column names an
 * order that already exists, so nothing else changes. Altering a constraint's timing reads no row.
 */
export class IdempotencyOrderDeferred1764002150000 implements MigrationInterface {
  name = 'IdempotencyOrderDeferred1764002150000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(
      `ALTER TABLE payment_idempotency_keys ALTER CONSTRAINT payment_idempotency_keys_order_id_fkey DEFERRABLE INITIALLY DEFERRED`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE payment_idempotency_keys ALTER CONSTRAINT payment_idempotency_keys_order_id_fkey NOT DEFERRABLE`);
  }
}
