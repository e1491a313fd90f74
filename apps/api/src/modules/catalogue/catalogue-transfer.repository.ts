import { Injectable } from '@nestjs/common';
import type { CatalogueImportJob, CatalogueImportStatus } from '@store/contract/dto/catalogue-transfer';
import { isoTimestampSql } from '../../database/pg.js';
import { Database } from '../../database/transactions.js';
import type { AuditActor } from '../audit/audit.service.js';
import type { ImportProduct, ImportVariant } from './catalogue-csv.js';

/** A product row as the export and the import's comparison read it (the variants come from ProductVariantsRepository). */
export interface HandleRow {
  id: string;
  handle: string;
  category_name: string;
}

interface JobRow {
  id: string;
  status: CatalogueImportStatus;
  rows: number;
  products: number;
  batches: number;
  batches_done: number;
  created: number;
  updated: number;
  unchanged: number;
  error: string | null;
  created_iso: string;
  finished_iso: string | null;
}

const JOB_COLUMNS = `id, status, rows, products, batches, batches_done, created, updated, unchanged, error,
  ${isoTimestampSql('created_at')} AS created_iso, ${isoTimestampSql('finished_at')} AS finished_iso`;

function toJob(row: JobRow): CatalogueImportJob {
  return {
    _id: row.id,
    status: row.status,
    rows: row.rows,
    products: row.products,
    batches: row.batches,
    batchesDone: row.batches_done,
    created: row.created,
    updated: row.updated,
    unchanged: row.unchanged,
    ...(row.error ? { error: row.error } : {}),
    createdAt: row.created_iso,
    ...(row.finished_iso ? { finishedAt: row.finished_iso } : {}),
  };
}

/**
 * The catalogue import and export's SQL: products by handle, the owners of SKUs, and the `catalogue_imports` job
 * table (migration CatalogueImports), and the set-based writes of a batch (new products; changed products whose
 * options stay). A change of a product's options goes through ProductVariantsRepository, as the admin form's does.
 */
@Injectable()
export class CatalogueTransferRepository {
  constructor(private readonly db: Database) {}

  /** A page of products in handle order after `after`, with their category's name (the export). */
  exportPage(after: string | undefined, limit: number): Promise<HandleRow[]> {
    return this.db.rows<HandleRow>(
      `SELECT p.id, p.handle, c.name AS category_name FROM products p JOIN categories c ON c.id = p.category_id
       WHERE ($1::text IS NULL OR p.handle > $1) ORDER BY p.handle LIMIT $2`,
      [after ?? null, limit],
    );
  }

  /** The ids of the products with these handles. */
  async idsByHandle(handles: string[]): Promise<Map<string, string>> {
    const rows = await this.db.rows<{ id: string; handle: string }>(`SELECT id, handle FROM products WHERE handle = ANY($1::text[])`, [
      handles,
    ]);
    return new Map(rows.map((row) => [row.handle, row.id]));
  }

  /** The product and variant of each of these SKUs (keyed in capitals, as SKUs are compared). */
  async variantsBySku(skus: string[]): Promise<Map<string, { productId: string; variantId: number }>> {
    const rows = await this.db.rows<{ sku: string; product_id: string; id: number }>(
      `SELECT upper(sku) AS sku, product_id, id FROM product_variants WHERE upper(sku) = ANY($1::text[])`,
      [skus.map((sku) => sku.toUpperCase())],
    );
    return new Map(rows.map((row) => [row.sku, { productId: row.product_id, variantId: row.id }]));
  }

  /** The handles of these products, by id. */
  async handlesOf(ids: string[]): Promise<Map<string, string>> {
    if (ids.length === 0) return new Map();
    const rows = await this.db.rows<{ id: string; handle: string }>(`SELECT id, handle FROM products WHERE id = ANY($1::uuid[])`, [ids]);
    return new Map(rows.map((row) => [row.id, row.handle]));
  }

