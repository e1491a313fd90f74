import { Inject, Injectable } from '@nestjs/common';
import {
  type ExchangeShipment,
  fromCents,
  type OrderReturn,
  type ProductFit,
  PRODUCT_SIZES,
  type ProductSize,
  REORDER_HISTORY_DAYS,
  type ReorderSuggestion,
  type ReturnRequest,
  type ReturnStatus,
} from '@store/contract';
import { ConflictError, NotFoundError, ValidationFailedError } from '../../common/errors.js';
import { type Cursor, encodeCursor } from '../../common/pagination.js';
import { APP_CONFIG } from '../../config/config.module.js';
import type { AppConfig } from '../../config/env.js';
import { Transactions } from '../../database/transactions.js';
import { type AuditActor, AuditService, SYSTEM_ACTOR } from '../audit/audit.service.js';
import type { AuthUser } from '../auth/auth-user.js';
import { ProductStockService } from '../inventory/index.js';
import { OutboxService, type ReturnMailStep } from '../notifications/outbox.service.js';
import { OrdersService, type ReturnableOrder } from '../orders/orders.service.js';
import { UsersService } from '../users/users.service.js';
import { fitSignal } from './fit.js';
import { reorderQuantity } from './reorder.js';
import { type NewReturnLine, type ReturnLineRow, type ReturnRow, ReturnsRepository } from './returns.repository.js';

/** Shoppers waiting per variant (variant id to count), for the reorder suggestions; none until the shop counts them. */
export type WaitingCounts = (variantIds: number[]) => Promise<ReadonlyMap<number, number>>;
const NOBODY_WAITING: WaitingCounts = () => Promise.resolve(new Map());

/**
 * Returns and size exchanges (docs/returns.md). Every step runs in one transaction with its stock move, its audit
 * entry and the buyer's mail (queued in the outbox). A request locks its order row (so two requests cannot claim the
 * same units); every later step locks the return's row (so two admins' clicks queue, and the second gets 409).
 */
