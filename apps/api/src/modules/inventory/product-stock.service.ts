import { Injectable } from '@nestjs/common';
import { PRODUCT_SIZES, type ProductSize } from '@store/contract';
import { type AppError, ConflictError, ValidationFailedError } from '../../common/errors.js';
import type { StatementStep } from '../../database/transactions.js';
import { isSizeOnly, sizeOfVariant } from '../../common/size-stock.js';
import { ProductChoicesCache } from './product-choices.cache.js';
import { type CatalogueChoices, type CatalogueVariant, StockRepository } from './stock.repository.js';

/**
 * A quantity of one product: of one `variantId`, or (older clients, and lines read back from orders written before
 * variants) of one `size`, or of a product with a single variant (neither).
 */
export interface StockLine {
  productId: string;
  count: number;
  variantId?: number;
  size?: ProductSize | '';
}

/** A quote's line: the variant a cart line means and its price now (nothing reserved), with what pricing reads of its product. */
export interface ChosenLine {
  productId: string;
  variantId: number;
  count: number;
  unitCents: number;
  name: string;
  categoryId: string | null;
  weightGrams: number | null;
  /** The size, when the variant has a Size option whose value is a size ('' otherwise). */
  size: ProductSize | '';
}

/** A reserved line: its variant, priced and named as the product and variant were when their rows were locked. */
export interface ReservedLine {
  productId: string;
  count: number;
  variantId: number;
  sku: string;
  /** The variant's values as people read them (`Blue / M`; '' for a default variant). */
  label: string;
  /** The size, when the variant has a Size option whose value is a size (''otherwise): what older clients read. */
  size: ProductSize | '';
  name: string;
  priceCents: number;
}

/** A line of an order, as stock moves read it back: it names its variant. */
export type OrderStockLine = StockLine & { variantId: number };

/**
 * Stock and `sold` for the checkout and the orders. Every method runs inside the transaction in context (the
 * reservation must commit or roll back with the order row it belongs to) and follows ONE lock order: the products
 * in id order, each product's row before its variants' rows (every writer of a variant holds its product's row
 * lock, so the variants' order among themselves cannot make a cycle), with conditional UPDATEs (a reservation's
 * products and variants in one statement), so two checkouts (or a checkout and an admin's edit, which locks the
 * product row first too) can never deadlock, and no interleaving of concurrent checkouts can take a variant's stock
 * below zero.
 */
@Injectable()
export class ProductStockService {
  constructor(
    private readonly products: StockRepository,
    private readonly catalogue: ProductChoicesCache,
  ) {}

  /**
   * Takes `lines` out of stock and returns them priced from the database, one per variant (duplicates merged).
   * Returns `{ refused }` (not thrown) when a line is short or gone (409, naming the product and variant), or does
   * not say which variant (400: a product with options needs its variant, or a size when its one option is Size);
   * the caller must then roll its transaction back, which undoes the lines already taken.
   *
   * Each line's variant is chosen on the process's copy of the catalogue, as the quote chooses it (no round trip
   * while the reservation's transaction is open); everything the order keeps comes from the rows as `take` locked
   * them: the product's name and price, the variant's price, SKU and values, and that it is active, of that product
   * and in stock. A line the copy cannot place is chosen again on the rows as they are, before it is refused; one
   * chosen by size whose variant no longer has that size (an edit not yet heard of) is refused as changed, so the
   * buyer never gets another size than the one asked for.
   */
  async reserve(lines: StockLine[]): Promise<ReservedLine[] | { refused: AppError }> {
    const ids = productIdsOf(lines);
    let chosen: ReturnType<typeof resolve<CatalogueChoices>> = resolve(lines, await this.catalogue.choices(ids));
    // The copy may not have heard of an edit yet (a variant added on another replica a moment ago): the rows decide.
    if (chosen.refused) chosen = resolve(lines, await this.products.choices(ids));
    const { choices, resolved, refused } = chosen;
    if (refused) return { refused };

    const groups = byProduct(resolved);
    const taken = await this.products.take(
      new Map(groups.map((group) => [group.productId, new Map(group.lines.map((line) => [line.variant.id, line.count]))])),
    );
    const reserved: ReservedLine[] = [];
    for (const group of groups) {
      const product = choices.get(group.productId)!;
      const row = taken.products.get(group.productId);
      if (!row || group.lines.some((line) => !taken.variants.has(line.variant.id))) {
        return { refused: await this.refusal(group.productId, group.lines) };
      }
      for (const line of group.lines) {
        const variant = taken.variants.get(line.variant.id)!;
        const size = sizeOfVariant(product.optionNames, variant.values);
        if (line.sizes.some((asked) => asked !== size)) {
          return {
            refused: new ConflictError(`"${row.name}" changed while your order was placed; try again`, details(group.productId, 'changed')),
          };
        }
        reserved.push({
          productId: group.productId,
          count: line.count,
          variantId: line.variant.id,
          sku: variant.sku,
          label: variant.values.join(' / '),
          size,
          name: row.name,
          priceCents: variant.priceCents ?? row.priceCents,
        });
      }
    }
    return reserved;
  }

