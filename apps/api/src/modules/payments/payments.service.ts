import { Inject, Injectable, Logger } from '@nestjs/common';
import {
  type ClientTokenResponse,
  fromCents,
  type GuestPaymentInfo,
  type GuestPaymentResult,
  type PaymentInfo,
  type PaymentResult,
  SHIPPING_ADDRESS_FIELDS,
  type ShippingAddress,
  toCents,
  USER_NAME_MAX,
} from '@store/contract';
import { createHash, randomUUID } from 'node:crypto';
import { PaymentProviderError } from '../../common/errors.js';
import { APP_CONFIG } from '../../config/config.module.js';
import type { AppConfig } from '../../config/env.js';
import { Transactions } from '../../database/transactions.js';
import { StoreMetrics } from '../metrics/store-metrics.js';
import type { AuthUser } from '../auth/auth-user.js';
import { type CartRefused, type OrderPrice, OrdersService, type PendingOrder } from '../orders/orders.service.js';
import { type PreparedPricing, type PricedCart, PricingService } from '../pricing/index.js';
import { mergeLines, type StockLine } from '../inventory/index.js';
import { GuestCheckoutLimits } from '../auth/rate-limit/guest-checkout-limits.js';
import type { PaymentAttempt } from '../auth/rate-limit/payment-rate-limit.decorator.js';
import { type RateLimitHit, RateLimitRepository } from '../auth/rate-limit/rate-limit.repository.js';
import { guestKeyOwner } from './guest-buyer.js';
import { IdempotencyStore } from './idempotency.store.js';
import { type ChargeLookup, type ChargeOutcome, PaymentGateway } from './payment-gateway.js';
import type { PaymentAnswer } from './payment-outcome.js';

/** How long an answered Idempotency-Key is remembered. */
export const IDEMPOTENCY_KEY_KEEP_SECONDS = 24 * 60 * 60;
/** How often one finalisation is tried after the provider approved a charge (a database hiccup must not lose it). */
const FINALISE_ATTEMPTS = 3;

/** What an abandoned checkout's buyer is told when the provider has no charge for it: nothing was taken. */
const ABANDONED_ANSWER: PaymentAnswer = {
  status: 502,
  body: new PaymentProviderError(
    'The payment did not complete and your order was not placed; you were not charged, so you can try again',
  ).toBody(),
};

/**
 * Who pays: an account, or a guest known by e-mail. `keyOwner` scopes the Idempotency-Keys (the account id, or the
 * guest's name-based id from guestKeyOwner); `customer` is what a code's uses per customer count by (the e-mail).
 */
interface Buyer {
  keyOwner: string;
  userId: string | null;
  guestEmail?: string;
  name: string;
  customer: string;
}

/** An Idempotency-Key as this request uses it. */
interface KeyUse {
  value: string;
  /** The request's {@link fingerprint}. */
  hash: string;
  /**
   * Claimed on its own before the checkout (a retry whose first request left no reservation): the reservation ties
   * its order to it. Otherwise the reservation's first statement claims it.
   */
  claimedAlone: boolean;
}

/** The checkout stopped before reserving: the key is another request's, whose answer is the key's. */
const KEY_IN_USE = Symbol('key in use');

/** What the reservation's transaction ended with, and the attempt's count when it made one. */
interface Reservation {
  result: PendingOrder | CartRefused | { kind: 'stopped' };
  hit?: RateLimitHit & { opened: boolean };
}

interface Attempt {
  nonce: string;
  amountCents: number;
  lines: StockLine[];
  shippingAddress?: ShippingAddress;
  /** The pricing inputs (docs/pricing.md); the code as typed, trimmed. */
  shippingMethod?: string;
  discountCode?: string;
  region?: string;
}

/**
 * Checkout: prices the cart from the database, reserves its stock and records a Pending order in one short
 * transaction, charges the card with no transaction open, then settles the order in a second transaction
 * (Received and sold on approval; Failed and stock released on a decline or provider error).
 *
 * Crash recovery (docs/security.md, "A crash mid-payment"): a process can die between reserving and settling. Its
 * Idempotency-Key's lease then lapses and the buyer's retry takes the key over, or the sweeper finds the
 * order; either asks the gateway whether that order id was charged ({@link PaymentGateway.findCharge}) and
 * completes the order (charged) or fails it and returns its stock (not charged), answering the key.
 */
