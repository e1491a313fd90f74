import { Injectable } from '@nestjs/common';
import { PRODUCT_SIZES, type ProductSize } from '@store/contract';
import { type AppError, ConflictError, ValidationFailedError } from '../../common/errors.js';
import { StockRepository } from './stock.repository.js';

/** A quantity of one product, in one size for a product sold in sizes (`size` absent or '' otherwise). */
export interface StockLine {
  productId: string;
  count: number;
  size?: ProductSize | '';
}

/** A reserved line, priced and named as the product was when its row was locked. */
export interface ReservedLine extends StockLine {
  name: string;
  priceCents: number;
}

/** The lines of one product, in one group: what one statement on its row moves. */
interface ProductLines {
  productId: string;
  lines: StockLine[];
  counts: Map<string, number>;
  total: number;
}

/**
 * Stock and `sold` for the checkout and the orders. Every method runs inside the transaction in context (the
 * reservation must commit or roll back with the order row it belongs to), touches the product rows one by one
 * in id order, with ONE statement per product whatever its sizes, so two checkouts sharing products can never
 * deadlock, and moves stock with conditional updates, so no interleaving of concurrent checkouts can take stock,
 * or the stock of a size, below zero.
 */
@Injectable()
export class ProductStockService {
  constructor(private readonly products: StockRepository) {}

  /**
   * Takes `lines` out of stock and returns them priced from the database. Duplicate lines (product and size) are
   * merged. Returns `{ refused }` (not thrown) when one is short or gone (409, naming the product and size), or
   * when a line's size does not fit its product (400: a size is required for a product sold in sizes and refused
   * for one that is not): the caller must then roll its transaction back, which undoes the lines already taken.
   */
  async reserve(lines: StockLine[]): Promise<ReservedLine[] | { refused: AppError }> {
    const reserved: ReservedLine[] = [];
    for (const product of byProduct(mergeLines(lines))) {
      const row =
        product.counts.has('') && product.counts.size > 1 ? undefined : await this.products.takeStock(product.productId, product.counts);
      if (!row) return { refused: await this.refusal(product) };
      for (const line of product.lines) reserved.push({ ...line, name: row.name, priceCents: row.priceCents });
    }
    return reserved;
  }

  /** Puts reserved stock back (the payment failed or was abandoned), each size to its size. A deleted product is skipped. */
  async release(lines: StockLine[]): Promise<void> {
    for (const product of byProduct(mergeLines(lines))) {
      await this.products.returnStock(product.productId, product.counts);
    }
  }

  /** Counts reserved stock as sold (the payment went through); `sold` is per product, whatever the sizes. */
  async recordSale(lines: StockLine[]): Promise<void> {
    for (const product of byProduct(mergeLines(lines))) {
      await this.products.addSold(product.productId, product.total);
    }
  }

  /** Returns sold items to stock, each size to its size (an order was cancelled, a line refunded). */
  async returnSold(lines: StockLine[]): Promise<void> {
    for (const product of byProduct(mergeLines(lines))) {
      await this.products.unsell(product.productId, product.counts);
    }
  }

  /** Why a product's lines could not be reserved, read after the refused update (the row is as it is now). */
  private async refusal(product: ProductLines): Promise<AppError> {
    const { productId } = product;
    const current = await this.products.stockOf(productId);
    // The details name the product by id (and size), for a client that wants to mark the line in its cart.
    const details = (message: string, size = '') => [
      { field: 'paymentInfo.products', message: `${productId}${size ? ` (${size})` : ''}: ${message}` },
    ];
    if (!current) return new ConflictError('A product in your cart is no longer sold; remove it and try again', details('not sold'));
    const sized = current.sizes.length > 0;
    if (sized && product.counts.has('')) {
      return new ValidationFailedError(
        `"${current.name}" is sold in sizes (${current.sizes.map((s) => s.size).join(', ')}): choose a size`,
        details('a size is required'),
      );
    }
    if (!sized && [...product.counts.keys()].some((size) => size !== '')) {
      return new ValidationFailedError(`"${current.name}" is not sold in sizes: send it without a size`, details('has no sizes'));
    }
    if (!sized) {
      if (current.stock === 0) return new ConflictError(`"${current.name}" is out of stock`, details('out of stock'));
      return new ConflictError(
        `Only ${current.stock} of "${current.name}" left in stock (your cart has ${product.total})`,
        details(`${current.stock} in stock`),
      );
    }
    for (const line of product.lines) {
      const size = line.size as ProductSize;
      const left = current.sizes.find((s) => s.size === size)?.stock;
      if (left === undefined) {
        return new ConflictError(`"${current.name}" is no longer sold in size ${size}; remove it and try again`, details('not sold', size));
      }
      if (left === 0) return new ConflictError(`"${current.name}" in size ${size} is out of stock`, details('out of stock', size));
      if (left < line.count) {
        return new ConflictError(
          `Only ${left} of "${current.name}" in size ${size} left in stock (your cart has ${line.count})`,
          details(`${left} in stock`, size),
        );
      }
    }
    // Every size has enough now: a concurrent release came between the refused update and this read.
    return new ConflictError(`"${current.name}" changed while your order was placed; try again`, details('changed'));
  }
}

const SIZE_ORDER = new Map<string, number>([['', -1], ...PRODUCT_SIZES.map((size, index) => [size, index] as [string, number])]);

/**
 * One line per product and size, counts added up, in id order (the lock order every method here follows), then in
 * size order. A line without a size carries no `size` key, exactly as before sizes existed.
 */
export function mergeLines(lines: StockLine[]): StockLine[] {
  const counts = new Map<string, StockLine>();
  for (const line of lines) {
    const productId = line.productId.toLowerCase();
    const size = line.size || '';
    const key = `${productId} ${size}`;
    const merged = counts.get(key);
    if (merged) merged.count += line.count;
    else counts.set(key, size ? { productId, count: line.count, size } : { productId, count: line.count });
  }
  return [...counts.values()].sort(
    (a, b) =>
      (a.productId < b.productId ? -1 : a.productId > b.productId ? 1 : 0) || SIZE_ORDER.get(a.size || '')! - SIZE_ORDER.get(b.size || '')!,
  );
}

/** Merged lines grouped by product, keeping their order: each group is what one statement on the product's row moves. */
function byProduct(merged: StockLine[]): ProductLines[] {
  const groups: ProductLines[] = [];
  for (const line of merged) {
    let group = groups.at(-1);
    if (group?.productId !== line.productId) {
      group = { productId: line.productId, lines: [], counts: new Map(), total: 0 };
      groups.push(group);
    }
    group.lines.push(line);
    group.counts.set(line.size || '', line.count);
    group.total += line.count;
  }
  return groups;
}