  /** The ids of a product's variants (none for a product that is gone). */
  async variantIdsOf(productId: string): Promise<number[]> {
    const product = (await this.products.choices([productId.toLowerCase()])).get(productId.toLowerCase());
    return product ? product.variants.map((variant) => variant.id) : [];
  }

  /** Puts reserved stock back (the payment failed or was abandoned), each line to its variant. */
  async release(lines: OrderStockLine[]): Promise<void> {
    for (const [productId, counts] of countsByProduct(lines)) await this.products.putBack(productId, counts, false);
  }

  /** Counts reserved stock as sold (the payment went through): the product's `sold` and each variant's. */
  async recordSale(lines: OrderStockLine[]): Promise<void> {
    if (lines.length > 0) await this.products.addSold(new Map(countsByProduct(lines)));
  }

  /**
   * {@link recordSale} as a step of another module's statement: the counts of its CTE `lines` (product_id,
   * variant_id, n) counted as sold (the order marked paid in the same round trip, OrdersRepository.markReceived).
   */
  saleStep(lines: string): StatementStep {
    return this.products.addSoldStep(lines);
  }

  /** Returns sold items to stock, each to its variant, and unsells them (an order was cancelled, a line refunded). */
  async returnSold(lines: OrderStockLine[]): Promise<void> {
    for (const [productId, counts] of countsByProduct(lines)) await this.products.putBack(productId, counts, true);
  }

  /**
   * Unsells returned items that do not go back on sale (written off: damaged, say): `sold` goes down, stock stays.
   */
  async writeOff(lines: OrderStockLine[]): Promise<void> {
    for (const [productId, counts] of countsByProduct(lines)) await this.products.unsell(productId, counts);
  }

  /**
   * The variants `lines` mean and what each costs now, in the order {@link reserve} takes them (product, then
   * variant: a quote then splits a discount as the payment will), without taking any stock: a quote's lines.
   * `{ refused }` as {@link reserve} for a line that names no variant or one no longer sold; stock is not checked.
   * The products come from the process's copy of the catalogue (ProductChoicesCache: as they are, up to the
   * delivery of a change's notification), through the one choice of variant {@link reserve} makes on the rows it
   * reads; a product not in memory is read with the reservation's statement.
   */
  async choose(lines: StockLine[]): Promise<ChosenLine[] | { refused: AppError }> {
    const { choices, resolved, refused } = resolve(lines, await this.catalogue.choices(productIdsOf(lines)));
    if (refused) return { refused };
    return resolved.map(({ productId, variant, count }) => {
      const product = choices.get(productId)!;
      return {
        productId,
        variantId: variant.id,
        count,
        unitCents: variant.priceCents ?? product.priceCents,
        name: product.name,
        categoryId: product.categoryId,
        // A variant's own weight wins over its product's (a hoodie in XL weighs more than in S).
        weightGrams: variant.weightGrams ?? product.weightGrams,
        size: sizeOfVariant(product.optionNames, variant.values),
      };
    });
  }

