import { Body, Controller, Get, HttpCode, Post, UseGuards } from '@nestjs/common';
import {
  ApiRoute,
  type MessageResponse,
  type ProductStockAlerts,
  STOCK_ALERT_CHECK_INBOX,
  STOCK_ALERT_SAVED,
  StaffRole,
  type StockAlertAnswer,
} from '@store/contract';
import { StockAlertRequestDto, StockAlertSignedInDto, StockAlertTokenDto } from '@store/contract/dto/stock-alert.dto';
import { UuidParam } from '../../common/uuid-param.decorator.js';
import type { AuthUser } from '../auth/auth-user.js';
import { CurrentUser } from '../auth/current-user.decorator.js';
import { Public } from '../auth/public.decorator.js';
import { AuthRateLimitGuard } from '../auth/rate-limit/rate-limit.guard.js';
import { Roles } from '../auth/roles.decorator.js';
import { StockAlertsService } from './stock-alerts.service.js';

@Controller()
export class StockAlertsController {
  constructor(private readonly alerts: StockAlertsService) {}

  /** 202 with the same message whether or not the address already had an alert. */
  @Post(ApiRoute.stockAlerts)
  @Public()
  @HttpCode(202)
  @UseGuards(AuthRateLimitGuard)
  async request(@Body() body: StockAlertRequestDto): Promise<MessageResponse> {
    await this.alerts.request(body.variantId, body.email);
    return { message: STOCK_ALERT_CHECK_INBOX };
  }

  @Post(ApiRoute.stockAlertsOfUser)
  @HttpCode(201)
  @UseGuards(AuthRateLimitGuard)
  async requestSignedIn(@Body() body: StockAlertSignedInDto, @CurrentUser() user: AuthUser): Promise<MessageResponse> {
    await this.alerts.requestSignedIn(user, body.variantId);
    return { message: STOCK_ALERT_SAVED };
  }

  /** The mailed link's page posts its token here; no session needed (the link may be opened on another device). */
  @Post(ApiRoute.stockAlertConfirm)
  @Public()
  @HttpCode(200)
  @UseGuards(AuthRateLimitGuard)
  confirm(@Body() body: StockAlertTokenDto): Promise<StockAlertAnswer> {
    return this.alerts.confirm(body.token);
  }

  @Post(ApiRoute.stockAlertUnsubscribe)
  @Public()
  @HttpCode(200)
  @UseGuards(AuthRateLimitGuard)
  unsubscribe(@Body() body: StockAlertTokenDto): Promise<StockAlertAnswer> {
    return this.alerts.unsubscribe(body.token);
  }

  /** A read: every staff role. */
  @Roles(StaffRole.Owner, StaffRole.Staff, StaffRole.ReadOnly)
  @Get(ApiRoute.stockAlertsOfProduct)
  product(@UuidParam('productId') productId: string): Promise<ProductStockAlerts> {
    return this.alerts.productWaiting(productId);
  }
}
