import { Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { type Product } from '@store/contract';
import {
  CATALOGUE_IMPORT_ERRORS_MAX,
  type CatalogueImportJob,
  type CatalogueImportReport,
  type CatalogueImportRowError,
} from '@store/contract/dto/catalogue-transfer';
import { NotFoundError, ValidationFailedError } from '../../common/errors.js';
import { Transactions } from '../../database/transactions.js';
import { type AuditActor, type AuditRecord, AuditService } from '../audit/audit.service.js';
import { CategoriesService } from '../categories/categories.service.js';
import { CatalogueCache } from './catalogue-cache.js';
import {
  catalogueCsvHeader,
  catalogueCsvRows,
  type ImportProduct,
  importedShape,
  type ImportVariant,
  readCatalogueCsv,
  storedShape,
} from './catalogue-csv.js';
import { CatalogueTransferRepository } from './catalogue-transfer.repository.js';
import type { VariantsDraft } from './product-form.js';
import { ProductVariantsRepository } from './product-variants.repository.js';
import { ProductsRepository } from './products.repository.js';
import { AUDITED, audited } from './products.service.js';

/** Products per import batch (one transaction each; about a thousand rows at ten variants a product). */
export const IMPORT_BATCH_PRODUCTS = 100;
/** Products per export batch (one read of the products, one of their variants). */
const EXPORT_BATCH_PRODUCTS = 200;
/** A running import untouched this long had its process stop: another start-up resumes it. */
const STALE_IMPORT_SECONDS = 120;

/** A checked file: its products when it has no errors, and what importing it would do. */
interface Checked {
  report: CatalogueImportReport;
  products: ImportProduct[];
}

/**
 * The catalogue's CSV export and import (docs/api.md, "Catalogue import and export"). The export streams every
 * product, one row per variant. An import is checked whole first (the dry run: every bad row, nothing written);
 * then applied in batches of products, each one transaction through {@link Transactions} that also records the
 * batch as done in `catalogue_imports`, so an import cut short resumes from its last committed batch. Matching is
 * by handle (a product) and by option values (a variant, whose SKU is updated with the rest); a product the file
 * leaves as it is gets no write, so importing an export back changes nothing. A batch's writes are set-based (a
 * statement per table for all its products) except where a file changes a product's options. Each product created or changed
 * gets its audit entry; the catalogue's caches hear one notification per batch (at its commit).
 */
@Injectable()
export class CatalogueTransferService implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('CatalogueImport');
  private readonly running = new Map<string, Promise<void>>();
  private stopping = false;

  constructor(
    private readonly repository: CatalogueTransferRepository,
    private readonly products: ProductsRepository,
    private readonly variants: ProductVariantsRepository,
    private readonly categories: CategoriesService,
    private readonly cache: CatalogueCache,
    private readonly audit: AuditService,
    private readonly transactions: Transactions,
  ) {}

  /** The export, a piece at a time: the header, then the rows of each batch of products in handle order. */
  async *export(): AsyncGenerator<string> {
    yield catalogueCsvHeader();
    let after: string | undefined;
    for (;;) {
      const rows = await this.repository.exportPage(after, EXPORT_BATCH_PRODUCTS);
      if (rows.length === 0) return;
      const products = await this.products.findMany(rows.map((row) => row.id));
      yield catalogueCsvRows(
        rows
          .filter((row) => products.has(row.id))
          .map((row) => ({ handle: row.handle, categoryName: row.category_name, product: products.get(row.id)! })),
      );
      after = rows.at(-1)!.handle;
    }
  }

  /** The dry run: every error of the file, or what it would create, change and leave as it is. */
  async check(csv: string): Promise<CatalogueImportReport> {
    return (await this.read(csv)).report;
  }

  /** Starts an import of a file without errors (else a 400 listing them): the job, applied in the background. */
  async start(csv: string, actor: AuditActor): Promise<CatalogueImportJob> {
    const { report } = await this.read(csv);
    if (report.errors.length > 0) {
      throw new ValidationFailedError(
        `The file has ${report.errorsTruncated ? 'more than ' : ''}${report.errors.length} errors; nothing was imported`,
        report.errors.map((e) => ({ field: `line ${e.line}${e.column ? `, ${e.column}` : ''}`, message: e.message })),
      );
    }
    const job = await this.repository.insertJob({
      csv,
      actor: { id: actor.id, name: actor.name, email: actor.email, staffRole: actor.staffRole ?? null },
      rows: report.rows,
      products: report.products,
      batches: Math.ceil(report.products / IMPORT_BATCH_PRODUCTS),
    });
    this.launch(job._id);
    return job;
  }

  async job(id: string): Promise<CatalogueImportJob> {
    const job = await this.repository.job(id);
    if (!job) throw new NotFoundError('No import has this id');
    return job;
  }

  /** Waits for an import this process runs to stop (tests; the shutdown). */
  async settled(id: string): Promise<void> {
    await this.running.get(id);
  }

  /** Resumes the imports a stopped process left running. */
  async onApplicationBootstrap(): Promise<void> {
    await this.resumeStale(STALE_IMPORT_SECONDS);
  }

  /** Takes and resumes every running import untouched for `staleSeconds`; their ids. */
  async resumeStale(staleSeconds: number): Promise<string[]> {
    const ids = await this.repository.claimStale(staleSeconds);
    for (const id of ids) this.launch(id);
    return ids;
  }

  /** Lets the batch under way commit, then stops: the import stays running and the next start resumes it. */
  async onApplicationShutdown(): Promise<void> {
    this.stopping = true;
    await Promise.all(this.running.values());
  }

  private launch(id: string): void {
    if (this.running.has(id)) return;
    const run = this.run(id).finally(() => this.running.delete(id));
    this.running.set(id, run);
  }

  private async run(id: string): Promise<void> {
    try {
      const input = await this.repository.jobInput(id);
      if (!input) return;
      // Checked again: the shop may have changed since the dry run (a SKU taken, a category removed).
      const { report, products } = await this.read(input.csv);
      if (report.errors.length > 0) {
        const [first] = report.errors;
        await this.repository.finish(id, 'failed', `Line ${first.line}${first.column ? `, ${first.column}` : ''}: ${first.message}`);
        return;
      }
      const batches = Math.ceil(products.length / IMPORT_BATCH_PRODUCTS);
      for (let batch = input.batchesDone; batch < batches; batch++) {
        if (this.stopping) return;
        const slice = products.slice(batch * IMPORT_BATCH_PRODUCTS, (batch + 1) * IMPORT_BATCH_PRODUCTS);
        await this.transactions.run(async () => {
          const counts = await this.applyBatch(slice, input.actor);
          await this.repository.batchDone(id, batch + 1, counts);
        });
        // This process's cache at once; every replica's (this one too) by the batch's one NOTIFY at its commit.
        this.cache.invalidate();
      }
      await this.repository.finish(id, 'done');
    } catch (error) {
      this.logger.error(`Import ${id} failed: ${error instanceof Error ? error.message : String(error)}`);
      await this.repository
        .finish(id, 'failed', error instanceof Error ? error.message : String(error))
        .catch((reason: unknown) => this.logger.error(`Import ${id}: could not record the failure (${String(reason)})`));
    }
  }

  /**
   * One batch, inside its transaction: the batch's existing products locked and read at once; the new ones created
   * together; the changed ones whose options and values stay as they are (a file of new stock, prices, SKUs or
   * texts) updated together, a statement for the products and one for their variants, which keep their ids; a
   * changed one whose options change through the admin form's path (which keeps the ids of the variants that stay);
   * the others left alone. One audit entry per product created or changed, written together.
   */
  private async applyBatch(slice: ImportProduct[], actor: AuditActor): Promise<{ created: number; updated: number; unchanged: number }> {
    const counts = { created: 0, updated: 0, unchanged: 0 };
    const existing = await this.repository.lockByHandles(slice.map((p) => p.handle));
    const stored = await this.products.findMany([...existing.values()]);
    const created = await this.repository.createProducts(slice.filter((p) => !existing.has(p.handle)));
    const fresh = await this.products.findMany([...created.values()]);
    const entries: AuditRecord[] = [...created.values()].map((id) => ({
      action: 'product.create',
      entityType: 'product',
      entityId: id,
      changes: this.audit.changedFields(null, audited(fresh.get(id)!), AUDITED),
    }));
    counts.created = created.size;

    const inPlace: Array<{ id: string; product: ImportProduct }> = [];
    const inPlaceVariants: Array<{ id: number; position: number; variant: ImportVariant }> = [];
    const changed: string[] = [];
    for (const product of slice) {
      const id = existing.get(product.handle);
      if (id === undefined) continue;
      const before = stored.get(id)!;
      if (storedShape(before, product) === importedShape(product)) {
        counts.unchanged += 1;
        continue;
      }
      changed.push(id);
      const matched = sameVariants(before, product);
      if (matched) {
        inPlace.push({ id, product });
        inPlaceVariants.push(...matched);
        continue;
      }
      await this.products.update(id, {
        name: product.name,
        description: product.description,
        priceCents: product.priceCents,
        compareAtCents: product.compareAtCents,
        ...(product.weightGrams !== undefined ? { weightGrams: product.weightGrams } : {}),
        categoryId: product.categoryId,
      });
      await this.variants.replace(id, variantsDraft(product, before), '');
    }
    await this.repository.updateProducts(inPlace, inPlaceVariants);
    const after = await this.products.findMany(changed);
    for (const id of changed) {
      entries.push({
        action: 'product.update',
        entityType: 'product',
        entityId: id,
        changes: this.audit.changedFields(audited(stored.get(id)!), audited(after.get(id)!), AUDITED),
      });
    }
    counts.updated = changed.length;
    await this.audit.recordMany(actor, entries);
    return counts;
  }

  /** Parses and checks a file against the shop as it is now; counts what it would do. */
  private async read(csv: string): Promise<Checked> {
    const categories = await this.categories.list();
    const { rows, products, errors } = readCatalogueCsv(csv, categories);
    const report: CatalogueImportReport = {
      rows,
      products: products.length,
      create: 0,
      update: 0,
      unchanged: 0,
      errors,
      errorsTruncated: false,
    };
    if (errors.length === 0 && products.length > 0) {
      const owners = await this.repository.skuHandles(products.flatMap((p) => p.variants.map((v) => v.sku)));
      const clashes: CatalogueImportRowError[] = [];
      for (const product of products) {
        for (const variant of product.variants) {
          const owner = owners.get(variant.sku.toUpperCase());
          if (owner !== undefined && owner !== product.handle) {
            clashes.push({ line: variant.line, column: 'sku', message: `SKU ${variant.sku} belongs to another product ("${owner}")` });
          }
        }
      }
      if (clashes.length > 0) {
        report.errors = clashes.sort((a, b) => a.line - b.line);
        report.products = 0;
      } else {
        const ids = await this.repository.idsByHandle(products.map((p) => p.handle));
        const stored = await this.products.findMany([...ids.values()]);
        for (const product of products) {
          const current = stored.get(ids.get(product.handle) ?? '');
          if (!current) report.create += 1;
          else if (storedShape(current, product) === importedShape(product)) report.unchanged += 1;
          else report.update += 1;
        }
      }
    }
    if (report.errors.length > CATALOGUE_IMPORT_ERRORS_MAX) {
      report.errors = report.errors.slice(0, CATALOGUE_IMPORT_ERRORS_MAX);
      report.errorsTruncated = true;
    }
    return { report, products: report.errors.length > 0 ? [] : products };
  }
}