  /** Which product's handle holds each of these SKUs (compared in capitals, as the product form compares them). */
  async skuHandles(skus: string[]): Promise<Map<string, string>> {
    const rows = await this.db.rows<{ sku: string; handle: string }>(
      `SELECT upper(v.sku) AS sku, p.handle FROM product_variants v JOIN products p ON p.id = v.product_id
       WHERE upper(v.sku) = ANY($1::text[])`,
      [skus.map((sku) => sku.toUpperCase())],
    );
    return new Map(rows.map((row) => [row.sku, row.handle]));
  }

  /**
   * Locks the products with these handles (in id order, as every writer of several products locks them) until the
   * transaction ends; their ids by handle.
   */
  async lockByHandles(handles: string[]): Promise<Map<string, string>> {
    const rows = await this.db.transactionRows<{ id: string; handle: string }>(
      `SELECT id, handle FROM products WHERE handle = ANY($1::text[]) ORDER BY id FOR UPDATE`,
      [handles],
    );
    return new Map(rows.map((row) => [row.handle, row.id]));
  }

  /**
   * Creates new products with their options, values and variants, a statement per table for all of them (a batch of
   * an import: four statements for a hundred products, where one product at a time through the admin form's path
   * takes about thirty each). Each product's stock is its active variants' sum, as the form's path makes it. Their
   * ids by handle.
   */
  async createProducts(products: ImportProduct[]): Promise<Map<string, string>> {
    if (products.length === 0) return new Map();
    const column = <T>(pick: (product: ImportProduct) => T) => products.map(pick);
    const created = await this.db.transactionRows<{ id: string; handle: string }>(
      `INSERT INTO products (name, description, price_cents, compare_at_cents, stock, category_id, handle, weight_grams)
       SELECT * FROM unnest($1::text[], $2::text[], $3::int[], $4::int[], $5::int[], $6::uuid[], $7::text[], $8::int[])
       RETURNING id, handle`,
      [
        column((p) => p.name),
        column((p) => p.description),
        column((p) => p.priceCents),
        column((p) => p.compareAtCents),
        column((p) => p.variants.reduce((sum, v) => sum + (v.active ? v.stock : 0), 0)),
        column((p) => p.categoryId),
        column((p) => p.handle),
        column((p) => p.weightGrams ?? null),
      ],
    );
    const ids = new Map(created.map((row) => [row.handle, row.id]));
    // The insert's trigger gave each its default variant (migration VariantsReplaceSizes); the file's replace it.
    await this.db.transactionRows(`DELETE FROM product_variants WHERE product_id = ANY($1::uuid[])`, [[...ids.values()]]);
    const options = products.flatMap((p) => p.options.map((option, position) => ({ productId: ids.get(p.handle)!, option, position })));
    const optionIds = new Map<string, number>();
    if (options.length > 0) {
      const rows = await this.db.transactionRows<{ id: number; product_id: string; position: number }>(
        `INSERT INTO product_options (product_id, name, position) SELECT * FROM unnest($1::uuid[], $2::text[], $3::int[])
         RETURNING id, product_id, position`,
        [options.map((o) => o.productId), options.map((o) => o.option.name), options.map((o) => o.position)],
      );
      for (const row of rows) optionIds.set(`${row.product_id}/${row.position}`, row.id);
    }
    const values = options.flatMap(({ productId, option, position }) =>
      option.values.map((value, valuePosition) => ({ optionId: optionIds.get(`${productId}/${position}`)!, value, valuePosition })),
    );
    const valueIds = new Map<string, number>();
    if (values.length > 0) {
      const rows = await this.db.transactionRows<{ id: number; option_id: number; key: string }>(
        `INSERT INTO product_option_values (option_id, value, position) SELECT * FROM unnest($1::int[], $2::text[], $3::int[])
         RETURNING id, option_id, lower(value) AS key`,
        [values.map((v) => v.optionId), values.map((v) => v.value), values.map((v) => v.valuePosition)],
      );
      for (const row of rows) valueIds.set(`${row.option_id}/${row.key}`, row.id);
    }
    const variants = products.flatMap((p) => {
      const productId = ids.get(p.handle)!;
      return p.variants.map((variant, position) => {
        const valueOf = (index: number) =>
          index < variant.options.length
            ? valueIds.get(`${optionIds.get(`${productId}/${index}`)}/${variant.options[index].toLowerCase()}`)!
            : null;
        return { productId, variant, position, values: [valueOf(0), valueOf(1), valueOf(2)] };
      });
    });
    await this.db.transactionRows(
      `INSERT INTO product_variants (product_id, option1_value_id, option2_value_id, option3_value_id, stock, active, position, sku,
         price_cents, compare_at_cents, weight_grams)
       SELECT * FROM unnest($1::uuid[], $2::int[], $3::int[], $4::int[], $5::int[], $6::boolean[], $7::int[], $8::text[], $9::int[],
         $10::int[], $11::int[])`,
      [
        variants.map((v) => v.productId),
        variants.map((v) => v.values[0]),
        variants.map((v) => v.values[1]),
        variants.map((v) => v.values[2]),
        variants.map((v) => v.variant.stock),
        variants.map((v) => v.variant.active),
        variants.map((v) => v.position),
        variants.map((v) => v.variant.sku),
        variants.map((v) => v.variant.priceCents),
        variants.map((v) => v.variant.compareAtCents),
        variants.map((v) => v.variant.weightGrams ?? null),
      ],
    );
    return ids;
  }

