import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Crashes mid-payment: an Idempotency-Key is held under a lease its request renews while it
 * runs (a key whose holder died is taken over once the lease lapses), and the offline test gateway records its
 * charges in Postgres, so that after a restart it can still say whether an order was charged (as Braintree's
 * transaction search does).
 */
export class PaymentRecovery1763700020000 implements MigrationInterface {
  name = 'PaymentRecovery1763700020000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE payment_idempotency_keys ADD COLUMN lease_until timestamptz NOT NULL DEFAULT now()`);
    // The sweeper looks for unanswered keys of reserved orders whose lease lapsed.
    await q.query(
      `CREATE INDEX payment_idempotency_keys_open ON payment_idempotency_keys (lease_until) WHERE status_code IS NULL AND order_id IS NOT NULL`,
    );
    await q.query(`
      CREATE TABLE test_gateway_transactions (
        transaction_id varchar(64) PRIMARY KEY,
        order_id varchar(64) NOT NULL,
        amount_cents integer NOT NULL CHECK (amount_cents >= 0),
        status varchar(32) NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX test_gateway_transactions_order ON test_gateway_transactions (order_id)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE test_gateway_transactions`);
    await q.query(`DROP INDEX payment_idempotency_keys_open`);
    await q.query(`ALTER TABLE payment_idempotency_keys DROP COLUMN lease_until`);
  }
}
