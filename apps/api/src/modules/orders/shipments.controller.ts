import { Body, Controller, HttpCode, Post } from '@nestjs/common';
import { ApiRoute, type Order, StaffRole } from '@store/contract';
import { ShipmentDto } from '@store/contract/dto/shipment.dto';
import { UuidParam } from '../../common/uuid-param.decorator.js';
import type { AuthUser } from '../auth/auth-user.js';
import { CurrentUser } from '../auth/current-user.decorator.js';
import { Roles } from '../auth/roles.decorator.js';
import { ShipmentsService } from './shipments.service.js';

/** Shipping: owners and staff ship an order's lines and mark parcels delivered (read-only staff only see them). */
@Controller()
export class ShipmentsController {
  constructor(private readonly shipments: ShipmentsService) {}

  /** Ships some or all of a paid order's lines in one parcel; answers the order with its shipments (201). */
  @Roles(StaffRole.Owner, StaffRole.Staff)
  @Post(ApiRoute.orderShipments)
  ship(@UuidParam('orderId') orderId: string, @Body() body: ShipmentDto, @CurrentUser() admin: AuthUser): Promise<Order> {
    return this.shipments.ship(orderId, body, admin);
  }

  /** Marks one parcel delivered; answers the order (Delivered once every unit shipped and every parcel arrived). */
  @Roles(StaffRole.Owner, StaffRole.Staff)
  @Post(ApiRoute.shipmentDelivered)
  @HttpCode(200)
  delivered(
    @UuidParam('orderId') orderId: string,
    @UuidParam('shipmentId') shipmentId: string,
    @CurrentUser() admin: AuthUser,
  ): Promise<Order> {
    return this.shipments.delivered(orderId, shipmentId, admin);
  }
}