  /**
   * Changes products whose options and values stay as they are, a statement per table for the whole batch: the
   * products' own fields (with `stock` the sum of the file's active variants, as the form's path recomputes it,
   * `updated_at` moved, as every change moves it, and a weight the file has no column for kept) in one UPDATE ...
   * FROM unnest, and every one of their variants,
   * matched by id, in another. The products must be locked already; the SKUs' deferred unique key is checked at the
   * end, so SKUs may move between a product's variants.
   */
  async updateProducts(
    products: Array<{ id: string; product: ImportProduct }>,
    variants: Array<{ id: number; position: number; variant: ImportVariant }>,
  ): Promise<void> {
    if (products.length === 0) return;
    await this.db.transactionRows(
      `UPDATE products p SET name = f.name, description = f.description, price_cents = f.price_cents,
         compare_at_cents = f.compare_at_cents, category_id = f.category_id, stock = f.stock,
         weight_grams = CASE WHEN f.weight_sent THEN f.weight_grams ELSE p.weight_grams END, updated_at = now()
       FROM unnest($1::uuid[], $2::text[], $3::text[], $4::int[], $5::int[], $6::uuid[], $7::int[], $8::boolean[], $9::int[])
         AS f(id, name, description, price_cents, compare_at_cents, category_id, stock, weight_sent, weight_grams)
       WHERE p.id = f.id`,
      [
        products.map(({ id }) => id),
        products.map(({ product }) => product.name),
        products.map(({ product }) => product.description),
        products.map(({ product }) => product.priceCents),
        products.map(({ product }) => product.compareAtCents),
        products.map(({ product }) => product.categoryId),
        products.map(({ product }) => product.variants.reduce((sum, v) => sum + (v.active ? v.stock : 0), 0)),
        products.map(({ product }) => product.weightGrams !== undefined),
        products.map(({ product }) => product.weightGrams ?? null),
      ],
    );
    if (variants.length > 0) {
      await this.db.transactionRows(
        `UPDATE product_variants v SET sku = f.sku, stock = f.stock, active = f.active, position = f.position,
           price_cents = f.price_cents, compare_at_cents = f.compare_at_cents,
           weight_grams = CASE WHEN f.weight_sent THEN f.weight_grams ELSE v.weight_grams END
         FROM unnest($1::int[], $2::text[], $3::int[], $4::boolean[], $5::int[], $6::int[], $7::int[], $8::boolean[], $9::int[])
           AS f(id, sku, stock, active, position, price_cents, compare_at_cents, weight_sent, weight_grams)
         WHERE v.id = f.id`,
        [
          variants.map(({ id }) => id),
          variants.map(({ variant }) => variant.sku),
          variants.map(({ variant }) => variant.stock),
          variants.map(({ variant }) => variant.active),
          variants.map(({ position }) => position),
          variants.map(({ variant }) => variant.priceCents),
          variants.map(({ variant }) => variant.compareAtCents),
          variants.map(({ variant }) => variant.weightGrams !== undefined),
          variants.map(({ variant }) => variant.weightGrams ?? null),
        ],
      );
    }
    // The deferred keys, checked now: a SKU clash fails the batch here, naming the constraint, not at the commit.
    await this.db.transactionRows(`SET CONSTRAINTS ALL IMMEDIATE`, []);
  }

