import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { ConflictError } from '../../common/errors.js';
import { ProductsRepository } from './products.repository.js';

/** A quantity of one product. */
export interface StockLine {
  productId: string;
  count: number;
}

/** A reserved line, priced and named as the product was when its row was locked. */
export interface ReservedLine extends StockLine {
  name: string;
  priceCents: number;
}

/**
 * Stock and `sold` for the checkout and the orders. Every method runs inside the caller's transaction (the
 * reservation must commit or roll back with the order row it belongs to), touches the product rows one by one
 * in id order, so two checkouts sharing products can never deadlock, and moves stock with conditional updates,
 * so no interleaving of concurrent checkouts can take stock below zero.
 */
@Injectable()
export class ProductStockService {
  constructor(private readonly products: ProductsRepository) {}

  /**
   * Takes `lines` out of stock and returns them priced from the database. Duplicate products are merged.
   * Returns `{ shortage }` (a ConflictError naming the product, not thrown) when one is short or gone: the
   * caller must then roll its transaction back, which undoes the lines already taken.
   */
  async reserve(manager: EntityManager, lines: StockLine[]): Promise<ReservedLine[] | { shortage: ConflictError }> {
    const reserved: ReservedLine[] = [];
    for (const line of mergeLines(lines)) {
      const row = await this.products.takeStock(manager, line.productId, line.count);
      if (!row) return { shortage: await this.shortage(manager, line) };
      reserved.push({ productId: line.productId, count: line.count, name: row.name, priceCents: row.priceCents });
    }
    return reserved;
  }

  /** Puts reserved stock back (the payment failed or was abandoned). A deleted product is skipped. */
  async release(manager: EntityManager, lines: StockLine[]): Promise<void> {
    for (const line of mergeLines(lines)) {
      await this.products.returnStock(manager, line.productId, line.count);
    }
  }

  /** Counts reserved stock as sold (the payment went through). */
  async recordSale(manager: EntityManager, lines: StockLine[]): Promise<void> {
    for (const line of mergeLines(lines)) {
      await this.products.addSold(manager, line.productId, line.count);
    }
  }

  /** Returns sold items to stock (an order was cancelled). */
  async returnSold(manager: EntityManager, lines: StockLine[]): Promise<void> {
    for (const line of mergeLines(lines)) {
      await this.products.unsell(manager, line.productId, line.count);
    }
  }

  private async shortage(manager: EntityManager, line: StockLine): Promise<ConflictError> {
    const product = await this.products.stockOf(manager, line.productId);
    // The details name the product by id, for a client that wants to mark the line in its cart.
    const details = (message: string) => [{ field: 'paymentInfo.products', message: `${line.productId}: ${message}` }];
    if (!product) return new ConflictError('A product in your cart is no longer sold; remove it and try again', details('not sold'));
    if (product.stock === 0) return new ConflictError(`"${product.name}" is out of stock`, details('out of stock'));
    return new ConflictError(
      `Only ${product.stock} of "${product.name}" left in stock (your cart has ${line.count})`,
      details(`${product.stock} in stock`),
    );
  }
}

/** One line per product, counts added up, in id order (the lock order every method here follows). */
export function mergeLines(lines: StockLine[]): StockLine[] {
  const counts = new Map<string, number>();
  for (const line of lines) {
    const id = line.productId.toLowerCase();
    counts.set(id, (counts.get(id) ?? 0) + line.count);
  }
  return [...counts].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([productId, count]) => ({ productId, count }));
}