  /** Why a product's lines could not be reserved, read after the refused update (the rows as they are now). */
  private async refusal(productId: string, lines: Array<{ variant: CatalogueVariant; count: number }>): Promise<AppError> {
    const current = (await this.products.choices([productId])).get(productId);
    if (!current)
      return new ConflictError('A product in your cart is no longer sold; remove it and try again', details(productId, 'not sold'));
    const sized = isSizeOnly(
      current.optionNames.map((name, i) => ({ name, values: (current.optionValues[i] ?? []).map((value) => ({ value })) })),
    );
    for (const line of lines) {
      const variant = current.variants.find((v) => v.id === line.variant.id);
      const label = line.variant.values.join(' / ');
      const which = !label ? '' : sized ? ` in size ${label}` : ` (${label})`;
      if (!variant || !variant.active) {
        return new ConflictError(
          sized
            ? `"${current.name}" is no longer sold in size ${label}; remove it and try again`
            : `"${current.name}"${which} is no longer sold; remove it and try again`,
          details(productId, 'not sold', label),
        );
      }
      if (variant.stock === 0)
        return new ConflictError(`"${current.name}"${which} is out of stock`, details(productId, 'out of stock', label));
      if (variant.stock < line.count) {
        return new ConflictError(
          `Only ${variant.stock} of "${current.name}"${which} left in stock (your cart has ${line.count})`,
          details(productId, `${variant.stock} in stock`, label),
        );
      }
    }
    // Every variant has enough now: a concurrent release came between the refused update and this read.
    return new ConflictError(`"${current.name}" changed while your order was placed; try again`, details(productId, 'changed'));
  }
}

/** The products `lines` name, once each, ids lower case. */
function productIdsOf(lines: StockLine[]): string[] {
  return [...new Set(lines.map((line) => line.productId.toLowerCase()))];
}

/** A cart's variant as chosen: its count, and the sizes lines asked for it by (none when named by id). */
interface ResolvedLine<P extends CatalogueChoices> {
  productId: string;
  variant: P['variants'][number];
  count: number;
  sizes: ProductSize[];
}

/**
 * Each line's variant (duplicates merged), in product then variant order; or the first line's refusal. The one
 * choice of variant, for a quote and a reservation, on the process's copy of the catalogue or on the rows as they are.
 */
function resolve<P extends CatalogueChoices>(
  lines: StockLine[],
  choices: Map<string, P>,
): {
  choices: Map<string, P>;
  resolved: Array<ResolvedLine<P>>;
  refused?: AppError;
} {
  const resolved: Array<ResolvedLine<P>> = [];
  for (const line of mergeLines(lines)) {
    const product = choices.get(line.productId);
    const picked = pick(line, product);
    if ('refused' in picked) return { choices, resolved, refused: picked.refused };
    // A line names its variant by id, or else by its size.
    const sizes = line.variantId === undefined && line.size ? [line.size] : [];
    const same = resolved.find((r) => r.variant.id === picked.variant.id);
    if (same) {
      same.count += line.count;
      same.sizes.push(...sizes);
    } else resolved.push({ productId: line.productId, variant: picked.variant, count: line.count, sizes });
  }
  resolved.sort((a, b) => compare(a.productId, b.productId) || a.variant.id - b.variant.id);
  return { choices, resolved };
}

/** The details of a refusal name the product by id (and its variant), for a client that wants to mark the line in its cart. */
function details(productId: string, message: string, label = '') {
  return [{ field: 'paymentInfo.products', message: `${productId}${label ? ` (${label})` : ''}: ${message}` }];
}

function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/**
 * Which variant a cart line means: its `variantId` (of that product); else its `size` (a product whose one option
 * is Size); else the product's only variant when it has no options.
 */
