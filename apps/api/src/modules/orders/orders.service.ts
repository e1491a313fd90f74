import { Inject, Injectable } from '@nestjs/common';
import {
  fromCents,
  type GuestOrder,
  type LastAddressResponse,
  ORDER_STATUS_MOVES,
  type Order,
  type OrderStatus,
  type ProductSize,
  Role,
  type SalesOverview,
  type ShippingAddress,
} from '@store/contract';
import { type AppError, ConflictError, NotFoundError, PaymentProviderError, ValidationFailedError } from '../../common/errors.js';
import { type Cursor, encodeCursor } from '../../common/pagination.js';
import { APP_CONFIG } from '../../config/config.module.js';
import type { AppConfig } from '../../config/env.js';
import { type StatementStep, Transactions } from '../../database/transactions.js';
import { ProductsService } from '../catalogue/index.js';
import { type AuditActor, AuditService } from '../audit/audit.service.js';
import type { AuthUser } from '../auth/auth-user.js';
import { OutboxService } from '../notifications/outbox.service.js';
import { PaymentGateway, type ReversalOutcome } from '../payments/payment-gateway.js';
import { ProductStockService, type ReservedLine, type StockLine } from '../inventory/index.js';
import type { OrderLineEntity } from './order-line.entity.js';
import { listedOrders, listedOrdersJson, shippedCounts, toOrder, toShippingAddress } from './order.mapper.js';
import { OrderEntity } from './order.entity.js';
import { type OrderBreakdown, type OrderFilter, OrdersRepository } from './orders.repository.js';
import { guestOrderLink, guestOrderTokenHash, newGuestOrderToken } from './guest-order-token.js';
import { ShipmentsRepository } from './shipments.repository.js';

/** A checkout attempt whose stock is reserved and whose card is about to be charged. */
export interface PendingOrder {
  kind: 'pending';
  id: string;
  amountCents: number;
  /** The order and its lines as the reservation wrote them (Pending): what its mails are made of once it is paid. */
  written?: { order: OrderEntity; lines: OrderLineEntity[] };
}

/**
 * The cart was refused (409: a product or size short or gone, or a total that is not the database's; 400: a
 * line's size does not fit its product): an answer, not a failure. Nothing is reserved once the caller rolls back
 * its transaction, which it must do.
 */
export interface CartRefused {
  kind: 'refused';
  error: AppError;
}

export interface PendingOrderInput {
  /** The order's id, made by the caller (a UUID), so its own bookkeeping can name the order in the same transaction. */
  id: string;
  /** The account, or null for a guest (who has `guestEmail`). */
  userId: string | null;
  userName: string;
  /** A guest's e-mail, lower case: the confirmation and its order link go there. */
  guestEmail?: string;
  lines: StockLine[];
  /** Where the order ships (validated by the payment DTO); absent for a client that sends none. */
  shippingAddress?: ShippingAddress;
  /**
   * Prices the reserved lines (named and priced as their rows were locked) into the order's breakdown, its lines in
   * the order given; or refuses the cart (an AppError: 409 a total that is not what the buyer saw, 400/409 a
   * pricing rule). The payments module passes the pricing module's price here (docs/pricing.md).
   */
  price: (reserved: ReservedLine[]) => Promise<OrderPrice | AppError>;
  /** Runs once the order row exists, in the same transaction (a discount code's use is counted against it). */
  recorded?: (orderId: string, price: OrderPrice) => Promise<void>;
}

/** What an order is charged and how that total is made up, in cents (stored whole on the order and its lines). */
export interface OrderPrice extends OrderBreakdown {
  totalCents: number;
  /** One per reserved line, in the reserved lines' order. */
  lines: Array<{ discountCents: number; taxCents: number }>;
}

/**
 * Orders: the checkout's steps (each inside the caller's transaction, the one in context, so the payments module can commit an
 * order change together with its own bookkeeping) and the order listings and status moves.
 */
@Injectable()
export class OrdersService {
  constructor(
    private readonly stock: ProductStockService,
    private readonly gateway: PaymentGateway,
    private readonly audit: AuditService,
    private readonly repository: OrdersRepository,
    private readonly products: ProductsService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly outbox: OutboxService,
    private readonly transactions: Transactions,
    private readonly shipments: ShipmentsRepository,
  ) {}