@Injectable()
export class ReturnsService {
  constructor(
    private readonly repository: ReturnsRepository,
    private readonly orders: OrdersService,
    private readonly stock: ProductStockService,
    private readonly audit: AuditService,
    private readonly outbox: OutboxService,
    private readonly users: UsersService,
    private readonly transactions: Transactions,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /**
   * The buyer asks to return or exchange units of their order's lines. Refused: an order that is not theirs (404), not
   * shipped yet or past the return window (409), a line that is not the order's or has not shipped (a partly shipped
   * order sends back what has left), more units than are left to send back, an exchange to a variant of another
   * product or to the same one (400), an exchange variant out of stock
   * (409, as at checkout). An exchange's variants are reserved at once, under the checkout's stock rules.
   */
  request(orderId: string, body: ReturnRequest, buyer: AuthUser): Promise<OrderReturn> {
    return this.transactions.run(async () => {
      const order = await this.orders.lockForReturn(orderId);
      if (order.userId !== buyer.id) throw new NotFoundError('Order not found');
      return this.requestOn(order, body, buyer);
    });
  }

  /**
   * A guest asks, on the order of their link's token (never its id: 404 for any other token), under the same rules
   * as a buyer; the audit names the guest by their order, the mails go to the order's e-mail.
   */
  guestRequest(token: string, body: ReturnRequest): Promise<OrderReturn> {
    return this.transactions.run(async () => {
      const order = await this.orders.lockForReturn(await this.orders.guestOrderId(token));
      return this.requestOn(order, body, { id: order.id, name: 'Guest', email: order.guestEmail ?? '' });
    });
  }

  /** The returns of the guest order of a link's token, newest first (404 for any other token). */
  async ofGuestOrder(token: string): Promise<OrderReturn[]> {
    return this.toReturns(await this.repository.ofOrder(await this.orders.guestOrderId(token)));
  }

  /** The request's checks, reservation and record on an order already locked and found to be the asker's. */
  private async requestOn(order: ReturnableOrder, body: ReturnRequest, asker: AuditActor): Promise<OrderReturn> {
    const orderId = order.id;
    if (order.status === 'Cancelled') throw new ConflictError('A Cancelled order has nothing to return');
    // A partly shipped order (still Processing) can send back what has left, not what is still to come.
    if (order.lines.every((line) => line.shipped === 0)) throw new ConflictError('The order has not shipped yet: nothing to send back');
    const windowEnd = new Date(order.paidAt.getTime() + this.config.returns.windowDays * 86_400_000);
    if (windowEnd.getTime() < Date.now()) {
      throw new ConflictError(
        `The return window of ${this.config.returns.windowDays} days for this order ended on ${windowEnd.toISOString().slice(0, 10)}`,
      );
    }
    const claimed = await this.repository.claimedUnits(orderId);
    const seen = new Set<number>();
    const lines: NewReturnLine[] = [];
    const wanted: Array<{ productId: string; variantId: number; count: number }> = [];
    for (const [index, asked] of body.lines.entries()) {
      const field = (name: string) => `lines[${index}].${name}`;
      const line = order.lines.find((candidate) => candidate.variantId === asked.variant);
      if (!line) throw invalid(`The order has no line of variant ${asked.variant}`, field('variant'), 'is not a line of the order');
      if (seen.has(asked.variant)) throw invalid('Each line may be named once', field('variant'), 'is named twice');
      seen.add(asked.variant);
      const named = `"${line.name}"${line.label ? ` (${line.label})` : ''}`;
      if (line.shipped === 0)
        throw invalid(`${named} has not shipped yet: nothing of it can be sent back`, field('variant'), 'has not shipped yet');
      const left = line.refunded ? 0 : Math.max(0, line.shipped - (claimed.get(line.variantId) ?? 0));
      if (asked.quantity > left) {
        throw invalid(`Only ${left} of ${named} can still be sent back`, field('quantity'), `must be at most ${left}`);
      }
      if (body.kind === 'return' && asked.exchangeVariant !== undefined) {
        throw invalid(
          'A return gives the money back: ask for an exchange to get another variant',
          field('exchangeVariant'),
          'is only for an exchange',
        );
      }
      if (body.kind === 'exchange') {
        if (asked.exchangeVariant === undefined) {
          throw invalid('An exchange needs the variant wanted instead', field('exchangeVariant'), 'is required for an exchange');
        }
        if (asked.exchangeVariant === asked.variant) {
          throw invalid(
            'An exchange needs another variant than the one bought',
            field('exchangeVariant'),
            'must differ from the line bought',
          );
        }
        if (!(await this.stock.variantIdsOf(line.productId)).includes(asked.exchangeVariant)) {
          throw invalid(
            'An exchange is for another size or colour of the same product',
            field('exchangeVariant'),
            'is not a variant of the same product',
          );
        }
        wanted.push({ productId: line.productId, variantId: asked.exchangeVariant, count: asked.quantity });
      }
      lines.push({
        variantId: line.variantId,
        productId: line.productId,
        quantity: asked.quantity,
        sizeFrom: line.size || sizeFromLabel(line.label),
        exchangeVariantId: asked.exchangeVariant ?? null,
        exchangeLabel: '',
        sizeTo: '',
      });
    }
    if (wanted.length > 0) {
      const reserved = await this.stock.reserve(wanted);
      if (!Array.isArray(reserved)) throw reserved.refused;
      for (const line of lines) {
        const taken = reserved.find((r) => r.variantId === line.exchangeVariantId);
        if (!taken) continue;
        line.exchangeLabel = taken.label;
        line.sizeTo = taken.size || sizeFromLabel(taken.label);
      }
    }
    const returnId = await this.repository.insert(
      orderId,
      {
        kind: body.kind,
        reason: body.reason,
        note: (body.note ?? '').trim(),
        holdDays: body.kind === 'exchange' ? this.config.returns.exchangeHoldDays : null,
      },
      lines,
    );
    return this.recorded(returnId, asker, 'return.request', { status: { before: null, after: 'requested' } }, 'requested');
  }

  /** Every return of the buyer's orders, newest first (their "my data"). */
  async ofBuyer(userId: string): Promise<OrderReturn[]> {
    return this.toReturns(await this.repository.ofBuyer(userId));
  }

  /** An order's returns, for its buyer or staff (anyone else: the same 404 as for an order that does not exist). */
  async ofOrder(orderId: string, user: AuthUser): Promise<OrderReturn[]> {
    await this.orders.findForUser(orderId, user);
    return this.toReturns(await this.repository.ofOrder(orderId));
  }

  /**
   * A page of the returns, newest first, optionally of one status, for the admin's screen: the returns, how many
   * there are in all, and the cursor of the next page when this one is full.
   */
  async page(
    limit: number,
    after: Cursor | undefined,
    status: ReturnStatus | undefined,
  ): Promise<{ returns: OrderReturn[]; total: number; next: string | undefined }> {
    const [page, total] = await Promise.all([this.repository.page(limit, after, status), this.repository.count(status)]);
    return { returns: await this.toReturns(page.rows), total, next: page.next ? encodeCursor(page.next) : undefined };
  }

  approve(returnId: string, admin: AuthUser): Promise<OrderReturn> {
    return this.step(returnId, admin, ['requested'], async () => {
      await this.repository.setStatus(returnId, 'approved');
      return { status: 'approved', action: 'return.approve', mail: 'approved' };
    });
  }

  /** Refuses a request; an exchange's reserved variant goes back on sale. */
  reject(returnId: string, admin: AuthUser): Promise<OrderReturn> {
    return this.step(returnId, admin, ['requested', 'approved'], async (row, lines) => {
      if (row.kind === 'exchange') await this.stock.release(exchangeStock(lines));
      await this.repository.setStatus(returnId, 'rejected');
      return { status: 'rejected', action: 'return.reject', mail: 'rejected' };
    });
  }

  /**
   * The items came back: back on sale (`restock`) or written off; either way they are no longer sold. An exchange's
   * reserved variant stays reserved for its shipment.
   */
  receive(returnId: string, restock: boolean, admin: AuthUser): Promise<OrderReturn> {
    return this.step(returnId, admin, ['approved'], async (_row, lines) => {
      const back = lines.map((line) => ({ productId: line.product_id, variantId: line.variant_id, count: line.quantity }));
      if (restock) await this.stock.returnSold(back);
      else await this.stock.writeOff(back);
      await this.repository.setStatus(returnId, 'received', { restocked: restock });
      return { status: 'received', action: 'return.receive', mail: 'received', extra: { restocked: { before: null, after: restock } } };
    });
  }

  /** Refunds a received return through the gateway: each line's units' share of what the line cost (OrdersService.refundReturn). */
  refund(returnId: string, admin: AuthUser): Promise<OrderReturn> {
    return this.step(returnId, admin, ['received'], async (row, lines) => {
      if (row.kind !== 'return') throw new ConflictError('An exchange is not refunded: ship its new variant instead');
      await this.orders.lockForReturn(row.order_id);
      const refund = await this.orders.refundReturn(
        row.order_id,
        lines.map((line) => ({ variantId: line.variant_id, quantity: line.quantity })),
        admin,
        returnId,
      );
      await this.repository.setRefund(returnId, { id: refund.reversalId, cents: refund.amountCents }, refund.lines);
      return {
        status: 'refunded',
        action: 'return.refund',
        mail: 'refunded',
        extra: { refund: { before: null, after: { id: refund.reversalId, amount: fromCents(refund.amountCents) } } },
      };
    });
  }

  /** Records the exchange's new variant as shipped: its reservation becomes a sale. */
  ship(returnId: string, shipment: ExchangeShipment, admin: AuthUser): Promise<OrderReturn> {
    return this.step(returnId, admin, ['received'], async (row, lines) => {
      if (row.kind !== 'exchange') throw new ConflictError('A return is refunded, not shipped');
      await this.stock.recordSale(exchangeStock(lines));
      const clean = { carrier: shipment.carrier.trim(), tracking: shipment.tracking.trim() };
      await this.repository.setShipped(returnId, clean);
      return { status: 'shipped', action: 'return.ship', mail: 'shipped', extra: { shipment: { before: null, after: clean } } };
    });
  }

  /**
   * Releases the variants of exchanges whose items did not come back by their hold's end (the sweeper's pass, every
   * SWEEP_INTERVAL_SECONDS on every replica): each in its own transaction, the row taken with SKIP LOCKED so two
   * replicas never release one twice. Answers the ids released.
   */
  async releaseExpired(limit = 100): Promise<string[]> {
    const released: string[] = [];
    for (const id of await this.repository.expiredIds(limit)) {
      const done = await this.transactions.run(async () => {
        const row = await this.repository.lockExpired(id);
        if (!row) return false;
        await this.stock.release(exchangeStock(await this.repository.linesOf([id])));
        await this.repository.setStatus(id, 'expired');
        await this.recorded(id, SYSTEM_ACTOR, 'return.expire', { status: { before: row.status, after: 'expired' } }, 'expired');
        return true;
      });
      if (done) released.push(id);
    }
    return released;
  }

  /** The product's fit note from its returns and exchanges (docs/returns.md, "The fit loop"). */
  async fit(productId: string): Promise<ProductFit> {
    return fitSignal(productId, await this.repository.fitEvents(productId));
  }

  /**
   * Per-variant reorder suggestions for the next `horizonDays`, from the last REORDER_HISTORY_DAYS days' sales and
   * exchanges and the shoppers waiting for each variant (`waiting`: back-in-stock requests, counted by whoever keeps
   * them; none by default). Only variants with something to reorder, most first.
   */
  async reorder(horizonDays: number, waiting: WaitingCounts = NOBODY_WAITING): Promise<ReorderSuggestion[]> {
    const rows = await this.repository.reorderRows(REORDER_HISTORY_DAYS);
    const waits = await waiting(rows.map((row) => row.variant_id));
    return rows
      .map((row) => {
        const waitingFor = waits.get(row.variant_id) ?? 0;
        return {
          product: row.product_id,
          name: row.name,
          variant: row.variant_id,
          sku: row.sku,
          options: row.label,
          stock: row.stock,
          sold: row.sold,
          exchangesIn: row.exchanges_in,
          exchangesOut: row.exchanges_out,
          waiting: waitingFor,
          reorder: reorderQuantity({
            stock: row.stock,
            sold: row.sold,
            exchangesIn: row.exchanges_in,
            exchangesOut: row.exchanges_out,
            historyDays: REORDER_HISTORY_DAYS,
            horizonDays,
            waiting: waitingFor,
          }),
        };
      })
      .filter((suggestion) => suggestion.reorder > 0)
      .sort((a, b) => b.reorder - a.reorder || a.name.localeCompare(b.name));
  }

  /** One admin step: the return locked, its status checked against `from`, `work` done, then audit and mail. */
  private step(
    returnId: string,
    admin: AuthUser,
    from: ReturnStatus[],
    work: (
      row: ReturnRow,
      lines: ReturnLineRow[],
    ) => Promise<{
      status: ReturnStatus;
      action: Parameters<AuditService['record']>[1]['action'];
      mail: ReturnMailStep;
      extra?: Record<string, { before: unknown; after: unknown }>;
    }>,
  ): Promise<OrderReturn> {
    return this.transactions.run(async () => {
      const row = await this.repository.lock(returnId);
      if (!row) throw new NotFoundError('Return not found');
      if (!from.includes(row.status)) {
        throw new ConflictError(
          `${row.kind === 'exchange' ? 'An exchange' : 'A return'} that is ${row.status} cannot be ${from.includes('received') ? 'finished' : 'moved'} this way`,
        );
      }
      const done = await work(row, await this.repository.linesOf([returnId]));
      return this.recorded(returnId, admin, done.action, { status: { before: row.status, after: done.status }, ...done.extra }, done.mail);
    });
  }

  /** Audits the step, queues the mail (to the buyer's account, or a guest order's e-mail; none once anonymised) and answers the return. */
  private async recorded(
    returnId: string,
    actor: AuditActor,
    action: Parameters<AuditService['record']>[1]['action'],
    changes: Record<string, { before: unknown; after: unknown }>,
    mail: ReturnMailStep,
  ): Promise<OrderReturn> {
    await this.audit.record(actor, { action, entityType: 'return', entityId: returnId, changes });
    const row = (await this.repository.get(returnId))!;
    const [answer] = await this.toReturns([row]);
    // An account's buyer at their account's address; a guest at the order's (an anonymised order has neither).
    const recipient = answer.user._id ? await this.users.emailOf(answer.user._id) : row.guest_email;
    if (recipient) await this.outbox.returnStep(mail, answer, recipient);
    return answer;
  }

  private async toReturns(rows: ReturnRow[]): Promise<OrderReturn[]> {
    const lines = rows.length > 0 ? await this.repository.linesOf(rows.map((row) => row.id)) : [];
    return rows.map((row) =>
      toReturn(
        row,
        lines.filter((line) => line.return_id === row.id),
      ),
    );
  }
}

function toReturn(row: ReturnRow, lines: ReturnLineRow[]): OrderReturn {
  return {
    _id: row.id,
    order: { _id: row.order_id, number: Number(row.order_number) },
    user: { _id: row.user_id ?? '', name: row.user_name },
    kind: row.kind,
    reason: row.reason,
    note: row.note,
    status: row.status,
    lines: lines.map((line) => ({
      product: line.product_id,
      name: line.name,
      variant: line.variant_id,
      ...(line.label ? { options: line.label } : {}),
      ...(isSize(line.size_from) ? { size: line.size_from } : {}),
      quantity: line.quantity,
      ...(line.exchange_variant_id !== null ? { exchangeVariant: line.exchange_variant_id, exchangeOptions: line.exchange_label } : {}),
      ...(line.refund_cents !== null ? { refund: fromCents(line.refund_cents) } : {}),
    })),
    ...(row.hold_until ? { holdUntil: row.hold_until.toISOString() } : {}),
    ...(row.restocked !== null ? { restocked: row.restocked } : {}),
    ...(row.refund_id !== null && row.refund_cents !== null && row.refunded_at !== null
      ? { refund: { id: row.refund_id, amount: fromCents(row.refund_cents), at: row.refunded_at.toISOString() } }
      : {}),
    ...(row.carrier !== null && row.tracking !== null && row.shipped_at !== null
      ? { shipment: { carrier: row.carrier, tracking: row.tracking, at: row.shipped_at.toISOString() } }
      : {}),
    createdAt: row.created_at.toISOString(),
  };
}

/** The exchange variants' stock lines of a return (what its reservation holds). */
function exchangeStock(lines: ReturnLineRow[]) {
  return lines
    .filter((line) => line.exchange_variant_id !== null)
    .map((line) => ({ productId: line.product_id, variantId: line.exchange_variant_id!, count: line.quantity }));
}

function isSize(value: string): value is ProductSize {
  return (PRODUCT_SIZES as readonly string[]).includes(value);
}

/** The size in a variant's values (`Blue / L` -> `L`), for a variant whose Size option is not its only one; '' if none. */
function sizeFromLabel(label: string): string {
  return label.split(' / ').find(isSize) ?? '';
}

function invalid(message: string, field: string, detail: string): ValidationFailedError {
  return new ValidationFailedError(message, [{ field, message: detail }]);
}
