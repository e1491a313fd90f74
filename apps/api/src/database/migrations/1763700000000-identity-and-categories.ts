import type { MigrationInterface, QueryRunner } from 'typeorm';

export class IdentityAndCategories1763700000000 implements MigrationInterface {
  name = 'IdentityAndCategories1763700000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE users (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        name varchar(32) NOT NULL,
        email varchar(254) NOT NULL,
        password_hash text NOT NULL,
        role smallint NOT NULL DEFAULT 0 CHECK (role IN (0, 1)),
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE UNIQUE INDEX users_email_key ON users (email)`);

    await q.query(`
      CREATE TABLE revoked_tokens (
        jti uuid PRIMARY KEY,
        expires_at timestamptz NOT NULL
      )`);
    await q.query(`CREATE INDEX revoked_tokens_expires_at_idx ON revoked_tokens (expires_at)`);

    // Rate-limit counters live in the database so that every API replica sees the same counts.
    await q.query(`
      CREATE TABLE rate_limit_buckets (
        key text PRIMARY KEY,
        hits integer NOT NULL,
        expires_at timestamptz NOT NULL
      )`);

    await q.query(`
      CREATE TABLE categories (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        name varchar(32) NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE UNIQUE INDEX categories_name_lower_key ON categories (lower(name))`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE categories`);
    await q.query(`DROP TABLE rate_limit_buckets`);
    await q.query(`DROP TABLE revoked_tokens`);
    await q.query(`DROP TABLE users`);
  }
}
