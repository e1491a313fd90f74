import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The shop's people: a staff role beside the wire's `role` (kept as it was, 0 or 1, for the clients that know only
 * that), the invitations an owner sends by e-mail, and the actor's role on every audit entry.
 */
export class StaffRoles1763700052000 implements MigrationInterface {
  name = 'StaffRoles1763700052000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE users ADD COLUMN staff_role varchar(16)`);
    // Every admin so far could do everything: an owner.
    await q.query(`UPDATE users SET staff_role = 'owner' WHERE role = 1`);
    // The two columns cannot disagree, whatever writes the row: a customer has no staff role, an admin has one.
    await q.query(`
      ALTER TABLE users ADD CONSTRAINT users_staff_role_ok CHECK (
        (role = 0 AND staff_role IS NULL) OR (role = 1 AND staff_role IN ('owner', 'staff', 'read-only')))`);
    // The people list, and the owners locked when a role changes (a handful of rows among every customer).
    await q.query(`CREATE INDEX users_staff_idx ON users (staff_role, id) WHERE staff_role IS NOT NULL`);

    await q.query(`ALTER TABLE audit_log ADD COLUMN actor_role varchar(16)`);
    await q.query(`UPDATE audit_log SET actor_role = 'owner' WHERE actor_id <> '00000000-0000-0000-0000-000000000000'`);

    // Only the SHA-256 of a link's token is kept: the database (or a backup of it) does not hold a usable link.
    // A link works once (`accepted_at`), until `expires_at`, and not after a newer invitation to the same address
    // (`revoked_at`).
    await q.query(`
      CREATE TABLE staff_invitations (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        email varchar(254) NOT NULL,
        staff_role varchar(16) NOT NULL CHECK (staff_role IN ('owner', 'staff', 'read-only')),
        token_hash bytea NOT NULL,
        invited_by uuid REFERENCES users (id) ON DELETE SET NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        expires_at timestamptz NOT NULL,
        accepted_at timestamptz,
        accepted_by uuid REFERENCES users (id) ON DELETE SET NULL,
        revoked_at timestamptz,
        CONSTRAINT staff_invitations_token_key UNIQUE (token_hash)
      )`);
    await q.query(`CREATE INDEX staff_invitations_open_idx ON staff_invitations (email) WHERE accepted_at IS NULL AND revoked_at IS NULL`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE staff_invitations`);
    await q.query(`ALTER TABLE audit_log DROP COLUMN actor_role`);
    await q.query(`DROP INDEX users_staff_idx`);
    await q.query(`ALTER TABLE users DROP CONSTRAINT users_staff_role_ok`);
    await q.query(`ALTER TABLE users DROP COLUMN staff_role`);
  }
}
