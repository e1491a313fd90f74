import { Body, Controller, Get, HttpCode, Post, Query, Res } from '@nestjs/common';
import {
  ApiRoute,
  GUEST_ORDER_TOKEN_MAX,
  GUEST_ORDER_TOKEN_PARAM,
  type OrderReturn,
  type ProductFit,
  REORDER_DAYS_DEFAULT,
  REORDER_DAYS_MAX,
  type ReorderSuggestion,
  StaffRole,
} from '@store/contract';
import { ExchangeShipmentDto, GuestReturnRequestDto, ReturnReceiptDto, ReturnRequestDto } from '@store/contract/dto/return-request.dto';
import type { Response } from 'express';
import { ValidationFailedError } from '../../common/errors.js';
import { setPageHeaders } from '../../common/pagination.js';
import { UuidParam } from '../../common/uuid-param.decorator.js';
import type { AuthUser } from '../auth/auth-user.js';
import { CurrentUser } from '../auth/current-user.decorator.js';
import { Public } from '../auth/public.decorator.js';
import { Roles } from '../auth/roles.decorator.js';
import { StockAlertsService } from '../stock-alerts/index.js';
import { parseReturnListQuery } from './return-list-query.js';
import { ReturnsService } from './returns.service.js';

@Controller()
export class ReturnsController {
  constructor(
    private readonly returns: ReturnsService,
    private readonly stockAlerts: StockAlertsService,
  ) {}

  /** The order's buyer asks to return or exchange some of its units. */
  @Post(ApiRoute.orderReturns)
  request(@UuidParam('orderId') orderId: string, @Body() body: ReturnRequestDto, @CurrentUser() buyer: AuthUser): Promise<OrderReturn> {
    return this.returns.request(orderId, body, buyer);
  }

  /** A guest asks to return or exchange some of their order's units, by the token of its link (in the body). */
  @Public()
  @Post(ApiRoute.guestOrderReturns)
  guestRequest(@Body() body: GuestReturnRequestDto): Promise<OrderReturn> {
    const { token, ...request } = body;
    return this.returns.guestRequest(token, request);
  }

  /** A guest order's returns, by the token of its link (`?token=`, as the order itself). */
  @Public()
  @Get(ApiRoute.guestOrderReturns)
  ofGuestOrder(@Query(GUEST_ORDER_TOKEN_PARAM) token: unknown): Promise<OrderReturn[]> {
    if (typeof token !== 'string' || token === '' || token.length > GUEST_ORDER_TOKEN_MAX) {
      throw new ValidationFailedError(`${GUEST_ORDER_TOKEN_PARAM} is required: the token of the order's link`, [
        { field: GUEST_ORDER_TOKEN_PARAM, message: `1 to ${GUEST_ORDER_TOKEN_MAX} characters` },
      ]);
    }
    return this.returns.ofGuestOrder(token);
  }

  /** The order's returns, for its buyer (or staff). */
  @Get(ApiRoute.orderReturns)
  ofOrder(@UuidParam('orderId') orderId: string, @CurrentUser() user: AuthUser): Promise<OrderReturn[]> {
    return this.returns.ofOrder(orderId, user);
  }

  /** The returns and exchanges, newest first, a page at a time (`limit`, `after`), optionally of one `status`. */
  @Roles(StaffRole.Owner, StaffRole.Staff, StaffRole.ReadOnly)
  @Get(ApiRoute.returnsAll)
  async all(@Query() query: Record<string, unknown>, @Res({ passthrough: true }) response: Response): Promise<OrderReturn[]> {
    const { limit, after, status } = parseReturnListQuery(query);
    const page = await this.returns.page(limit, after, status);
    setPageHeaders(response, page.total, page.next);
    return page.returns;
  }

  /** How many of each variant to reorder for the next `days` (default 30). */
  @Roles(StaffRole.Owner, StaffRole.Staff, StaffRole.ReadOnly)
  @Get(ApiRoute.reorderSuggestions)
  reorder(@Query('days') days: unknown): Promise<ReorderSuggestion[]> {
    const n = days === undefined ? REORDER_DAYS_DEFAULT : Number(days);
    if (typeof days === 'object' || !Number.isInteger(n) || n < 1 || n > REORDER_DAYS_MAX) {
      throw new ValidationFailedError(`days must be a whole number from 1 to ${REORDER_DAYS_MAX}`, [
        { field: 'days', message: `must be a whole number from 1 to ${REORDER_DAYS_MAX}` },
      ]);
    }
    // The shoppers waiting for each variant are its back-in-stock alerts (docs/returns.md, "Reorder suggestions").
    return this.returns.reorder(n, (variantIds) => this.stockAlerts.waitingCounts(variantIds));
  }

  @Roles(StaffRole.Owner, StaffRole.Staff)
  @Post(ApiRoute.returnApprove)
  @HttpCode(200)
  approve(@UuidParam('returnId') returnId: string, @CurrentUser() admin: AuthUser): Promise<OrderReturn> {
    return this.returns.approve(returnId, admin);
  }

  @Roles(StaffRole.Owner, StaffRole.Staff)
  @Post(ApiRoute.returnReject)
  @HttpCode(200)
  reject(@UuidParam('returnId') returnId: string, @CurrentUser() admin: AuthUser): Promise<OrderReturn> {
    return this.returns.reject(returnId, admin);
  }

  @Roles(StaffRole.Owner, StaffRole.Staff)
  @Post(ApiRoute.returnReceive)
  @HttpCode(200)
  receive(@UuidParam('returnId') returnId: string, @Body() body: ReturnReceiptDto, @CurrentUser() admin: AuthUser): Promise<OrderReturn> {
    return this.returns.receive(returnId, body.restock, admin);
  }

  /** Money goes back: the owner's, like every refund. */
  @Roles(StaffRole.Owner)
  @Post(ApiRoute.returnRefund)
  @HttpCode(200)
  refund(@UuidParam('returnId') returnId: string, @CurrentUser() admin: AuthUser): Promise<OrderReturn> {
    return this.returns.refund(returnId, admin);
  }

  @Roles(StaffRole.Owner, StaffRole.Staff)
  @Post(ApiRoute.returnShip)
  @HttpCode(200)
  ship(@UuidParam('returnId') returnId: string, @Body() body: ExchangeShipmentDto, @CurrentUser() admin: AuthUser): Promise<OrderReturn> {
    return this.returns.ship(returnId, body, admin);
  }

  /** The product's fit note (public: the product page shows it). */
  @Public()
  @Get(ApiRoute.productFit)
  fit(@UuidParam('productId') productId: string): Promise<ProductFit> {
    return this.returns.fit(productId);
  }
}
