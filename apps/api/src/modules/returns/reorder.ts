/** What the reorder suggestion of one variant is made of (docs/returns.md, "Reorder suggestions"). */
export interface ReorderInput {
  stock: number;
  /** Units sold over the last `historyDays`. */
  sold: number;
  /** Exchanges into this variant (demand it got from another size or colour) and out of it, over the same days. */
  exchangesIn: number;
  exchangesOut: number;
  historyDays: number;
  /** The days the reorder must cover. */
  horizonDays: number;
  /**
   * Shoppers waiting for this variant to come back (back-in-stock requests): each one is a unit wanted now, on top
   * of the daily rate. 0 where the shop does not count them.
   */
  waiting?: number;
}

/**
 * How many of a variant to reorder for the next `horizonDays`: its net demand per day over the history (sales, plus
 * exchanges into it, less exchanges out of it, which were sales of a size that did not fit), times the days, rounded
 * up, plus the shoppers waiting for it, less the stock on hand; never below 0.
 */
export function reorderQuantity(input: ReorderInput): number {
  const netDemand = Math.max(0, input.sold + input.exchangesIn - input.exchangesOut);
  const perDay = input.historyDays > 0 ? netDemand / input.historyDays : 0;
  // Rounded up from a value with a tolerance for floating error (30 units over 30 days for 30 days is 30, not 31).
  const needed = Math.ceil(perDay * input.horizonDays - 1e-9) + (input.waiting ?? 0);
  return Math.max(0, needed - input.stock);
}
