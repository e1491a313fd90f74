import type { DataSource } from 'typeorm';

/** A charge the offline test gateway approved, as its ledger keeps it. */
export interface LedgerCharge {
  transactionId: string;
  orderId: string;
  amountCents: number;
  status: string;
}

/**
 * Where the test gateway records the charges it approved, so it can answer "was this order charged?" the way
 * Braintree's transaction search by order id does. TEST_GATEWAY_LEDGER picks one: `postgres` (the default: the
 * record survives a restart of the API, which is the whole point after a crash) or `memory` (unit tests).
 */
export interface TestGatewayLedger {
  record(charge: LedgerCharge): Promise<void>;
  findByOrder(orderId: string): Promise<LedgerCharge | undefined>;
}

/** Charges remembered in memory, oldest forgotten first past `limit`. Lost on restart. */
export class MemoryLedger implements TestGatewayLedger {
  private readonly byOrder = new Map<string, LedgerCharge>();

  constructor(private readonly limit = 10_000) {}

  async record(charge: LedgerCharge): Promise<void> {
    if (this.byOrder.size >= this.limit) this.byOrder.delete(this.byOrder.keys().next().value as string);
    this.byOrder.set(charge.orderId, charge);
  }

  async findByOrder(orderId: string): Promise<LedgerCharge | undefined> {
    return this.byOrder.get(orderId);
  }
}

/** Charges in the `test_gateway_transactions` table (migration 1763700020000): they survive a restart. */
export class PostgresLedger implements TestGatewayLedger {
  constructor(private readonly dataSource: DataSource) {}

  async record(charge: LedgerCharge): Promise<void> {
    await this.dataSource.query(
      `INSERT INTO test_gateway_transactions (transaction_id, order_id, amount_cents, status) VALUES ($1, $2, $3, $4)`,
      [charge.transactionId, charge.orderId, charge.amountCents, charge.status],
    );
  }

  async findByOrder(orderId: string): Promise<LedgerCharge | undefined> {
    const rows = (await this.dataSource.query(
      `SELECT transaction_id, order_id, amount_cents, status FROM test_gateway_transactions WHERE order_id = $1 ORDER BY created_at LIMIT 1`,
      [orderId],
    )) as { transaction_id: string; order_id: string; amount_cents: number; status: string }[];
    const row = rows[0];
    return row && { transactionId: row.transaction_id, orderId: row.order_id, amountCents: row.amount_cents, status: row.status };
  }
}
