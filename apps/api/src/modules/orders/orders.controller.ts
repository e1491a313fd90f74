import { Body, Controller, Get, HttpCode, Post, Put, Query, Res } from '@nestjs/common';
import {
  ApiRoute,
  GUEST_ORDER_TOKEN_MAX,
  GUEST_ORDER_TOKEN_PARAM,
  type GuestOrder,
  type LastAddressResponse,
  type Order,
  StaffRole,
  type SalesOverview,
  TOTAL_COUNT_CAPPED_HEADER,
} from '@store/contract';
import type { Response } from 'express';
import { JSON_CONTENT_TYPE, sendAnswer } from '../../common/cached-get.js';
import { ValidationFailedError } from '../../common/errors.js';
import { setPageHeaders } from '../../common/pagination.js';
import { UuidParam } from '../../common/uuid-param.decorator.js';
import type { AuthUser } from '../auth/auth-user.js';
import { CurrentUser } from '../auth/current-user.decorator.js';
import { Public } from '../auth/public.decorator.js';
import { Roles, RolesWhen } from '../auth/roles.decorator.js';
import { LineRefundDto } from '@store/contract/dto/line-refund.dto';
import { parseOrderListQuery } from './dto/order-list-query.js';
import { OrderStatusDto } from '@store/contract/dto/order-status.dto';
import { ORDERS_CSV_HEADER, orderCsvRows } from './orders-csv.js';
import { OrdersService } from './orders.service.js';

@Controller()
export class OrdersController {
  constructor(private readonly orders: OrdersService) {}

  /**
   * The signed-in buyer's own orders, newest first, a page at a time (`limit`, `after`; the path's userId is
   * checked against the token by the global guard).
   */
  @Get(ApiRoute.ordersOfUser)
  async mine(@CurrentUser() user: AuthUser, @Query() query: Record<string, unknown>, @Res() response: Response): Promise<void> {
    const { limit, after } = parseOrderListQuery(query, false);
    await this.page({ userId: user.id }, limit, after, response);
  }

  /** The address of the buyer's newest paid order that has one (`{address: null}` when none), to prefill checkout. */
  @Get(ApiRoute.lastAddress)
  lastAddress(@CurrentUser() user: AuthUser): Promise<LastAddressResponse> {
    return this.orders.lastAddress(user.id);
  }

  /** One paid order of the signed-in buyer (an admin may read any): the confirmation page after paying. */
  @Get(ApiRoute.order)
  one(@UuidParam('orderId') orderId: string, @CurrentUser() user: AuthUser): Promise<Order> {
    return this.orders.findForUser(orderId, user);
  }

  /**
   * A guest order by its link's token (`?token=`; a query string is kept out of the request log), for anyone who has
   * the link: status, lines, price breakdown, address. No account, so no id in the path to probe.
   */
  @Public()
  @Get(ApiRoute.guestOrder)
  guest(@Query(GUEST_ORDER_TOKEN_PARAM) token: unknown): Promise<GuestOrder> {
    if (typeof token !== 'string' || token === '' || token.length > GUEST_ORDER_TOKEN_MAX) {
      throw new ValidationFailedError(`${GUEST_ORDER_TOKEN_PARAM} is required: the token of the order's link`, [
        { field: GUEST_ORDER_TOKEN_PARAM, message: `1 to ${GUEST_ORDER_TOKEN_MAX} characters` },
      ]);
    }
    return this.orders.findForGuest(token);
  }

  /** Every paid order, newest first, a page at a time; filtered by `status`, `from`/`to` and searched by `q`. */
  @Roles(StaffRole.Owner, StaffRole.Staff, StaffRole.ReadOnly)
  @Get(ApiRoute.ordersAll)
  async all(@Query() query: Record<string, unknown>, @Res() response: Response): Promise<void> {
    const { limit, after, filter } = parseOrderListQuery(query, true);
    await this.page(filter, limit, after, response);
  }

