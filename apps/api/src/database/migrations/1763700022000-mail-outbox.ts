import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The transactional outbox of e-mails. A row is written in the same transaction that makes an order
 * Received, so a mail exists exactly when the order does; the notifications worker sends it afterwards, with
 * retries, so a mail server outage neither loses a mail nor holds up a checkout.
 */
export class MailOutbox1763700022000 implements MigrationInterface {
  name = 'MailOutbox1763700022000';

  async up(q: QueryRunner): Promise<void> {
    // `kind` + `order_id` is unique: settling an order twice (a retried finalisation) cannot queue a second mail.
    // `next_attempt_at` doubles as the claim's lease: a worker pushes it forward when it takes a row, so another
    // replica skips the row while it is being sent, and takes it again if that worker died mid-send.
    // `rejected_at`: the server refused the mail for good (5xx); it stays here for an operator, unsent.
    await q.query(`
      CREATE TABLE mail_outbox (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        kind varchar(32) NOT NULL,
        order_id uuid REFERENCES orders (id) ON DELETE CASCADE,
        recipient varchar(254) NOT NULL,
        subject varchar(255) NOT NULL,
        text_body text NOT NULL,
        attempts integer NOT NULL DEFAULT 0 CHECK (attempts >= 0),
        next_attempt_at timestamptz NOT NULL DEFAULT now(),
        last_error varchar(500),
        created_at timestamptz NOT NULL DEFAULT now(),
        sent_at timestamptz,
        rejected_at timestamptz,
        CONSTRAINT mail_outbox_one_per_order UNIQUE (order_id, kind),
        CONSTRAINT mail_outbox_sent_or_rejected CHECK (sent_at IS NULL OR rejected_at IS NULL)
      )`);
    // The worker's poll: only unsent rows are indexed, so the index stays as small as the backlog.
    await q.query(`CREATE INDEX mail_outbox_due_idx ON mail_outbox (next_attempt_at) WHERE sent_at IS NULL AND rejected_at IS NULL`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE mail_outbox`);
  }
}