  /**
   * Reserves the cart's stock, prices the reserved lines (`input.price`) and records a Pending order with its whole
   * breakdown. Returns CartRefused (the caller must roll back, undoing any stock taken) when a product is short or
   * the price refuses the cart.
   */
  async createPending(input: PendingOrderInput): Promise<PendingOrder | CartRefused> {
    const reserved = await this.stock.reserve(input.lines);
    if (!Array.isArray(reserved)) return { kind: 'refused', error: reserved.refused };
    const price = await input.price(reserved);
    if (price instanceof Error) return { kind: 'refused', error: price };
    const written = await this.repository.insertPending(
      {
        id: input.id,
        userId: input.userId,
        guestEmail: input.guestEmail ?? null,
        userName: input.userName,
        amountCents: price.totalCents,
        shippingAddress: input.shippingAddress ? toShippingAddress(input.shippingAddress) : null,
        subtotalCents: price.subtotalCents,
        discountCents: price.discountCents,
        shippingCents: price.shippingCents,
        taxCents: price.taxCents,
        pricesIncludeTax: price.pricesIncludeTax,
        taxes: price.taxes,
        shippingMethod: price.shippingMethod,
        discountCode: price.discountCode,
      },
      reserved.map((line, i) => ({ ...line, discountCents: price.lines[i].discountCents, taxCents: price.lines[i].taxCents })),
    );
    const { id } = written.order;
    await input.recorded?.(id, price);
    return { kind: 'pending', id, amountCents: price.totalCents, written };
  }

  /**
   * The payment went through: the Pending order becomes Received, its reserved stock counts as sold, and its
   * e-mails are queued in the outbox, together: no order without its mails, no mail without its order, and no mail
   * server on the checkout's path. A guest order gets its link's token here, made with the mail that carries it
   * (only its hash is stored); answered so the payment can hand it to the guest too. `answered` is the payments
   * module's step (its key's answer), run in the same statement only when the order was marked.
   *
   * With the order as its reservation wrote it (`written`), all of it is ONE statement, which needs no transaction:
   * the mails are composed from that order before it runs. Otherwise (the sweeper, settling an abandoned checkout)
   * the statement answers the order and the mails follow it, in one transaction (the caller's when it has one).
   */
  async markPaid(
    orderId: string,
    transactionId: string,
    { written, answered }: { written?: PendingOrder['written']; answered?: (paid: string) => StatementStep } = {},
  ): Promise<{ guestToken?: string }> {
    const { publicUrl } = this.config;
    const steps = [this.stock.saleStep('paid_lines'), ...(answered ? [answered('paid')] : [])];
    if (written) {
      const { order, lines } = written;
      const guest = order.userId === null ? order.guestEmail : null;
      // A guest's order gets its link's token (the statement stores its hash); an account's has none.
      const { token, hash } = guest !== null ? newGuestOrderToken() : { token: '', hash: null };
      const link = guest !== null && publicUrl ? guestOrderLink(publicUrl, token) : undefined;
      // The order as the statement will leave it; the shop's notice names the address the buyer had at the checkout
      // (written on the order then), the buyer's own mail goes to the address they have when it runs (paid_buyer).
      const asPaid = Object.assign(new OrderEntity(), order, { status: 'Received', transactionId });
      const email = guest ?? order.userEmail;
      if (email !== null) steps.push(this.outbox.orderReceivedStep(toOrder(asPaid, lines), email, 'paid_buyer', link));
      if (!(await this.repository.markReceivedOnly(orderId, transactionId, hash, steps))) throw noLongerPending(orderId, transactionId);
      return guest !== null ? { guestToken: token } : {};
    }
    // Made before it is known whether the order is a guest's: the statement that marks it paid stores the hash then
    // (an account's order ignores it), which saves a round trip while the rollups' rows are locked.
    const { token, hash } = newGuestOrderToken();
    return this.transactions.run(async () => {
      const paid = await this.repository.markReceived(orderId, transactionId, hash, steps);
      if (!paid) throw noLongerPending(orderId, transactionId);
      const { order, lines, buyerEmail } = paid;
      if (order.userId === null && order.guestEmail !== null) {
        await this.outbox.orderReceived(toOrder(order, lines), order.guestEmail, publicUrl ? guestOrderLink(publicUrl, token) : undefined);
        return { guestToken: token };
      }
      // A buyer who deleted their account while the card was being charged has no address to write to.
      if (order.userId && buyerEmail !== null) await this.outbox.orderReceived(toOrder(order, lines), buyerEmail);
      return {};
    });
  }

