import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Sessions that can be ended: every token carries the user's session version as it was when it was signed, and
 * the per-request user read compares it with this column. Moving the column forward (promotion, a role or
 * password change, "sign out everywhere") ends every token signed before, on every replica at once, since each
 * request reads the row anyway. A counter rather than a "valid after" time: JWT's `iat` has whole seconds and
 * comes from the API's clock, so a time would refuse a token signed in the same second after the change, or keep
 * one signed in the same second before it; a counter is exact and needs no clock at all.
 */
export class SessionVersion1763700045000 implements MigrationInterface {
  name = 'SessionVersion1763700045000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE users ADD COLUMN session_version integer NOT NULL DEFAULT 0`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE users DROP COLUMN session_version`);
  }
}
