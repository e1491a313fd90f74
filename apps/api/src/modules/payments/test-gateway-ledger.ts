/** A charge the offline test gateway approved, as its ledger keeps it. */
export interface LedgerCharge {
  transactionId: string;
  orderId: string;
  amountCents: number;
  status: string;
}

/** A charge as the ledger has it, with when it was made (the settlement clock starts then). */
export interface LedgerEntry extends LedgerCharge {
  chargedAt: number;
}

/** The ledger's statuses past the charge's own (`submitted_for_settlement`): what every replica must agree on. */
export const LEDGER_SETTLED = 'settled';
export const LEDGER_VOIDED = 'voided';

/**
 * Where the test gateway records the charges it approved, so it can answer "was this order charged?" the way
 * Braintree's transaction search by order id does, and so that every API process judges a reversal alike: one
 * process charges, another may be asked to void or refund it, and reads the charge (amount, time, status) here. TEST_GATEWAY_LEDGER picks one: `postgres` (the default,
 * {@link TestGatewayLedgerRepository}: the record survives a restart of the API, which is the whole point after a
 * crash) or `memory` (unit tests).
 */
export interface TestGatewayLedger {
  record(charge: LedgerCharge): Promise<void>;
  findByOrder(orderId: string): Promise<LedgerCharge | undefined>;
  /** The charge with this transaction id, with when it was made; undefined for one the ledger never had. */
  findByTransaction(transactionId: string): Promise<LedgerEntry | undefined>;
  /** Records a charge's new state (settled, voided), for the other processes. */
  setStatus(transactionId: string, status: string): Promise<void>;
}

/** Charges remembered in memory, oldest forgotten first past `limit`. Lost on restart. */
export class MemoryLedger implements TestGatewayLedger {
  private readonly byOrder = new Map<string, LedgerEntry>();
  private readonly byTransaction = new Map<string, LedgerEntry>();

  constructor(private readonly limit = 10_000) {}

  async record(charge: LedgerCharge): Promise<void> {
    if (this.byOrder.size >= this.limit) {
      const oldest = this.byOrder.keys().next().value as string;
      this.byTransaction.delete(this.byOrder.get(oldest)!.transactionId);
      this.byOrder.delete(oldest);
    }
    const entry = { ...charge, chargedAt: Date.now() };
    this.byOrder.set(charge.orderId, entry);
    this.byTransaction.set(charge.transactionId, entry);
  }

  async findByOrder(orderId: string): Promise<LedgerCharge | undefined> {
    const entry = this.byOrder.get(orderId);
    return entry && { transactionId: entry.transactionId, orderId: entry.orderId, amountCents: entry.amountCents, status: entry.status };
  }

  async findByTransaction(transactionId: string): Promise<LedgerEntry | undefined> {
    const entry = this.byTransaction.get(transactionId);
    return entry && { ...entry };
  }

  async setStatus(transactionId: string, status: string): Promise<void> {
    const entry = this.byTransaction.get(transactionId);
    if (entry) entry.status = status;
  }
}