  /** The payment failed or was abandoned: a Pending order becomes Failed and its stock goes back. */
  async markFailed(orderId: string, failure: string): Promise<boolean> {
    if (!(await this.repository.markFailed(orderId, failure))) return false;
    await this.stock.release(await this.repository.linesOf(orderId));
    return true;
  }

  /** Ids of Pending orders older than `olderThanSeconds`: presumably orphaned by a process that died mid-checkout. */
  stalePendingIds(olderThanSeconds: number, limit = 100): Promise<string[]> {
    return this.repository.stalePendingIds(olderThanSeconds, limit);
  }

  /**
   * Locks a Pending order for the caller's transaction (FOR UPDATE SKIP LOCKED), so exactly one process
   * resolves an abandoned checkout; undefined when it is no longer Pending or another process holds it.
   */
  async lockPending(orderId: string): Promise<PendingOrder | undefined> {
    const order = await this.repository.lockPending(orderId);
    return order ? { kind: 'pending', id: order.id, amountCents: order.amountCents } : undefined;
  }

  /**
   * One page of paid orders, newest first, matching `filter` (a buyer's own: `userId`), as the JSON text of the
   * contract's Order[] (written by Postgres, see listedOrdersJson), with the total and the cursor of the next page.
   * The total may be capped (see OrdersRepository.count); it comes with the page, in the same statement (countedPage).
   */
  async listPage(
    filter: OrderFilter,
    limit: number,
    after: Cursor | undefined,
  ): Promise<{ json: string; total: number; capped: boolean; next: string | undefined }> {
    const page = await this.repository.countedPage(filter, limit, after);
    return {
      json: listedOrdersJson(page.orders),
      total: page.total,
      capped: page.capped,
      next: page.next && encodeCursor(page.next),
    };
  }

  /**
   * One paid order, for its buyer or an admin; anyone else gets the same 404 as for an order that does not
   * exist, so order ids cannot be probed.
   */
  async findForUser(orderId: string, user: AuthUser): Promise<Order> {
    const order = await this.repository.findPaid(orderId);
    if (!order || (order.userId !== user.id && user.role !== Role.Admin)) throw new NotFoundError('Order not found');
    const [lines, shipments] = await Promise.all([this.repository.linesOf(orderId), this.shipments.forOrders([orderId])]);
    return toOrder(order, lines, shipments);
  }

  /** A paid guest order by its link's token; 404 for any token that is not one (nothing tells a wrong token from an unpaid order). */
  async findForGuest(token: string): Promise<GuestOrder> {
    const order = await this.repository.findPaidByGuestTokenHash(guestOrderTokenHash(token));
    if (!order) throw new NotFoundError('Order not found');
    const [lines, shipments] = await Promise.all([this.repository.linesOf(order.id), this.shipments.forOrders([order.id])]);
    const full = toOrder(order, lines, shipments);
    return {
      _id: full._id,
      number: full.number,
      products: full.products,
      amount: full.amount,
      status: full.status,
      createdAt: full.createdAt,
      ...(full.refund ? { refund: full.refund } : {}),
      ...(full.shippingAddress ? { shippingAddress: full.shippingAddress } : {}),
      ...(full.pricing ? { pricing: full.pricing } : {}),
      ...(full.shipments ? { shipments: full.shipments } : {}),
      ...(full.fulfilment ? { fulfilment: full.fulfilment } : {}),
    };
  }

  /** The id of the paid guest order whose link's token this is; 404 for any other token, as {@link findForGuest}. */
  async guestOrderId(token: string): Promise<string> {
    const order = await this.repository.findPaidByGuestTokenHash(guestOrderTokenHash(token));
    if (!order) throw new NotFoundError('Order not found');
    return order.id;
  }

  /**
   * The guest orders placed with `email` join the account that has just confirmed it holds that address (in the
   * transaction in context); their ids. Called only on a confirmation, never on a sign-up alone: anyone can sign up
   * with someone else's address.
   */
  joinGuestOrders(user: { id: string; name: string; email: string }): Promise<string[]> {
    return this.repository.joinGuestOrders(user.id, user.name, user.email.toLowerCase());
  }

  /** Cuts a deleted account's orders loose (see OrdersRepository.anonymiseBuyer), in the transaction in context; their ids. */
  anonymiseBuyer(userId: string): Promise<string[]> {
    return this.repository.anonymiseBuyer(userId);
  }