@Injectable()
export class PaymentsService {
  private readonly logger = new Logger('Payments');

  constructor(
    private readonly gateway: PaymentGateway,
    private readonly orders: OrdersService,
    private readonly keys: IdempotencyStore,
    private readonly transactions: Transactions,
    private readonly metrics: StoreMetrics,
    private readonly pricing: PricingService,
    private readonly guestLimits: GuestCheckoutLimits,
    private readonly rateLimits: RateLimitRepository,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async clientToken(): Promise<ClientTokenResponse> {
    return { clientToken: await this.gateway.clientToken(), gateway: this.gateway.name };
  }

  /**
   * Pays for the cart. With an Idempotency-Key, the first answer is stored with the key and every retry gets
   * it (a retry arriving while the first request runs waits for it) without charging again. `attempt` is counted
   * against PAYMENT_RATE_LIMIT in the reservation's first statement (429 past it, nothing reserved).
   */
  pay(user: AuthUser, info: PaymentInfo, idempotencyKey?: string, attempt?: PaymentAttempt): Promise<PaymentAnswer> {
    const buyer: Buyer = { keyOwner: user.id, userId: user.id, name: user.name, customer: user.email.toLowerCase() };
    return this.payAs(buyer, info, idempotencyKey, attempt);
  }

  /**
   * A guest pays (docs/payments.md, "Guest checkout"): the same checkout, Idempotency-Key and crash recovery as an
   * account's, its attempts counted per client network and per e-mail first. The order has no account and the
   * guest's e-mail; a paid answer carries the order link's token (only the first answer: only its hash is kept).
   */
  async payAsGuest(info: GuestPaymentInfo, network: string, idempotencyKey?: string): Promise<PaymentAnswer> {
    const email = info.email.toLowerCase();
    await this.guestLimits.admit(network, email);
    const buyer: Buyer = {
      keyOwner: guestKeyOwner(email),
      userId: null,
      guestEmail: email,
      // The order's buyer name (as an account's name is, cut to the column's 32): the name on the address.
      name: info.shippingAddress.name.slice(0, USER_NAME_MAX),
      customer: email,
    };
    return this.payAs(buyer, info, idempotencyKey);
  }

  private async payAs(buyer: Buyer, info: PaymentInfo, idempotencyKey?: string, limit?: PaymentAttempt): Promise<PaymentAnswer> {
    const attempt: Attempt = {
      nonce: info.paymentMethodNonce,
      // A browser's float sum (76.47999999999999) is the cent amount it means (7648): compared in cents.
      amountCents: toCents(info.amount),
      lines: mergeLines(info.products.map((p) => ({ productId: p._id, count: p.count, size: p.size, variantId: p.variant }))),
      ...(info.shippingAddress ? { shippingAddress: info.shippingAddress } : {}),
      ...(info.shippingMethod !== undefined ? { shippingMethod: info.shippingMethod.toLowerCase() } : {}),
      ...(info.discountCode !== undefined ? { discountCode: info.discountCode } : {}),
      ...(info.region !== undefined ? { region: info.region.toUpperCase() } : {}),
    };
    if (idempotencyKey === undefined) return (await this.checkout(buyer, attempt, undefined, limit)) as PaymentAnswer;

    const key: KeyUse = { value: idempotencyKey, hash: fingerprint(attempt), claimedAlone: false };
    // The key claimed by the reservation's first statement (with the attempt's count): the usual path, one round trip.
    const first = await this.checkoutUnderKey(buyer, attempt, key, limit);
    if (first !== KEY_IN_USE) return first;

    // Another request holds the key (the attempt is counted: that statement committed). Its answer is this one's.
    for (let knownTaken = true; ; knownTaken = false) {
      const claim = await this.keys.claim(buyer.keyOwner, key.value, key.hash, { knownTaken });
      if (claim.kind === 'answered') return claim.answer;
      if (claim.kind === 'taken-over') {
        // The first request's process died after reserving: finish its order rather than start a second one.
        const resolved = await this.resolveAbandoned(claim.orderId);
        if (resolved.kind === 'answered') return resolved.answer;
        if (resolved.kind === 'unknown') {
          await this.keys.letLapse(buyer.keyOwner, key.value);
          return {
            status: 502,
            body: new PaymentProviderError(`Your earlier payment could not be confirmed yet; ${resolved.reason}`).toBody(),
          };
        }
        continue; // another process resolved it meanwhile: its answer is on the key
      }
      // Claimed on its own: the request that held it left before reserving anything; this one checks out under it.
      const answer = await this.checkoutUnderKey(buyer, attempt, { ...key, claimedAlone: true }, limit);
      if (answer !== KEY_IN_USE) return answer;
    }
  }

  /**
   * The checkout with its key's lease renewed while it runs: from the start for a key claimed on its own, else from
   * the reservation's commit, which claimed it (before, no other request can see the row). A key claimed on its own
   * is given up after a failure.
   */
  private async checkoutUnderKey(
    buyer: Buyer,
    attempt: Attempt,
    key: KeyUse,
    limit: PaymentAttempt | undefined,
  ): Promise<PaymentAnswer | typeof KEY_IN_USE> {
    let stopHolding: (() => void) | undefined;
    const hold = () => {
      stopHolding ??= this.keys.hold(buyer.keyOwner, key.value);
    };
    if (key.claimedAlone) hold();
    try {
      return await this.checkout(buyer, attempt, key, limit, hold);
    } catch (error) {
      // A key the reservation claimed went with its rollback, or is tied to its order: only one claimed alone remains.
      if (key.claimedAlone) await this.keys.releaseUnreserved(buyer.keyOwner, key.value).catch(() => undefined);
      throw error;
    } finally {
      stopHolding?.();
    }
  }

  /**
   * The sweep: resolves checkouts whose process died between reserving and settling, found either by a lapsed
   * Idempotency-Key lease or by age (STALE_RESERVATION_SECONDS, for checkouts without a key). Each is looked up at
   * the gateway first: a charged order is completed (Received, sold), an uncharged one failed and its stock
   * released; its keys get that answer. Forgets old keys. Safe on several replicas at once (rows are locked with
   * SKIP LOCKED). Returns the ids of the orders it resolved.
   */
  async releaseStaleReservations(staleSeconds = this.config.payments.staleReservationSeconds): Promise<string[]> {
    const candidates = new Set([...(await this.keys.lapsedOrderIds()), ...(await this.orders.stalePendingIds(staleSeconds))]);
    const resolved: string[] = [];
    for (const orderId of candidates) {
      const outcome = await this.resolveAbandoned(orderId);
      if (outcome.kind === 'answered') {
        resolved.push(orderId);
        this.logger.warn(
          `Resolved the abandoned checkout of order ${orderId}: ${outcome.answer.status === 200 ? 'charged, completed' : 'not charged, failed and stock released'}`,
        );
      } else if (outcome.kind === 'unknown') {
        this.logger.warn(`Could not resolve the abandoned checkout of order ${orderId} yet: ${outcome.reason}`);
      }
    }
    await this.transactions.run(() => this.keys.prune(IDEMPOTENCY_KEY_KEEP_SECONDS));
    return resolved;
  }

  /**
   * Finishes a Pending order whose checkout was abandoned, by the gateway's record: `answered` (done here, and
   * every key of the order answered the same), `gone` (no longer Pending, or another process is on it), or
   * `unknown` (the gateway could not say; nothing changed, try later). The gateway is asked with no transaction open.
   */
  private async resolveAbandoned(
    orderId: string,
  ): Promise<{ kind: 'answered'; answer: PaymentAnswer } | { kind: 'gone' } | { kind: 'unknown'; reason: string }> {
    const lookup: ChargeLookup = await this.gateway.findCharge(orderId);
    if (lookup.outcome === 'provider-error') return { kind: 'unknown', reason: lookup.message };
    return this.transactions.run(async () => {
      const order = await this.orders.lockPending(orderId);
      if (!order) return { kind: 'gone' as const };
      let answer: PaymentAnswer;
      if (lookup.outcome === 'charged') {
        await this.orders.markPaid(order.id, lookup.transactionId);
        answer = settle(order, {
          outcome: 'approved',
          transactionId: lookup.transactionId,
          status: lookup.status,
          amountCents: lookup.amountCents,
        });
      } else {
        await this.orders.markFailed(order.id, 'Abandoned: the checkout did not finish and nothing was charged');
        answer = ABANDONED_ANSWER;
      }
      await this.keys.completeForOrders([order.id], answer);
      return { kind: 'answered' as const, answer };
    });
  }

  private async checkout(
    buyer: Buyer,
    attempt: Attempt,
    key: KeyUse | undefined,
    limit: PaymentAttempt | undefined,
    reserved?: () => void,
  ): Promise<PaymentAnswer | typeof KEY_IN_USE> {
    // The cart refused (stock, total) rolls the reservation back and is an answer like any other: a retry with
    // the same key gets it too. Anything thrown here is a real failure, never turned into an answer.
    const orderId = randomUUID();
    const { result: reservation, hit } = await this.reserve(buyer, attempt, orderId, key, limit);
    if (reservation.kind === 'refused') {
      const answer: PaymentAnswer = { status: reservation.error.status, body: reservation.error.toBody() };
      this.metrics.checkoutOutcome('refused');
      // The rollback took the reservation's claim of the key and its count of the attempt: both are made again here.
      if (key?.claimedAlone) await this.keys.complete(buyer.keyOwner, key.value, answer);
      else if (key) {
        const stored = await this.keys.answerRolledBack(
          buyer.keyOwner,
          key.value,
          key.hash,
          answer,
          limit && !limit.isCounted ? limit : undefined,
        );
        if (stored.hit) await this.counted(limit!, stored.hit, { admitted: true });
        if (!stored.stored) return KEY_IN_USE;
      } else if (limit && !limit.isCounted)
        await this.counted(limit, await this.rateLimits.count(limit.bucket, limit.windowMs), { admitted: true });
      return answer;
    }
    // Committed: the attempt's count stands (429 past the limit: nothing was claimed or reserved).
    if (hit) await this.counted(limit!, hit);
    if (reservation.kind === 'stopped') return KEY_IN_USE;
    const order = reservation;
    reserved?.();

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
        // Stored without the guest's token (the shop keeps only its hash): a replay has no link, the e-mail has.
        const answer = settle(order, outcome);
        if (outcome.outcome === 'approved') {
          // One statement marks the order paid, counts it sold, queues its mails and stores this answer with the key.
          const answered = key && ((paid: string) => this.keys.completeStep(buyer.keyOwner, key.value, answer, paid));
          const { guestToken } = await this.orders.markPaid(order.id, outcome.transactionId, { written: order.written, answered });
          if (guestToken === undefined) return answer;
          const body: GuestPaymentResult = { ...(answer.body as PaymentResult), orderToken: guestToken };
          return { status: answer.status, body };
        }
        return await this.transactions.run(async () => {
          await this.orders.markFailed(order.id, `${outcome.outcome}: ${outcome.message}`);
          if (key !== undefined) await this.keys.complete(buyer.keyOwner, key.value, answer);
          return answer;
        });
      } catch (error) {
        if (attemptNo >= FINALISE_ATTEMPTS) {
          const charge = outcome.outcome === 'approved' ? `transaction ${outcome.transactionId}` : outcome.outcome;
          this.logger.error(`Could not settle order ${order.id} (${charge}); the stale-reservation sweep will resolve it`);
          throw error;
        }
      }
    }
  }

  /**
   * A committed count of the attempt: the closed windows dropped when it opened one (never inside the reservation,
   * whose transaction must not lock other buyers' counters), then 429 past the limit unless `admitted` before.
   */
  private async counted(limit: PaymentAttempt, hit: RateLimitHit & { opened: boolean }, { admitted = false } = {}): Promise<void> {
    if (hit.opened) await this.rateLimits.dropClosedWindows();
    limit.settle(hit, { admitted });
  }

  /**
   * One transaction: the attempt counted and the key claimed for `orderId` (one statement, before anything is read
   * or locked; past the limit, or the key another request's, nothing else runs), then the stock reserved and the
   * Pending order recorded; or a refused cart rolled back, the count and the claim with it.
   */
  private reserve(
    buyer: Buyer,
    attempt: Attempt,
    orderId: string,
    key: KeyUse | undefined,
    limit: PaymentAttempt | undefined,
  ): Promise<Reservation> {
    return this.transactions.runOrRollBack(
      async (): Promise<Reservation> => {
        let hit: Reservation['hit'];
        // The shop's pricing rules, read fresh before the stock rows' locks (docs/pricing.md): in the statement that
        // counts the attempt and claims the key when there is one, else on their own.
        const productIds = attempt.lines.map((line) => line.productId);
        let prepared: PreparedPricing | undefined;
        if (key && !key.claimedAlone) {
          const claim = await this.keys.claimFor(
            buyer.keyOwner,
            key.value,
            key.hash,
            orderId,
            limit && !limit.isCounted ? limit : undefined,
            this.pricing.prepareColumns(productIds),
          );
          hit = claim.hit;
          prepared = claim.read;
          if (!claim.claimed) return { result: { kind: 'stopped' }, hit };
        } else if (limit && !limit.isCounted) {
          hit = await this.rateLimits.count(limit.bucket, limit.windowMs);
          if (hit.hits > limit.limit) return { result: { kind: 'stopped' }, hit };
        }
        prepared ??= await this.pricing.prepare(productIds);
        const customer = buyer.customer;
        let priced: PricedCart | undefined;
        const pending = await this.orders.createPending({
          id: orderId,
          userId: buyer.userId,
          ...(buyer.guestEmail !== undefined ? { guestEmail: buyer.guestEmail } : {}),
          userName: buyer.name,
          lines: attempt.lines,
          shippingAddress: attempt.shippingAddress,
          // The reserved rows' prices, the rules read fresh and the code's row locked: what is charged is exact.
          price: async (reserved) => {
            const price = await this.pricing.priceReserved(
              reserved,
              {
                ...(attempt.shippingAddress
                  ? { destination: { country: attempt.shippingAddress.country, ...(attempt.region ? { region: attempt.region } : {}) } }
                  : {}),
                ...(attempt.shippingMethod !== undefined ? { shippingMethod: attempt.shippingMethod } : {}),
                ...(attempt.discountCode !== undefined ? { discountCode: attempt.discountCode } : {}),
                customer,
                expectedCents: attempt.amountCents,
              },
              prepared,
            );
            if (price.kind === 'refused') return price.error;
            priced = price.cart;
            return toOrderPrice(price.cart);
          },
          recorded: async (id) => {
            if (priced) await this.pricing.recordCodeUse(priced, id, customer);
          },
        });
        if (pending.kind === 'pending' && key?.claimedAlone) await this.keys.attachOrder(buyer.keyOwner, key.value, pending.id);
        return { result: pending, hit };
      },
      ({ result }) => result.kind === 'refused',
    );
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

/** The priced cart as the order stores it. */
function toOrderPrice(cart: PricedCart): OrderPrice {
  return {
    totalCents: cart.totalCents,
    subtotalCents: cart.subtotalCents,
    discountCents: cart.discountCents,
    shippingCents: cart.shippingCents,
    taxCents: cart.taxCents,
    pricesIncludeTax: cart.pricesIncludeTax,
    taxes: cart.taxes,
    shippingMethod: cart.method?.name ?? null,
    discountCode: cart.code?.code ?? null,
    lines: cart.lines.map((line) => ({ discountCents: line.discountCents, taxCents: line.taxCents })),
  };
}

/**
 * What makes two requests "the same payment": nonce, amount, the merged cart, the shipping address (as
 * validated: trimmed, empty optional fields dropped, fields in one order) and the pricing inputs (shipping method,
 * discount code, tax region), not the JSON's formatting. A line without a
 * size is hashed as before sizes existed (a line without a variant as before variants), and a request without an address as before addresses existed, so a key
 * stored then still matches its retry.
 */
function fingerprint(attempt: Attempt): string {
  const lines = attempt.lines.map((line) => {
    const base: unknown[] = line.size ? [line.productId, line.count, line.size] : [line.productId, line.count];
    return line.variantId !== undefined ? [...base, { variant: line.variantId }] : base;
  });
  const address = attempt.shippingAddress ? [SHIPPING_ADDRESS_FIELDS.map((field) => attempt.shippingAddress?.[field] ?? null)] : [];
  // The pricing inputs, when sent (docs/pricing.md): the method, the code (its case does not matter) and the region.
  const pricing =
    attempt.shippingMethod !== undefined || attempt.discountCode !== undefined || attempt.region !== undefined
      ? [{ m: attempt.shippingMethod ?? null, c: attempt.discountCode?.toUpperCase() ?? null, r: attempt.region ?? null }]
      : [];
  return createHash('sha256')
    .update(JSON.stringify([attempt.nonce, attempt.amountCents, lines, ...address, ...pricing]))
    .digest('hex');
}
