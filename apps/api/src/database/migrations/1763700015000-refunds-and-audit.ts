import type { MigrationInterface, QueryRunner } from 'typeorm';

/** What a cancelled order's refund was, and the admin audit trail. */
export class RefundsAndAudit1763700015000 implements MigrationInterface {
  name = 'RefundsAndAudit1763700015000';

  async up(q: QueryRunner): Promise<void> {
    // All four are set together, by the one transaction that cancels a paid order after its money went back.
    await q.query(`
      ALTER TABLE orders
        ADD COLUMN refund_id varchar(64),
        ADD COLUMN refund_cents integer CHECK (refund_cents >= 0),
        ADD COLUMN refund_kind varchar(8) CHECK (refund_kind IN ('void', 'refund')),
        ADD COLUMN refunded_at timestamptz,
        ADD CONSTRAINT orders_refund_complete CHECK (
          (refund_id IS NULL AND refund_cents IS NULL AND refund_kind IS NULL AND refunded_at IS NULL)
          OR (refund_id IS NOT NULL AND refund_cents IS NOT NULL AND refund_kind IS NOT NULL AND refunded_at IS NOT NULL)
        )`);

    // A single line refunded on its own (a partial refund): set together, once.
    await q.query(`
      ALTER TABLE order_lines
        ADD COLUMN refund_id varchar(64),
        ADD COLUMN refund_cents integer CHECK (refund_cents >= 0),
        ADD COLUMN refunded_at timestamptz,
        ADD CONSTRAINT order_lines_refund_complete CHECK (
          (refund_id IS NULL AND refund_cents IS NULL AND refunded_at IS NULL)
          OR (refund_id IS NOT NULL AND refund_cents IS NOT NULL AND refunded_at IS NOT NULL)
        )`);

    // No foreign key to users: the trail outlives the admins in it (their name and e-mail are kept as they were).
    // `at` defaults to the transaction's start, the same instant for every row one admin write produces.
    await q.query(`
      CREATE TABLE audit_log (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        at timestamptz NOT NULL DEFAULT now(),
        actor_id uuid NOT NULL,
        actor_name varchar(32) NOT NULL,
        actor_email varchar(254) NOT NULL,
        action varchar(32) NOT NULL,
        entity_type varchar(16) NOT NULL,
        entity_id uuid NOT NULL,
        changes jsonb NOT NULL DEFAULT '{}'
      )`);
    // Keyset paging newest first, alone or within one entity's or one admin's entries.
    await q.query(`CREATE INDEX audit_log_at_id_idx ON audit_log (at DESC, id DESC)`);
    await q.query(`CREATE INDEX audit_log_entity_at_id_idx ON audit_log (entity_id, at DESC, id DESC)`);
    await q.query(`CREATE INDEX audit_log_actor_at_id_idx ON audit_log (actor_id, at DESC, id DESC)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE audit_log`);
    await q.query(`
      ALTER TABLE order_lines
        DROP CONSTRAINT order_lines_refund_complete,
        DROP COLUMN refunded_at,
        DROP COLUMN refund_cents,
        DROP COLUMN refund_id`);
    await q.query(`
      ALTER TABLE orders
        DROP CONSTRAINT orders_refund_complete,
        DROP COLUMN refunded_at,
        DROP COLUMN refund_kind,
        DROP COLUMN refund_cents,
        DROP COLUMN refund_id`);
  }
}