  /** Deletes anonymised orders past the accounting retention (ORDER_RETENTION_YEARS); answers how many. */
  purgeAnonymised(years: number): Promise<number> {
    return this.repository.purgeAnonymised(years);
  }

  /** The address of the buyer's newest paid order that has one, offered at the next checkout; null when none has. */
  async lastAddress(userId: string): Promise<LastAddressResponse> {
    const address = await this.repository.lastAddress(userId);
    return { address: address ? toShippingAddress(address) : null };
  }

  /** Every paid order matching `filter`, newest first, a batch at a time (for the CSV export: never all in memory). */
  async *allMatching(filter: OrderFilter, batch = 500): AsyncGenerator<Order[]> {
    let after: Cursor | undefined;
    do {
      // Without their parcels, as the export and the data export have always listed them.
      const page = await this.repository.page(filter, batch, after, false);
      if (page.orders.length > 0) yield listedOrders(page.orders);
      after = page.next;
    } while (after);
  }

  /** The admin dashboard's figures: orders and revenue today / 7 / 30 days, best sellers, products low on stock. */
  async overview(): Promise<SalesOverview> {
    const threshold = this.config.lowStockThreshold;
    const [periods, products] = await Promise.all([this.repository.periods(), this.products.stockOverview(threshold)]);
    return { periods, ...products, lowStockThreshold: threshold };
  }

  /**
   * Moves an order one step along Received -> Processing -> Shipped -> Delivered, or cancels it before it
   * ships: its payment is voided (not settled yet) or refunded (settled) through the gateway FIRST, then the
   * same transaction marks it Cancelled, records the refund, returns its stock and writes the audit entries.
   *
   * The order row stays locked (SELECT ... FOR UPDATE) from before the gateway call until the commit, so two
   * concurrent cancels cannot both reverse the payment: the second waits, then sees Cancelled and gets 409.
   * Holding one connection across the provider call is the price; cancels are rare admin actions, and the
   * alternative (a 'Cancelling' claim committed first) would need its own sweeper for a process that dies
   * mid-call. A provider failure throws PaymentProviderError (502) and rolls everything back: the order is
   * left exactly as it was, never half-cancelled. A retry after a crash between the provider's answer and
   * the commit is safe: the gateway answers an already reversed charge with what it did before.
   */
  changeStatus(orderId: string, next: OrderStatus, actor: AuditActor): Promise<Order> {
    return this.transactions.run(async () => {
      const order = await this.lockPaidOrder(orderId);
      const current = order.status as OrderStatus;
      if (!ORDER_STATUS_MOVES[current].includes(next)) throw new ConflictError(refusal(current, next));
      const shipments = await this.shipments.forOrders([orderId]);
      if (next === 'Cancelled' && shipments.length > 0) {
        throw new ConflictError('Part of the order has shipped, so it can no longer be cancelled; refund its lines instead');
      }

      const lines = await this.repository.linesOf(orderId);
      // Lines refunded on their own, units refunded through returns and shipping refunded on its own already gave
      // their money back: a cancel returns the rest.
      const remainingCents =
        order.amountCents -
        lines.reduce((sum, line) => sum + (line.refundCents ?? 0) + line.returnRefundCents, 0) -
        (order.shippingRefundCents ?? 0);
      const refund =
        next === 'Cancelled' && order.transactionId && remainingCents > 0 ? await this.reverse(order, remainingCents) : undefined;
      await this.repository.setStatus(orderId, next, refund);
      if (next === 'Cancelled') await this.stock.returnSold(lines.filter((line) => line.refundId === null));
      const updated = await this.repository.get(orderId);
      await this.audit.record(actor, {
        action: 'order.status',
        entityType: 'order',
        entityId: orderId,
        changes: { status: { before: current, after: next } },
      });
      if (refund) {
        await this.audit.record(actor, {
          action: 'order.refund',
          entityType: 'order',
          entityId: orderId,
          changes: {
            refund: {
              before: null,
              after: { id: refund.reversalId, amount: fromCents(refund.amountCents), kind: refund.kind },
            },
          },
        });
      }
      return toOrder(updated, lines, shipments);
    });
  }