  async insertJob(job: { csv: string; actor: AuditActor; rows: number; products: number; batches: number }): Promise<CatalogueImportJob> {
    const [row] = await this.db.rows<JobRow>(
      `INSERT INTO catalogue_imports (csv, actor, rows, products, batches) VALUES ($1, $2, $3, $4, $5) RETURNING ${JOB_COLUMNS}`,
      [job.csv, JSON.stringify(job.actor), job.rows, job.products, job.batches],
    );
    return toJob(row);
  }

  async job(id: string): Promise<CatalogueImportJob | undefined> {
    const [row] = await this.db.rows<JobRow>(`SELECT ${JOB_COLUMNS} FROM catalogue_imports WHERE id = $1`, [id]);
    return row && toJob(row);
  }

  /** What a run needs: the file, who started it, and where it stands. */
  async jobInput(id: string): Promise<{ csv: string; actor: AuditActor; batchesDone: number } | undefined> {
    const [row] = await this.db.rows<{ csv: string; actor: AuditActor; batches_done: number }>(
      `SELECT csv, actor, batches_done FROM catalogue_imports WHERE id = $1 AND status = 'running'`,
      [id],
    );
    return row && { csv: row.csv, actor: row.actor, batchesDone: row.batches_done };
  }

  /** Records a batch as done, in the batch's own transaction (so the progress commits exactly with the batch). */
  async batchDone(id: string, batchesDone: number, counts: { created: number; updated: number; unchanged: number }): Promise<void> {
    await this.db.transactionRows(
      `UPDATE catalogue_imports SET batches_done = $2, created = created + $3, updated = updated + $4, unchanged = unchanged + $5,
         updated_at = now() WHERE id = $1`,
      [id, batchesDone, counts.created, counts.updated, counts.unchanged],
    );
  }

  async finish(id: string, status: 'done' | 'failed', error?: string): Promise<void> {
    // The file is no longer needed once the import ended; the counts stay.
    await this.db.rows(
      `UPDATE catalogue_imports SET status = $2, error = $3, csv = '', finished_at = now(), updated_at = now() WHERE id = $1`,
      [id, status, error?.slice(0, 1000) ?? null],
    );
  }

  /**
   * Takes the running imports nobody has moved for `staleSeconds` (their process stopped mid-way), marking them
   * as taken, so two replicas starting together do not both resume one.
   */
  async claimStale(staleSeconds: number): Promise<string[]> {
    const rows = await this.db.rows<{ id: string }>(
      `UPDATE catalogue_imports SET updated_at = now()
       WHERE id IN (SELECT id FROM catalogue_imports WHERE status = 'running' AND updated_at < now() - make_interval(secs => $1)
                    FOR UPDATE SKIP LOCKED)
       RETURNING id`,
      [staleSeconds],
    );
    return rows.map((row) => row.id);
  }
}
