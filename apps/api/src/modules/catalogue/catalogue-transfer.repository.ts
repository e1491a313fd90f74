import { Injectable } from '@nestjs/common';
import type { CatalogueImportJob, CatalogueImportStatus } from '@store/contract';
import { isoTimestampSql } from '../../database/pg.js';
import { Database } from '../../database/transactions.js';
import type { AuditActor } from '../audit/audit.service.js';

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
 * table (migration CatalogueImports). Product rows themselves are written through ProductsRepository and
 * ProductVariantsRepository, as the admin form writes them.
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

  /** Which product's handle holds each of these SKUs (compared in capitals, as the product form compares them). */
  async skuHandles(skus: string[]): Promise<Map<string, string>> {
    const rows = await this.db.rows<{ sku: string; handle: string }>(
      `SELECT upper(v.sku) AS sku, p.handle FROM product_variants v JOIN products p ON p.id = v.product_id
       WHERE upper(v.sku) = ANY($1::text[])`,
      [skus.map((sku) => sku.toUpperCase())],
    );
    return new Map(rows.map((row) => [row.sku, row.handle]));
  }

  /** Gives a product just inserted its handle (the insert's trigger made one from its name). */
  async setHandle(id: string, handle: string): Promise<void> {
    await this.db.transactionRows(`UPDATE products SET handle = $2 WHERE id = $1`, [id, handle]);
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
