import { Injectable } from '@nestjs/common';
import { type Order, type OrderStatus } from '@store/contract';
import { type ShipmentRequest } from '@store/contract/dto/shipments';
import { ConflictError, NotFoundError, ValidationFailedError } from '../../common/errors.js';
import { Transactions } from '../../database/transactions.js';
import { type AuditActor, AuditService } from '../audit/audit.service.js';
import { OutboxService } from '../notifications/outbox.service.js';
import { UsersService } from '../users/users.service.js';
import type { OrderEntity } from './order.entity.js';
import { fulfilmentOf, shippedCounts, toOrder } from './order.mapper.js';
import { OrdersRepository } from './orders.repository.js';
import { ShipmentsRepository } from './shipments.repository.js';

/** The statuses an order may ship from: paid and not yet delivered or cancelled. */
const SHIPPABLE: readonly OrderStatus[] = ['Received', 'Processing', 'Shipped'];

/**
 * Shipments (docs/api.md, "Shipments"): an admin ships some or all of a paid order's lines in a parcel with a
 * carrier and tracking number, and later marks the parcel delivered. The order's status follows: a partly shipped
 * order is Processing, a fully shipped one Shipped, one whose every parcel arrived Delivered. Each write holds the
 * order's row (SELECT ... FOR UPDATE) from the count check to the commit, so two admins shipping at once queue and
 * the second is checked against what the first shipped: an order never ships more than it holds.
 */
@Injectable()
export class ShipmentsService {
  constructor(
    private readonly orders: OrdersRepository,
    private readonly shipments: ShipmentsRepository,
    private readonly audit: AuditService,
    private readonly outbox: OutboxService,
    private readonly users: UsersService,
    private readonly transactions: Transactions,
  ) {}

  /**
   * Ships `request.lines` of a paid order: 400 with a field per line that names no line of the order, a refunded
   * line, or more units than are left to ship; 409 for an order Delivered or Cancelled. Queues the buyer's
   * "shipped" mail with the tracking link and audits the parcel (and the status move, when there is one).
   */
  ship(orderId: string, request: ShipmentRequest, actor: AuditActor): Promise<Order> {
    return this.transactions.run(async () => {
      const order = await this.lockPaidOrder(orderId);
      const current = order.status as OrderStatus;
      if (!SHIPPABLE.includes(current)) throw new ConflictError(`A ${current} order cannot ship`);
      const lines = await this.orders.linesOf(orderId);
      const shipped = shippedCounts(await this.shipments.forOrders([orderId]));

      const details: Array<{ field: string; message: string }> = [];
      const seen = new Set<number>();
      request.lines.forEach((wanted, i) => {
        const line = lines.find((candidate) => candidate.variantId === wanted.variant);
        if (!line) return void details.push({ field: `lines.${i}.variant`, message: 'is not a line of this order' });
        if (seen.has(wanted.variant)) return void details.push({ field: `lines.${i}.variant`, message: 'names a line already named' });
        seen.add(wanted.variant);
        if (line.refundId !== null)
          return void details.push({ field: `lines.${i}.variant`, message: `"${line.name}" was refunded: nothing to ship` });
        const left = line.count - (shipped.get(line.variantId) ?? 0);
        if (wanted.count > left) {
          details.push({
            field: `lines.${i}.count`,
            message: left === 0 ? `"${line.name}" has already shipped in full` : `at most ${left} of "${line.name}" left to ship`,
          });
        }
      });
      if (details.length > 0) {
        throw new ValidationFailedError(`Cannot ship: ${details.map((d) => `${d.field} ${d.message}`).join('; ')}`, details);
      }

      const parcel = request.lines.map((line) => ({ variantId: line.variant, count: line.count }));
      const shipmentId = await this.shipments.insert(orderId, request, parcel);
      const all = await this.shipments.forOrders([orderId]);
      const fulfilment = fulfilmentOf(lines, all);
      // A manual move to Shipped (the status route) is not undone by a later parcel of the rest.
      const next: OrderStatus = fulfilment === 'Shipped' ? 'Shipped' : current === 'Received' ? 'Processing' : current;
      await this.moveStatus(order, next, actor);
      await this.audit.record(actor, {
        action: 'order.ship',
        entityType: 'order',
        entityId: orderId,
        changes: {
          shipment: {
            before: null,
            after: { id: shipmentId, carrier: request.carrier, trackingNumber: request.trackingNumber, lines: request.lines },
          },
        },
      });
      const answer = toOrder(await this.orders.get(orderId), lines, all);
      const shipment = answer.shipments?.find((candidate) => candidate._id === shipmentId);
      // A buyer who deleted their account has no address to write to.
      if (order.userId && shipment) await this.outbox.orderShipped(answer, shipment, await this.users.emailOf(order.userId));
      return answer;
    });
  }

  /**
   * Marks one parcel of the order delivered (404 for a parcel not of this order, 409 when it already was); once
   * every unit has shipped and every parcel arrived, the order becomes Delivered.
   */
  delivered(orderId: string, shipmentId: string, actor: AuditActor): Promise<Order> {
    return this.transactions.run(async () => {
      const order = await this.lockPaidOrder(orderId);
      const outcome = await this.shipments.markDelivered(orderId, shipmentId);
      if (outcome === 'missing') throw new NotFoundError('The order has no such shipment');
      if (outcome === 'already') throw new ConflictError('The shipment was already delivered');
      const lines = await this.orders.linesOf(orderId);
      const all = await this.shipments.forOrders([orderId]);
      await this.audit.record(actor, {
        action: 'order.delivered',
        entityType: 'order',
        entityId: orderId,
        changes: { [`shipment ${shipmentId}`]: { before: null, after: { deliveredAt: 'now' } } },
      });
      if (fulfilmentOf(lines, all) === 'Delivered') await this.moveStatus(order, 'Delivered', actor);
      return toOrder(await this.orders.get(orderId), lines, all);
    });
  }

  /** Sets the order's status when the parcels moved it, and audits the move as the status route does. */
  private async moveStatus(order: OrderEntity, next: OrderStatus, actor: AuditActor): Promise<void> {
    if (order.status === next || order.status === 'Cancelled') return;
    await this.orders.setStatus(order.id, next, undefined);
    await this.audit.record(actor, {
      action: 'order.status',
      entityType: 'order',
      entityId: order.id,
      changes: { status: { before: order.status, after: next } },
    });
  }

  private async lockPaidOrder(orderId: string): Promise<OrderEntity> {
    const order = await this.orders.lockPaid(orderId);
    if (!order) throw new NotFoundError('Order not found');
    return order;
  }
}
