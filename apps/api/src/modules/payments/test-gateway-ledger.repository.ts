import { Injectable } from '@nestjs/common';
import { Database } from '../../database/transactions.js';
import type { LedgerCharge, LedgerEntry, TestGatewayLedger } from './test-gateway-ledger.js';

/**
 * The test gateway's charges in the `test_gateway_transactions` table (migration 1763700020000): they survive a
 * restart. The table stands for the payment provider's own records, so its statements go straight to the pool and
 * never join the shop's transaction in context: a charge is not undone by an order that rolls back.
 */
@Injectable()
export class TestGatewayLedgerRepository implements TestGatewayLedger {
  constructor(private readonly db: Database) {}

  async record(charge: LedgerCharge): Promise<void> {
    await this.db.pool.query(
      `INSERT INTO test_gateway_transactions (transaction_id, order_id, amount_cents, status) VALUES ($1, $2, $3, $4)`,
      [charge.transactionId, charge.orderId, charge.amountCents, charge.status],
    );
  }

  async findByOrder(orderId: string): Promise<LedgerCharge | undefined> {
    const { rows } = await this.db.pool.query<{ transaction_id: string; order_id: string; amount_cents: number; status: string }>(
      `SELECT transaction_id, order_id, amount_cents, status FROM test_gateway_transactions WHERE order_id = $1 ORDER BY created_at LIMIT 1`,
      [orderId],
    );
    const row = rows[0];
    return row && { transactionId: row.transaction_id, orderId: row.order_id, amountCents: row.amount_cents, status: row.status };
  }

  async findByTransaction(transactionId: string): Promise<LedgerEntry | undefined> {
    const { rows } = await this.db.pool.query<{ order_id: string; amount_cents: number; status: string; created_at: Date }>(
      `SELECT order_id, amount_cents, status, created_at FROM test_gateway_transactions WHERE transaction_id = $1`,
      [transactionId],
    );
    const row = rows[0];
    return (
      row && {
        transactionId,
        orderId: row.order_id,
        amountCents: row.amount_cents,
        status: row.status,
        chargedAt: row.created_at.getTime(),
      }
    );
  }

  async setStatus(transactionId: string, status: string): Promise<void> {
    await this.db.pool.query(`UPDATE test_gateway_transactions SET status = $2 WHERE transaction_id = $1`, [transactionId, status]);
  }
}
