import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Search reads a stored column instead of recomputing its text. The trigram index of ProductSearch was on the
 * expression `product_search_text(name || ' ' || description)`; a GIN trigram index is lossy, so Postgres
 * rechecks each candidate row's `LIKE`, and with an expression index that recheck recomputed
 * `lower(unaccent(...))` of the whole text, per row and per word (15-50 µs each: on 20,000 products with 1 KB
 * descriptions an eight-word search took seconds, holding its pool connections all along).
 *
 * `search_text` is a STORED generated column of the same expression (product_search_text is IMMUTABLE, which a
 * generated column requires; unaccent itself is not), so it is computed once per write, by Postgres, whatever
 * writes the row, and the recheck is a plain `LIKE` on text already there. The index keeps its name, now on the
 * column. Adding the column rewrites the table once (a second or two per 20,000 products).
 */
export class ProductSearchColumn1763700046000 implements MigrationInterface {
  name = 'ProductSearchColumn1763700046000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(
      `ALTER TABLE products ADD COLUMN search_text text GENERATED ALWAYS AS (product_search_text(name || ' ' || description)) STORED`,
    );
    await q.query(`DROP INDEX products_search_idx`);
    const trgm = await extensionSchema(q, 'pg_trgm');
    await q.query(`CREATE INDEX products_search_idx ON products USING gin (search_text ${trgm}.gin_trgm_ops)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX products_search_idx`);
    await q.query(`ALTER TABLE products DROP COLUMN search_text`);
    const trgm = await extensionSchema(q, 'pg_trgm');
    await q.query(
      `CREATE INDEX products_search_idx ON products USING gin (product_search_text(name || ' ' || description) ${trgm}.gin_trgm_ops)`,
    );
  }
}

/** The schema pg_trgm was installed in, quoted for SQL. */
async function extensionSchema(q: QueryRunner, extension: string): Promise<string> {
  const rows = (await q.query(
    `SELECT quote_ident(n.nspname) AS schema FROM pg_extension e JOIN pg_namespace n ON n.oid = e.extnamespace WHERE e.extname = $1`,
    [extension],
  )) as { schema: string }[];
  return rows[0].schema;
}