function pick<P extends CatalogueChoices>(
  line: StockLine,
  product: P | undefined,
): { variant: P['variants'][number] } | { refused: AppError } {
  const size = line.size || '';
  if (!product) {
    return {
      refused: new ConflictError('A product in your cart is no longer sold; remove it and try again', details(line.productId, 'not sold')),
    };
  }
  const field = (message: string) => details(line.productId, message, size);
  if (line.variantId !== undefined) {
    const variant = product.variants.find((v) => v.id === line.variantId);
    if (!variant) {
      return {
        refused: new ConflictError(
          `"${product.name}" is no longer sold in the variant in your cart; remove it and try again`,
          field('not sold'),
        ),
      };
    }
    return { variant };
  }
  const options = product.optionNames.map((name, i) => ({ name, values: (product.optionValues[i] ?? []).map((value) => ({ value })) }));
  const sizeOnly = isSizeOnly(options);
  if (size) {
    if (product.optionNames.length === 0) {
      return {
        refused: new ValidationFailedError(`"${product.name}" is not sold in sizes: send it without a size`, field('has no sizes')),
      };
    }
    if (!sizeOnly) {
      return {
        refused: new ValidationFailedError(
          `"${product.name}" comes in ${product.optionNames.join(', ')}: choose a variant`,
          field('a variant is required'),
        ),
      };
    }
    const variant = product.variants.find((v) => v.values[0] === size);
    if (!variant) {
      return {
        refused: new ConflictError(`"${product.name}" is no longer sold in size ${size}; remove it and try again`, field('not sold')),
      };
    }
    return { variant };
  }
  if (product.optionNames.length === 0 && product.variants.length === 1) return { variant: product.variants[0] };
  if (sizeOnly) {
    return {
      refused: new ValidationFailedError(
        `"${product.name}" is sold in sizes (${product.variants
          .filter((v) => v.active)
          .map((v) => v.values[0])
          .join(', ')}): choose a size`,
        field('a size is required'),
      ),
    };
  }
  return {
    refused: new ValidationFailedError(
      `"${product.name}" comes in ${product.optionNames.join(', ') || 'several variants'}: choose a variant`,
      field('a variant is required'),
    ),
  };
}

const SIZE_ORDER = new Map<string, number>([['', -1], ...PRODUCT_SIZES.map((size, index) => [size, index] as [string, number])]);

/**
 * One line per product and variant (or size), counts added up, in product id order, then variant id, then size
 * order. A line without a variant or size carries neither key, exactly as before sizes existed (the idempotency
 * key's hash reads them so).
 */
export function mergeLines(lines: StockLine[]): StockLine[] {
  const counts = new Map<string, StockLine>();
  for (const line of lines) {
    const productId = line.productId.toLowerCase();
    const size = line.size || '';
    const key = `${productId} ${line.variantId ?? ''} ${size}`;
    const merged = counts.get(key);
    if (merged) merged.count += line.count;
    else {
      counts.set(key, {
        productId,
        count: line.count,
        ...(line.variantId !== undefined ? { variantId: line.variantId } : {}),
        ...(size ? { size } : {}),
      });
    }
  }
  return [...counts.values()].sort(
    (a, b) =>
      compare(a.productId, b.productId) ||
      (a.variantId ?? -1) - (b.variantId ?? -1) ||
      SIZE_ORDER.get(a.size || '')! - SIZE_ORDER.get(b.size || '')!,
  );
}

/** Resolved lines grouped by product, keeping their order (products by id, variants by id). */
function byProduct<T extends { productId: string }>(lines: T[]): Array<{ productId: string; lines: T[] }> {
  const groups: Array<{ productId: string; lines: T[] }> = [];
  for (const line of lines) {
    let group = groups.at(-1);
    if (group?.productId !== line.productId) {
      group = { productId: line.productId, lines: [] };
      groups.push(group);
    }
    group.lines.push(line);
  }
  return groups;
}

/** Order lines as counts per variant, per product, products in id order (the lock order). */
function countsByProduct(lines: OrderStockLine[]): Array<[string, Map<number, number>]> {
  const products = new Map<string, Map<number, number>>();
  for (const line of lines) {
    const productId = line.productId.toLowerCase();
    const counts = products.get(productId) ?? new Map<number, number>();
    counts.set(line.variantId, (counts.get(line.variantId) ?? 0) + line.count);
    products.set(productId, counts);
  }
  return [...products].sort(([a], [b]) => compare(a, b));
}
