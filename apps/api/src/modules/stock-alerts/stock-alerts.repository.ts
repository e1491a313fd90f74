import { Injectable } from '@nestjs/common';
import type { VariantWaiting } from '@store/contract';
import { Database } from '../../database/transactions.js';

/** A variant as an alert names it: its product, whether it is on sale, its stock, its values as people read them. */
export interface AlertVariant {
  variantId: number;
  productId: string;
  productName: string;
  label: string;
  /** The variant's options and values, in order (the product page names a choice by them: `?colour=Blue&size=M`). */
  options: Array<{ name: string; value: string }>;
  active: boolean;
  stock: number;
}

/** A waiting alert whose variant has stock again, claimed by the notify pass. */
export interface DueAlert extends AlertVariant {
  id: string;
  email: string;
}

/** The notify pass's advisory lock key: a constant no other lock of the shop uses. */
const PASS_LOCK = 1_764_001_200;

/** An alert counts as waiting while it is confirmed and neither mailed nor unsubscribed (the partial index's rule). */
const WAITING = 'a.confirmed_at IS NOT NULL AND a.notified_at IS NULL AND a.unsubscribed_at IS NULL';

/** A variant's values in option order, joined as the shop writes them (`Blue / M`; '' for a default variant). */
const VARIANT_COLUMNS = `v.id AS variant_id, v.product_id, p.name AS product_name, v.active, v.stock,
  array_to_string(array_remove(ARRAY[o1.value, o2.value, o3.value], NULL), ' / ') AS label,
  array_remove(ARRAY[n1.name, n2.name, n3.name], NULL) AS option_names,
  array_remove(ARRAY[o1.value, o2.value, o3.value], NULL) AS option_values`;
const VARIANT_JOINS = `JOIN products p ON p.id = v.product_id
  LEFT JOIN product_option_values o1 ON o1.id = v.option1_value_id
  LEFT JOIN product_option_values o2 ON o2.id = v.option2_value_id
  LEFT JOIN product_option_values o3 ON o3.id = v.option3_value_id
  LEFT JOIN product_options n1 ON n1.id = o1.option_id
  LEFT JOIN product_options n2 ON n2.id = o2.option_id
  LEFT JOIN product_options n3 ON n3.id = o3.option_id`;

interface VariantRow {
  variant_id: number;
  product_id: string;
  product_name: string;
  active: boolean;
  stock: number;
  label: string;
  option_names: string[];
  option_values: string[];
}

/** An alert of the user's "my data", with its variant. */
export interface MyStockAlertRow extends VariantRow {
  email: string;
  created_at: Date;
  confirmed_at: Date | null;
  notified_at: Date | null;
  unsubscribed_at: Date | null;
}

const variantOf = (row: VariantRow): AlertVariant => ({
  variantId: row.variant_id,
  productId: row.product_id,
  productName: row.product_name,
  label: row.label,
  options: row.option_names.map((name, index) => ({ name, value: row.option_values[index] })),
  active: row.active,
  stock: row.stock,
});

/**
 * The stock_alerts table's SQL, all of it (it reads the variants' stock and names, which the catalogue and the
 * inventory own, as the pricing module reads prices). Tokens are only ever handled as their SHA-256.
 */
@Injectable()
export class StockAlertsRepository {
  constructor(private readonly db: Database) {}

  /** The alerts of an account and of its address (asked for while not signed in), newest first: its "my data". */
  async ofUser(userId: string, email: string): Promise<MyStockAlertRow[]> {
    return this.db.rows<MyStockAlertRow>(
      `SELECT ${VARIANT_COLUMNS}, a.email, a.created_at, a.confirmed_at, a.notified_at, a.unsubscribed_at
       FROM stock_alerts a JOIN product_variants v ON v.id = a.variant_id ${VARIANT_JOINS}
       WHERE a.user_id = $1 OR a.email = $2 ORDER BY a.created_at DESC, a.id DESC`,
      [userId, email.toLowerCase()],
    );
  }

  async variant(variantId: number): Promise<AlertVariant | undefined> {
    const [row] = await this.db.rows<VariantRow>(`SELECT ${VARIANT_COLUMNS} FROM product_variants v ${VARIANT_JOINS} WHERE v.id = $1`, [
      variantId,
    ]);
    return row && variantOf(row);
  }

  /**
   * An address asks (not signed in): a new unconfirmed alert, or the open unconfirmed one with a new link. Answers
   * false when the address already has a confirmed open alert on the variant (nothing to confirm, nothing to mail).
   */
  async request(variantId: number, email: string, confirmHash: Buffer, unsubscribeHash: Buffer, validHours: number): Promise<boolean> {
    const rows = await this.db.transactionRows(
      `INSERT INTO stock_alerts (variant_id, email, confirm_token_hash, confirm_expires_at, unsubscribe_token_hash)
       VALUES ($1, $2, $3, now() + make_interval(hours => $4), $5)
       ON CONFLICT (variant_id, email) WHERE notified_at IS NULL AND unsubscribed_at IS NULL
       DO UPDATE SET confirm_token_hash = EXCLUDED.confirm_token_hash, confirm_expires_at = EXCLUDED.confirm_expires_at,
                     unsubscribe_token_hash = EXCLUDED.unsubscribe_token_hash
       WHERE stock_alerts.confirmed_at IS NULL
       RETURNING id`,
      [variantId, email, confirmHash, validHours, unsubscribeHash],
    );
    return rows.length > 0;
  }

