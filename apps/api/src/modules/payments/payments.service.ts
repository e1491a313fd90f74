import { Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import {
  type ClientTokenResponse,
  type ErrorBody,
  fromCents,
  type PaymentDeclined,
  type PaymentInfo,
  type PaymentResult,
  toCents,
} from '@store/contract';
import { createHash } from 'node:crypto';
import { DataSource } from 'typeorm';
import { AppError, PaymentProviderError } from '../../common/errors.js';
import { StoreMetrics } from '../metrics/store-metrics.js';
import type { AuthUser } from '../auth/auth-user.js';
import { OrdersService, type PendingOrder } from '../orders/orders.service.js';
import { mergeLines, type StockLine } from '../products/product-stock.service.js';
import { IdempotencyStore } from './idempotency.store.js';
import { type ChargeOutcome, PaymentGateway } from './payment-gateway.js';

/** A payment's answer as a value: status and body, stored as-is for Idempotency-Key retries. */
export interface PaymentAnswer {
  status: number;
  /** `body.success` is true only for a paid order (a refused cart or provider failure has no `success` at all). */
  body: PaymentResult | PaymentDeclined | (ErrorBody & { success?: undefined });
}

/**
 * A Pending reservation older than this is presumed orphaned by a process that died mid-checkout. It is far
 * longer than the SDK's 60 s request timeout, so no live request can still be waiting on the provider.
 */
export const STALE_RESERVATION_SECONDS = 10 * 60;
/** How long an answered Idempotency-Key is remembered. */
export const IDEMPOTENCY_KEY_KEEP_SECONDS = 24 * 60 * 60;
/** How often one finalisation is tried after the provider approved a charge (a database hiccup must not lose it). */
const FINALISE_ATTEMPTS = 3;

interface Attempt {
  nonce: string;
  amountCents: number;
  lines: StockLine[];
}

/**
 * Checkout: prices the cart from the database, reserves its stock and records a Pending order in one short
 * transaction, charges the card with no transaction open, then settles the order in a second transaction
 * (Received and sold on approval; Failed and stock released on a decline or provider error).
 */
@Injectable()
export class PaymentsService {
  private readonly logger = new Logger('Payments');

  constructor(
    private readonly gateway: PaymentGateway,
    private readonly orders: OrdersService,
    private readonly keys: IdempotencyStore,
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly metrics: StoreMetrics,
  ) {}

  async clientToken(): Promise<ClientTokenResponse> {
    return { clientToken: await this.gateway.clientToken(), gateway: this.gateway.name };
  }

  /**
   * Pays for the cart. With an Idempotency-Key, the first answer is stored with the key and every retry gets
   * it (a retry arriving while the first request runs waits for it) without charging again.
   */
  async pay(buyer: AuthUser, info: PaymentInfo, idempotencyKey?: string): Promise<PaymentAnswer> {
    const attempt: Attempt = {
      nonce: info.paymentMethodNonce,
      amountCents: toCents(info.amount),
      lines: mergeLines(info.products.map((p) => ({ productId: p._id, count: p.count }))),
    };
    if (idempotencyKey === undefined) return this.checkout(buyer, attempt, undefined);

    const claim = await this.keys.claim(buyer.id, idempotencyKey, fingerprint(attempt));
    if (claim.kind === 'answered') return claim.answer;
    try {
      return await this.checkout(buyer, attempt, idempotencyKey);
    } catch (error) {
      await this.keys.releaseUnreserved(buyer.id, idempotencyKey).catch(() => undefined);
      throw error;
    }
  }

  /**
   * Fails checkout attempts whose process died between reserving and settling, releasing their stock and
   * answering their Idempotency-Keys with 502; forgets old keys. Safe on several replicas at once.
   * The charge of such an attempt may or may not have gone through: it is logged with the order id, which
   * Braintree keeps as the transaction's orderId, for an operator to reconcile.
   */
  async releaseStaleReservations(staleSeconds = STALE_RESERVATION_SECONDS): Promise<string[]> {
    return this.dataSource.transaction(async (manager) => {
      const failed = await this.orders.failStalePending(manager, staleSeconds, 'Abandoned: the checkout did not finish');
      await this.keys.completeForOrders(manager, failed, {
        status: 502,
        body: new PaymentProviderError(
          'The payment did not complete and your order was not placed; check your card statement before trying again',
        ).toBody(),
      });
      await this.keys.prune(manager, IDEMPOTENCY_KEY_KEEP_SECONDS, staleSeconds);
      for (const id of failed) {
        this.logger.warn(`Released the stale reservation of order ${id}; check Braintree for a transaction with this order id`);
      }
      return failed;
    });
  }

  private async checkout(buyer: AuthUser, attempt: Attempt, key: string | undefined): Promise<PaymentAnswer> {
    let order: PendingOrder;
    try {
      order = await this.dataSource.transaction(async (manager) => {
        const pending = await this.orders.createPending(manager, {
          userId: buyer.id,
          userName: buyer.name,
          lines: attempt.lines,
          expectedCents: attempt.amountCents,
        });
        if (key !== undefined) await this.keys.attachOrder(manager, buyer.id, key, pending.id);
        return pending;
      });
    } catch (error) {
      // A refused cart (stock, total) is an answer like any other: a retry with the same key gets it too.
      if (!(error instanceof AppError)) throw error;
      const answer: PaymentAnswer = { status: error.status, body: error.toBody() };
      this.metrics.checkoutOutcome('refused');
      if (key !== undefined) await this.keys.complete(undefined, buyer.id, key, answer);
      return answer;
    }

    // No transaction is open here: the provider may take seconds, and row locks must not wait on it.
    const outcome = await this.gateway
      .charge({ orderId: order.id, amountCents: order.amountCents, paymentMethodNonce: attempt.nonce })
      .catch((error: unknown): ChargeOutcome => {
        this.logger.error(`Charging order ${order.id} failed unexpectedly: ${error instanceof Error ? error.message : String(error)}`);
        return { outcome: 'provider-error', message: 'unexpected gateway failure' };
      });
    this.metrics.checkoutOutcome(outcome.outcome);

    for (let attemptNo = 1; ; attemptNo += 1) {
      try {
        return await this.dataSource.transaction(async (manager) => {
          const answer = settle(order, outcome);
          if (outcome.outcome === 'approved') await this.orders.markPaid(manager, order.id, outcome.transactionId);
          else await this.orders.markFailed(manager, order.id, `${outcome.outcome}: ${outcome.message}`);
          if (key !== undefined) await this.keys.complete(manager, buyer.id, key, answer);
          return answer;
        });
      } catch (error) {
        if (attemptNo >= FINALISE_ATTEMPTS) {
          const charge = outcome.outcome === 'approved' ? `transaction ${outcome.transactionId}` : outcome.outcome;
          this.logger.error(`Could not settle order ${order.id} (${charge}); the stale-reservation sweep will release it`);
          throw error;
        }
      }
    }
  }
}

function settle(order: PendingOrder, outcome: ChargeOutcome): PaymentAnswer {
  switch (outcome.outcome) {
    case 'approved':
      return {
        status: 200,
        body: {
          success: true,
          transaction: { id: outcome.transactionId, amount: fromCents(outcome.amountCents), status: outcome.status },
          order: { _id: order.id, status: 'Received', amount: fromCents(order.amountCents) },
        },
      };
    case 'declined':
      return {
        status: 402,
        body: { success: false, error: `Your card was declined: ${outcome.message}`, code: 'PAYMENT_DECLINED' },
      };
    case 'provider-error':
      return { status: 502, body: new PaymentProviderError().toBody() };
  }
}

/** What makes two requests "the same payment": nonce, amount and the merged cart, not the JSON's formatting. */
function fingerprint(attempt: Attempt): string {
  const lines = attempt.lines.map((line) => [line.productId, line.count]);
  return createHash('sha256')
    .update(JSON.stringify([attempt.nonce, attempt.amountCents, lines]))
    .digest('hex');
}