/**
 * When the file keeps the product's options and values exactly (names and values, in order) and names each of its
 * variants once, its variants matched to the stored ones by their values, with their place in the file: the
 * change can be made in place. Undefined when the options or the set of variants change.
 */
function sameVariants(
  before: Product,
  product: ImportProduct,
): Array<{ id: number; position: number; variant: ImportVariant }> | undefined {
  const options = (before.options ?? []).map((o) => ({ name: o.name, values: o.values.map((v) => v.value) }));
  if (JSON.stringify(options) !== JSON.stringify(product.options)) return undefined;
  const stored = before.variants ?? [];
  if (stored.length !== product.variants.length) return undefined;
  const byValues = new Map(stored.map((variant) => [JSON.stringify(variant.options), variant._id]));
  const matched = product.variants.map((variant, position) => ({ id: byValues.get(JSON.stringify(variant.options)), position, variant }));
  if (matched.some((m) => m.id === undefined) || new Set(matched.map((m) => m.id)).size !== matched.length) return undefined;
  return matched as Array<{ id: number; position: number; variant: ImportVariant }>;
}

/** The options and variants an import writes; swatches are not in the file, so each value keeps the one it has. */
function variantsDraft(product: ImportProduct, before?: Product): VariantsDraft {
  return {
    options: product.options.map((option) => {
      const stored = before?.options?.find((o) => o.name.toLowerCase() === option.name.toLowerCase());
      return {
        name: option.name,
        values: option.values.map((value) => {
          const swatch = stored?.values.find((v) => v.value.toLowerCase() === value.toLowerCase())?.swatch;
          return swatch ? { value, swatch } : { value };
        }),
      };
    }),
    variants: product.variants.map((v) => ({
      options: v.options,
      sku: v.sku,
      stock: v.stock,
      priceCents: v.priceCents,
      compareAtCents: v.compareAtCents,
      // Undefined (the file has no weight column): a variant that stays keeps its weight.
      weightGrams: v.weightGrams,
      active: v.active,
    })),
  };
}
