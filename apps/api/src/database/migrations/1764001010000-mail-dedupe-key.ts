import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The outbox's one-mail-per-order rule gets a third part, `dedupe_key` ('' for every mail before): an order may
 * send several mails of one kind, one per event (a "shipped" mail per parcel, keyed by the shipment's id), and
 * still never two for the same event (a retried transaction queues nothing new).
 */
export class MailDedupeKey1764001010000 implements MigrationInterface {
  name = 'MailDedupeKey1764001010000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE mail_outbox ADD COLUMN dedupe_key varchar(64) NOT NULL DEFAULT ''`);
    await q.query(`ALTER TABLE mail_outbox DROP CONSTRAINT mail_outbox_one_per_order`);
    await q.query(`ALTER TABLE mail_outbox ADD CONSTRAINT mail_outbox_one_per_order UNIQUE (order_id, kind, dedupe_key)`);
  }

  async down(q: QueryRunner): Promise<void> {
    // The older rule allows one mail of a kind per order: the extra ones (sent or not) go.
    await q.query(`DELETE FROM mail_outbox WHERE dedupe_key <> ''`);
    await q.query(`ALTER TABLE mail_outbox DROP CONSTRAINT mail_outbox_one_per_order`);
    await q.query(`ALTER TABLE mail_outbox ADD CONSTRAINT mail_outbox_one_per_order UNIQUE (order_id, kind)`);
    await q.query(`ALTER TABLE mail_outbox DROP COLUMN dedupe_key`);
  }
}