  /** Returns what is left of a paid order's money, or throws PaymentProviderError (the caller's transaction rolls back). */
  private async reverse(order: OrderEntity, amountCents: number): Promise<Extract<ReversalOutcome, { outcome: 'reversed' }>> {
    const outcome = await this.gateway.reverse(order.transactionId ?? '', amountCents);
    if (outcome.outcome === 'reversed') return outcome;
    // A full reversal never answers not-settled (it voids instead); say so rather than pretend otherwise.
    const message = outcome.outcome === 'provider-error' ? outcome.message : 'the payment provider would not void it';
    throw new PaymentProviderError(`The payment could not be refunded, so the order was not cancelled: ${message}`);
  }

  /**
   * Refunds one line of a paid order on its own (price times count) through the gateway: a partial refund, so
   * only a settled charge can take it (an unsettled one would have to be voided whole: 409, cancel the order
   * instead or wait for settlement). The line records its refund; before the order ships its stock goes back.
   * Same locking and all-or-nothing rules as a cancel: the order row is locked across the provider call, and a
   * provider failure (502) leaves everything as it was. `variant` (or, from older clients, `size`) picks the line
   * when the order has the product in more than one variant (400 without it then); the stock goes back to it.
   */
  refundLine(orderId: string, productId: string, which: { size?: ProductSize; variant?: number }, actor: AuditActor): Promise<Order> {
    return this.transactions.run(async () => {
      const order = await this.lockPaidOrder(orderId);
      if (order.status === 'Cancelled') throw new ConflictError('A Cancelled order has no line left to refund');
      const lines = await this.repository.linesOf(orderId);
      const line = pickLine(lines, productId, which);
      if (line.refundId !== null) throw new ConflictError(`"${line.name}" was already refunded`);
      if (line.returnRefundedCount > 0) {
        throw new ConflictError(`Part of "${line.name}" was refunded through a return; refund the rest through a return too`);
      }

      const amountCents = linePaidCents(line, order);
      const outcome = await this.gateway.reverse(order.transactionId ?? '', amountCents, { refundOnly: true });
      if (outcome.outcome === 'not-settled') {
        throw new ConflictError(
          'The payment has not settled yet, so a single line cannot be refunded; cancel the whole order (voiding it) or try again once it has settled',
        );
      }
      if (outcome.outcome === 'provider-error') {
        throw new PaymentProviderError(`The line could not be refunded: ${outcome.message}`);
      }
      await this.repository.refundLine(line, outcome);
      // Not shipped yet: the item stays in the shop. Shipped or delivered: whether it comes back is the shop's call.
      if (order.status === 'Received' || order.status === 'Processing') await this.stock.returnSold([line]);
      await this.audit.record(actor, {
        action: 'order.refund',
        entityType: 'order',
        entityId: orderId,
        changes: {
          [`line ${line.name}${line.variantLabel ? ` (${line.variantLabel})` : ''}`]: {
            before: null,
            after: {
              id: outcome.reversalId,
              amount: fromCents(outcome.amountCents),
              kind: 'refund',
              product: productId,
              ...(line.size ? { size: line.size } : {}),
              variant: line.variantId,
            },
          },
        },
      });
      return toOrder(await this.repository.get(orderId), await this.repository.linesOf(orderId), await this.shipments.forOrders([orderId]));
    });
  }

  /**
   * A paid order and its lines for the returns module, its row locked until the caller's transaction ends (so two
   * return requests or refunds on one order queue); 404 when it is not a paid order. Each line says how many of its
   * units have left: all of them once the order is Shipped or Delivered, those in its parcels before that.
   */
  async lockForReturn(orderId: string): Promise<ReturnableOrder> {
    const order = await this.lockPaidOrder(orderId);
    const lines = await this.repository.linesOf(orderId);
    const allShipped = order.status === 'Shipped' || order.status === 'Delivered';
    const inParcels = allShipped ? new Map<number, number>() : shippedCounts(await this.shipments.forOrders([orderId]));
    return {
      id: order.id,
      number: order.number,
      userId: order.userId,
      userName: order.userName,
      guestEmail: order.guestEmail,
      status: order.status as OrderStatus,
      paidAt: order.paidAt ?? order.createdAt,
      lines: lines.map((line) => ({
        productId: line.productId,
        variantId: line.variantId,
        name: line.name,
        label: line.variantLabel,
        size: line.size,
        count: line.count,
        shipped: allShipped ? line.count : Math.min(line.count, inParcels.get(line.variantId) ?? 0),
        refunded: line.refundId !== null,
        paidCents: linePaidCents(line, order),
        returnRefundCents: line.returnRefundCents,
        returnRefundedCount: line.returnRefundedCount,
      })),
    };
  }

