import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The job table of catalogue imports: the checked CSV kept for the run (so an interrupted import resumes from
 * its last committed batch, in any replica), the progress in batches, the counts, and who started it.
 */
export class CatalogueImports1764000710000 implements MigrationInterface {
  name = 'CatalogueImports1764000710000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE catalogue_imports (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        status varchar(16) NOT NULL DEFAULT 'running' CHECK (status IN ('running', 'done', 'failed')),
        csv text NOT NULL,
        actor jsonb NOT NULL,
        rows integer NOT NULL,
        products integer NOT NULL,
        batches integer NOT NULL,
        batches_done integer NOT NULL DEFAULT 0,
        created integer NOT NULL DEFAULT 0,
        updated integer NOT NULL DEFAULT 0,
        unchanged integer NOT NULL DEFAULT 0,
        error text,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        finished_at timestamptz
      )`);
    await q.query(`CREATE INDEX catalogue_imports_running_idx ON catalogue_imports (updated_at) WHERE status = 'running'`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE catalogue_imports`);
  }
}
