import { Body, Controller, Get, HttpCode, Post, Put } from '@nestjs/common';
import { ApiRoute, type Order, Role } from '@store/contract';
import { UuidParam } from '../../common/uuid-param.decorator.js';
import type { AuthUser } from '../auth/auth-user.js';
import { CurrentUser } from '../auth/current-user.decorator.js';
import { Roles } from '../auth/roles.decorator.js';
import { LineRefundDto } from './dto/line-refund.dto.js';
import { OrderStatusDto } from './dto/order-status.dto.js';
import { OrdersService } from './orders.service.js';

@Controller()
export class OrdersController {
  constructor(private readonly orders: OrdersService) {}

  /** The signed-in buyer's own orders (the path's userId is checked against the token by the global guard). */
  @Get(ApiRoute.ordersOfUser)
  mine(@CurrentUser() user: AuthUser): Promise<Order[]> {
    return this.orders.listForUser(user.id);
  }

  /** One paid order of the signed-in buyer (an admin may read any): the confirmation page after paying. */
  @Get(ApiRoute.order)
  one(@UuidParam('orderId') orderId: string, @CurrentUser() user: AuthUser): Promise<Order> {
    return this.orders.findForUser(orderId, user);
  }

  @Roles(Role.Admin)
  @Get(ApiRoute.ordersAll)
  all(): Promise<Order[]> {
    return this.orders.listAll();
  }

  @Roles(Role.Admin)
  @Put(ApiRoute.orderStatus)
  changeStatus(@UuidParam('orderId') orderId: string, @Body() body: OrderStatusDto, @CurrentUser() admin: AuthUser): Promise<Order> {
    return this.orders.changeStatus(orderId, body.status, admin);
  }

  /** Refunds one line of a paid order on its own (a partial refund); answers the order with the line's refund. */
  @Roles(Role.Admin)
  @Post(ApiRoute.orderLineRefund)
  @HttpCode(200)
  refundLine(@UuidParam('orderId') orderId: string, @Body() body: LineRefundDto, @CurrentUser() admin: AuthUser): Promise<Order> {
    return this.orders.refundLine(orderId, body.product, admin);
  }
}