  /**
   * Refunds returned units of an order's lines through the gateway, as ONE refund, in the caller's transaction (the
   * order row must be locked by it: {@link lockForReturn}). Each line gives back its units' share of what the line
   * cost (its discount and tax share included, as a whole-line refund does), rounded so that the shares of all the
   * line's units add up to exactly what it cost (docs/returns.md, "Refunds"). A refund needs a settled charge (409
   * otherwise); a provider failure throws PaymentProviderError (502) and the caller's transaction rolls back.
   */
  async refundReturn(
    orderId: string,
    units: Array<{ variantId: number; quantity: number }>,
    actor: AuditActor,
    returnId: string,
  ): Promise<{ reversalId: string; amountCents: number; lines: Array<{ variantId: number; cents: number }> }> {
    const order = await this.repository.get(orderId);
    const lines = await this.repository.linesOf(orderId);
    const shares = units.map((unit) => {
      const line = lines.find((candidate) => candidate.variantId === unit.variantId);
      if (!line) throw new NotFoundError('The order has no line for this variant');
      if (line.refundId !== null) throw new ConflictError(`"${line.name}" was already refunded as a whole`);
      if (line.returnRefundedCount + unit.quantity > line.count) throw new ConflictError(`"${line.name}" has no units left to refund`);
      const cents = returnShareCents(
        linePaidCents(line, order),
        line.count,
        line.returnRefundedCount,
        unit.quantity,
        line.returnRefundCents,
      );
      return { variantId: unit.variantId, quantity: unit.quantity, cents };
    });
    const amountCents = shares.reduce((sum, share) => sum + share.cents, 0);
    const outcome = await this.gateway.reverse(order.transactionId ?? '', amountCents, { refundOnly: true });
    if (outcome.outcome === 'not-settled') {
      throw new ConflictError('The payment has not settled yet, so the return cannot be refunded; try again once it has settled');
    }
    if (outcome.outcome === 'provider-error') throw new PaymentProviderError(`The return could not be refunded: ${outcome.message}`);
    for (const share of shares) await this.repository.addReturnRefund(orderId, share.variantId, share.cents, share.quantity);
    await this.audit.record(actor, {
      action: 'order.refund',
      entityType: 'order',
      entityId: orderId,
      changes: {
        [`return ${returnId}`]: { before: null, after: { id: outcome.reversalId, amount: fromCents(outcome.amountCents), kind: 'refund' } },
      },
    });
    return { reversalId: outcome.reversalId, amountCents: outcome.amountCents, lines: shares };
  }

  /**
   * Refunds what a paid order's shipping cost (docs/payments.md), once, through the gateway: a partial refund, so
   * the charge must have settled (409 otherwise, as for a line). Same locking and all-or-nothing rules as a line
   * refund; the order records it (the sales overview's revenue and shipping drop by it) and the audit trail says who.
   */
  refundShipping(orderId: string, actor: AuditActor): Promise<Order> {
    return this.transactions.run(async () => {
      const order = await this.lockPaidOrder(orderId);
      if (order.status === 'Cancelled') throw new ConflictError('A Cancelled order has given its whole payment back, shipping included');
      if (order.shippingRefundId !== null) throw new ConflictError('The shipping of this order was already refunded');
      const amountCents = order.shippingCents ?? 0;
      if (amountCents <= 0) throw new ConflictError('This order paid nothing for shipping, so there is nothing to refund');

      const outcome = await this.gateway.reverse(order.transactionId ?? '', amountCents, { refundOnly: true });
      if (outcome.outcome === 'not-settled') {
        throw new ConflictError(
          'The payment has not settled yet, so the shipping cannot be refunded on its own; cancel the whole order (voiding it) or try again once it has settled',
        );
      }
      if (outcome.outcome === 'provider-error') {
        throw new PaymentProviderError(`The shipping could not be refunded: ${outcome.message}`);
      }
      await this.repository.refundShipping(orderId, outcome);
      await this.audit.record(actor, {
        action: 'order.refund',
        entityType: 'order',
        entityId: orderId,
        changes: {
          shipping: {
            before: null,
            after: { id: outcome.reversalId, amount: fromCents(outcome.amountCents), kind: 'refund', method: order.shippingMethod },
          },
        },
      });
      return toOrder(await this.repository.get(orderId), await this.repository.linesOf(orderId));
    });
  }