  /**
   * The orders matching the admin list's filters as CSV, for bookkeeping: streamed a batch at a time as it is
   * read, never built whole in memory.
   */
  @Roles(StaffRole.Owner, StaffRole.Staff, StaffRole.ReadOnly)
  @Get(ApiRoute.ordersExport)
  async export(@Query() query: Record<string, unknown>, @Res() response: Response): Promise<void> {
    const { filter } = parseOrderListQuery(query, true);
    const name = `orders${filter.from ? `-from-${filter.from}` : ''}${filter.to ? `-to-${filter.to}` : ''}.csv`;
    const batches = this.orders.allMatching(filter);
    // The first batch is read before anything is sent, so a failure then is still a proper error answer.
    const first = await batches.next();
    response.status(200);
    response.setHeader('Content-Type', 'text/csv; charset=utf-8');
    response.setHeader('Content-Disposition', `attachment; filename="${name}"`);
    response.write(ORDERS_CSV_HEADER);
    try {
      for (let batch = first; !batch.done; batch = await batches.next()) {
        if (!response.write(orderCsvRows(batch.value))) await new Promise((resolve) => response.once('drain', resolve));
        if (response.destroyed) return;
      }
      response.end();
    } catch (error) {
      // Headers are gone: the only honest signal left is a cut connection (the client sees an incomplete file).
      response.destroy(error instanceof Error ? error : new Error(String(error)));
    }
  }

  /** Orders and revenue today / 7 / 30 days, best sellers and products low on stock. */
  @Roles(StaffRole.Owner, StaffRole.Staff, StaffRole.ReadOnly)
  @Get(ApiRoute.ordersOverview)
  overview(): Promise<SalesOverview> {
    return this.orders.overview();
  }

  /** Staff move orders along; a cancellation gives the money back, so it is the owner's, like a refund. */
  @Roles(StaffRole.Owner, StaffRole.Staff)
  @RolesWhen({ applies: ({ body }) => isCancellation(body), roles: [StaffRole.Owner], what: 'cancel an order (it refunds the payment)' })
  @Put(ApiRoute.orderStatus)
  changeStatus(@UuidParam('orderId') orderId: string, @Body() body: OrderStatusDto, @CurrentUser() admin: AuthUser): Promise<Order> {
    return this.orders.changeStatus(orderId, body.status, admin);
  }

  /** Refunds one line of a paid order on its own (a partial refund); answers the order with the line's refund. */
  @Roles(StaffRole.Owner)
  @Post(ApiRoute.orderLineRefund)
  @HttpCode(200)
  refundLine(@UuidParam('orderId') orderId: string, @Body() body: LineRefundDto, @CurrentUser() admin: AuthUser): Promise<Order> {
    return this.orders.refundLine(orderId, body.product, { size: body.size, variant: body.variant }, admin);
  }

  /** Refunds a paid order's shipping on its own, once; answers the order with the shipping refund in its pricing. */
  @Roles(StaffRole.Owner)
  @Post(ApiRoute.orderShippingRefund)
  @HttpCode(200)
  refundShipping(@UuidParam('orderId') orderId: string, @CurrentUser() admin: AuthUser): Promise<Order> {
    return this.orders.refundShipping(orderId, admin);
  }

  /**
   * Writes a page of orders. The page is JSON text already (Order[], written by Postgres), sent as it is with the type
   * res.json() gives, but without the ETag res.send() would hash over its 30-40 kB: the answer is signed in, so it
   * goes out `Cache-Control: no-store` and no client ever revalidates it (docs/performance.md, "The admin page
   * without an ETag").
   */
  private async page(
    filter: Parameters<OrdersService['listPage']>[0],
    limit: number,
    after: Parameters<OrdersService['listPage']>[2],
    response: Response,
  ): Promise<void> {
    const page = await this.orders.listPage(filter, limit, after);
    setPageHeaders(response, page.total, page.next);
    if (page.capped) response.setHeader(TOTAL_COUNT_CAPPED_HEADER, 'true');
    const body = Buffer.from(page.json);
    sendAnswer(response, {
      status: 200,
      headers: [
        ['Content-Type', JSON_CONTENT_TYPE],
        ['Content-Length', String(body.length)],
      ],
      body,
    });
  }
}

function isCancellation(body: unknown): boolean {
  return typeof body === 'object' && body !== null && (body as { status?: unknown }).status === 'Cancelled';
}