  /** A signed-in user asks: confirmed at once (an open alert of the address, confirmed or not, becomes theirs and confirmed). */
  async requestConfirmed(variantId: number, email: string, userId: string, unsubscribeHash: Buffer): Promise<void> {
    await this.db.rows(
      `INSERT INTO stock_alerts (variant_id, email, user_id, confirmed_at, unsubscribe_token_hash)
       VALUES ($1, $2, $3, now(), $4)
       ON CONFLICT (variant_id, email) WHERE notified_at IS NULL AND unsubscribed_at IS NULL
       DO UPDATE SET confirmed_at = coalesce(stock_alerts.confirmed_at, now()), user_id = EXCLUDED.user_id, confirm_token_hash = NULL`,
      [variantId, email, userId, unsubscribeHash],
    );
  }

  /** Follows a confirmation link: its alert's variant, or undefined for a link unknown, used, expired or unsubscribed. */
  async confirm(confirmHash: Buffer): Promise<number | undefined> {
    const [row] = await this.db.rows<{ variant_id: number }>(
      `UPDATE stock_alerts SET confirmed_at = now(), confirm_token_hash = NULL
       WHERE confirm_token_hash = $1 AND confirm_expires_at > now() AND notified_at IS NULL AND unsubscribed_at IS NULL
       RETURNING variant_id`,
      [confirmHash],
    );
    return row?.variant_id;
  }

  /** Follows an unsubscribe link (again and again: the same answer); undefined for a link this table does not know. */
  async unsubscribe(unsubscribeHash: Buffer): Promise<number | undefined> {
    const [row] = await this.db.rows<{ variant_id: number }>(
      `UPDATE stock_alerts SET unsubscribed_at = coalesce(unsubscribed_at, now()), confirm_token_hash = NULL
       WHERE unsubscribe_token_hash = $1 RETURNING variant_id`,
      [unsubscribeHash],
    );
    return row?.variant_id;
  }

  /**
   * Makes the passes of every replica take their batches one at a time, until the transaction in context ends: each
   * batch then claims the oldest alerts left and queues their mails after those of the batch before, so the mails go
   * out oldest first however many replicas pass at once (a waiting pass takes the next batch, never the same rows).
   */
  async lockPasses(): Promise<void> {
    await this.db.transactionRows(`SELECT pg_advisory_xact_lock($1::bigint)`, [PASS_LOCK]);
  }

  /**
   * Claims up to `limit` waiting alerts whose variant is on sale with stock, oldest first, in the transaction in
   * context. FOR UPDATE SKIP LOCKED: a concurrent pass (another replica) skips the rows this one holds rather than
   * wait for them, and a row it read before this pass committed is re-checked against the committed row (now
   * mailed), so no alert is ever claimed by two passes.
   */
  async claimDue(limit: number): Promise<DueAlert[]> {
    const rows = await this.db.transactionRows<VariantRow & { id: string; email: string }>(
      `SELECT a.id, a.email, ${VARIANT_COLUMNS}
       FROM stock_alerts a JOIN product_variants v ON v.id = a.variant_id ${VARIANT_JOINS}
       WHERE ${WAITING} AND v.active AND v.stock > 0
       ORDER BY a.created_at, a.id
       LIMIT $1
       FOR UPDATE OF a SKIP LOCKED`,
      [limit],
    );
    return rows.map((row) => ({ ...variantOf(row), id: row.id, email: row.email }));
  }

  /** The alert is mailed (in the claim's transaction); its unsubscribe link is now the one in that mail. */
  async markNotified(id: string, unsubscribeHash: Buffer): Promise<void> {
    await this.db.transactionRows(`UPDATE stock_alerts SET notified_at = now(), unsubscribe_token_hash = $2 WHERE id = $1`, [
      id,
      unsubscribeHash,
    ]);
  }

  /**
   * Forgets what is no longer needed: unconfirmed alerts a day after their link expired, and alerts mailed or
   * unsubscribed `keepDays` ago (an address is personal data; the unsubscribe link then answers "not valid").
   */
  async purge(keepDays: number): Promise<number> {
    const rows = await this.db.rows(
      `DELETE FROM stock_alerts
       WHERE (confirmed_at IS NULL AND confirm_expires_at < now() - interval '1 day')
          OR coalesce(notified_at, unsubscribed_at) < now() - make_interval(days => $1)
       RETURNING id`,
      [keepDays],
    );
    return rows.length;
  }

  /** Waiting alerts per variant (of `variantIds`, or of every variant that has any): what restocking would answer. */
  async waitingCounts(variantIds?: number[]): Promise<Map<number, number>> {
    const rows = await this.db.rows<{ variant_id: number; waiting: number }>(
      `SELECT a.variant_id, count(*)::int AS waiting FROM stock_alerts a
       WHERE ${WAITING} AND ($1::int[] IS NULL OR a.variant_id = ANY($1::int[]))
       GROUP BY a.variant_id`,
      [variantIds ?? null],
    );
    return new Map(rows.map((row) => [row.variant_id, row.waiting]));
  }

  /** Every variant of a product with its waiting alerts, in the product's variant order; undefined: no such product. */
  async productWaiting(productId: string): Promise<VariantWaiting[] | undefined> {
    const [product] = await this.db.rows(`SELECT 1 FROM products WHERE id = $1`, [productId]);
    if (!product) return undefined;
    const rows = await this.db.rows<VariantRow & { sku: string; waiting: number }>(
      `SELECT ${VARIANT_COLUMNS}, v.sku,
              (SELECT count(*)::int FROM stock_alerts a WHERE a.variant_id = v.id AND ${WAITING}) AS waiting
       FROM product_variants v ${VARIANT_JOINS}
       WHERE v.product_id = $1 ORDER BY v.position, v.id`,
      [productId],
    );
    return rows.map((row) => ({ variantId: row.variant_id, sku: row.sku, label: row.label, stock: row.stock, waiting: row.waiting }));
  }
}
