/** A charge the offline test gateway approved, as its ledger keeps it. */
export interface LedgerCharge {
  transactionId: string;
  orderId: string;
  amountCents: number;
  status: string;
}

/**
 * Where the test gateway records the charges it approved, so it can answer "was this order charged?" the way
 * Braintree's transaction search by order id does. TEST_GATEWAY_LEDGER picks one: `postgres` (the default,
 * {@link TestGatewayLedgerRepository}: the record survives a restart of the API, which is the whole point after a
 * crash) or `memory` (unit tests).
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
