import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Back-in-stock alerts, one row per address and variant asked about. An alert is open until it is mailed
 * (`notified_at`) or unsubscribed (`unsubscribed_at`); only a confirmed one (`confirmed_at`) is ever mailed. The
 * links' tokens are kept only as their SHA-256 (as account_tokens keeps its own): `confirm_token_hash` until the
 * address is confirmed, `unsubscribe_token_hash` for the unsubscribe link of the latest mail.
 */
export class StockAlerts1764001200000 implements MigrationInterface {
  name = 'StockAlerts1764001200000';

  async up(q: QueryRunner): Promise<void> {
    // A deleted variant or account takes its alerts with it: nothing left to tell, nobody left to tell.
    await q.query(`
      CREATE TABLE stock_alerts (
        id bigserial PRIMARY KEY,
        variant_id integer NOT NULL REFERENCES product_variants (id) ON DELETE CASCADE,
        email varchar(254) NOT NULL,
        user_id uuid REFERENCES users (id) ON DELETE CASCADE,
        created_at timestamptz NOT NULL DEFAULT now(),
        confirm_token_hash bytea,
        confirm_expires_at timestamptz,
        confirmed_at timestamptz,
        unsubscribe_token_hash bytea NOT NULL,
        notified_at timestamptz,
        unsubscribed_at timestamptz,
        CONSTRAINT stock_alerts_notified_confirmed CHECK (notified_at IS NULL OR confirmed_at IS NOT NULL),
        CONSTRAINT stock_alerts_email_lower CHECK (email = lower(email))
      )`);
    // One open alert per address and variant: asking again re-sends the link rather than queueing a second mail.
    await q.query(
      `CREATE UNIQUE INDEX stock_alerts_open_key ON stock_alerts (variant_id, email) WHERE notified_at IS NULL AND unsubscribed_at IS NULL`,
    );
    await q.query(
      `CREATE UNIQUE INDEX stock_alerts_confirm_token_key ON stock_alerts (confirm_token_hash) WHERE confirm_token_hash IS NOT NULL`,
    );
    await q.query(`CREATE UNIQUE INDEX stock_alerts_unsubscribe_token_key ON stock_alerts (unsubscribe_token_hash)`);
    // The notify pass and the admin's counts read only waiting alerts: the index is as small as the waiting list.
    await q.query(`
      CREATE INDEX stock_alerts_waiting_idx ON stock_alerts (variant_id, created_at, id)
      WHERE confirmed_at IS NOT NULL AND notified_at IS NULL AND unsubscribed_at IS NULL`);
    await q.query(`CREATE INDEX stock_alerts_user_idx ON stock_alerts (user_id) WHERE user_id IS NOT NULL`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE stock_alerts`);
  }
}