  /** A paid order, its row locked until the caller's transaction ends (so two admins' moves queue); 404 otherwise. */
  private async lockPaidOrder(orderId: string): Promise<OrderEntity> {
    const order = await this.repository.lockPaid(orderId);
    if (!order) throw new NotFoundError('Order not found');
    return order;
  }
}

/** A paid order as the returns module reads it (docs/returns.md). */
export interface ReturnableOrder {
  id: string;
  number: number;
  userId: string | null;
  userName: string;
  /** A guest order's e-mail (null for an account's order). */
  guestEmail: string | null;
  status: OrderStatus;
  paidAt: Date;
  lines: Array<{
    productId: string;
    variantId: number;
    name: string;
    label: string;
    size: ProductSize | '';
    count: number;
    /** Units that have left the shop (all of them once the order is Shipped; before that, those in its parcels). */
    shipped: number;
    /** Refunded as a whole line (nothing of it can be returned for money any more). */
    refunded: boolean;
    /** What the whole line cost its buyer, in cents. */
    paidCents: number;
    returnRefundCents: number;
    returnRefundedCount: number;
  }>;
}

/**
 * What a line cost its buyer (docs/pricing.md, "Refunds"): its price times its count, less its share of the
 * discount, plus its tax when the tax was added on top (prices that include it already contain it). Shipping is not
 * part of any line.
 */
function linePaidCents(line: OrderLineEntity, order: OrderEntity): number {
  return line.priceCents * line.count - line.discountCents + (order.pricesIncludeTax === false ? line.taxCents : 0);
}

/**
 * What `quantity` more units of a line give back when `before` units already gave `refundedCents`: the line's cost
 * up to and including these units, rounded half up to the cent, less what was already given. Rounding the running
 * total (not each share) means all the units' shares add up to exactly the line's cost.
 */
export function returnShareCents(lineCents: number, count: number, before: number, quantity: number, refundedCents: number): number {
  const upTo = Math.floor((2 * lineCents * (before + quantity) + count) / (2 * count));
  return upTo - refundedCents;
}

/** The line a line refund names: by product, and by variant (or size) when the order has the product in several variants. */
function pickLine(lines: OrderLineEntity[], productId: string, which: { size?: ProductSize; variant?: number }): OrderLineEntity {
  const ofProduct = lines.filter((line) => line.productId === productId);
  if (ofProduct.length === 0) throw new NotFoundError('The order has no line for this product');
  if (which.variant !== undefined) {
    const line = ofProduct.find((candidate) => candidate.variantId === which.variant);
    if (!line) throw new NotFoundError('The order has no line for this variant of the product');
    return line;
  }
  if (which.size === undefined) {
    if (ofProduct.length === 1) return ofProduct[0];
    const sizes = ofProduct.map((line) => line.size);
    const sized = sizes.every((size) => size !== '') && new Set(sizes).size === sizes.length;
    throw new ValidationFailedError(
      sized
        ? `The order has this product in sizes ${ofProduct.map((line) => line.size).join(', ')}: say which line to refund`
        : `The order has this product in ${ofProduct.map((line) => line.variantLabel || line.sku).join(', ')}: say which line to refund`,
      [
        {
          field: sized ? 'size' : 'variant',
          message: `is required: the order has this product in more than one ${sized ? 'size' : 'variant'}`,
        },
      ],
    );
  }
  const bySize = ofProduct.filter((candidate) => candidate.size === which.size);
  if (bySize.length === 0) throw new NotFoundError(`The order has no line for this product in size ${which.size}`);
  if (bySize.length > 1) {
    throw new ValidationFailedError(`The order has this product in size ${which.size} in several variants: say which line to refund`, [
      { field: 'variant', message: 'is required: the size names more than one line' },
    ]);
  }
  return bySize[0];
}

function refusal(current: OrderStatus, next: OrderStatus): string {
  if (current === next) return `The order is already ${current}`;
  if (current === 'Delivered' || current === 'Cancelled') return `A ${current} order cannot change status`;
  if (next === 'Cancelled') return `A ${current} order can no longer be cancelled`;
  return `A ${current} order can only move to ${ORDER_STATUS_MOVES[current].join(' or ')}, not ${next}`;
}

/** Only possible when the sweeper gave up on this order while the provider was still answering. */
function noLongerPending(orderId: string, transactionId: string): Error {
  return new Error(`Order ${orderId} was no longer pending when its payment ${transactionId} was approved; reconcile by hand`);
}
