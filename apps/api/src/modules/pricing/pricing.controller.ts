import { Body, Controller, Delete, Get, HttpCode, Post, Put } from '@nestjs/common';
import {
  ApiRoute,
  type GuestQuoteRequest,
  type PriceDisplay,
  type PricingAdmin,
  type Quote,
  type QuoteRequest,
  StaffRole,
} from '@store/contract';
import { DiscountCodeDto, PricingSettingsDto, ShippingMethodDto, ShippingZoneDto, TaxRateDto } from '@store/contract/dto/pricing-admin.dto';
import { GuestQuoteRequestDto, QuoteRequestDto } from '@store/contract/dto/quote-request.dto';
import { UuidParam } from '../../common/uuid-param.decorator.js';
import type { AuthUser } from '../auth/auth-user.js';
import { CurrentUser } from '../auth/current-user.decorator.js';
import { Public } from '../auth/public.decorator.js';
import { Roles } from '../auth/roles.decorator.js';
import { PricingAdminService } from './pricing-admin.service.js';
import { PricingService } from './pricing.service.js';
import { QuoteBodyPipe } from './quote-body.pipe.js';

/**
 * The buyer's quote (their own `:userId`, checked by the global guard) and the admin's Pricing screen: every read
 * for the shop's people, every write for owners and staff.
 */
@Controller()
export class PricingController {
  constructor(
    private readonly pricing: PricingService,
    private readonly admin: PricingAdminService,
  ) {}

  /**
   * A POST because a cart does not fit a URL; it changes nothing, so the web caches its answer per input. The body
   * is QuoteRequestDto's, checked by QuoteBodyPipe (its common form by hand, the rest by the DTO).
   */
  @Post(ApiRoute.quote)
  @HttpCode(200)
  quote(@Body(new QuoteBodyPipe(QuoteRequestDto)) body: QuoteRequest, @CurrentUser() user: AuthUser): Promise<Quote> {
    return this.pricing.quote(body, user.email.toLowerCase());
  }

  /** A guest's quote: the same, with no account; the e-mail, when given, is the customer a code's uses per customer count. */
  @Public()
  @Post(ApiRoute.guestQuote)
  @HttpCode(200)
  guestQuote(@Body(new QuoteBodyPipe(GuestQuoteRequestDto)) body: GuestQuoteRequest): Promise<Quote> {
    const { email, ...request } = body;
    return this.pricing.quote(request, email ?? '');
  }

  /** Whether shelf prices include tax, for the catalogue's "incl. VAT" (anyone; from the rules' per-process copy). */
  @Public()
  @Get(ApiRoute.priceDisplay)
  display(): Promise<PriceDisplay> {
    return this.pricing.display();
  }

  @Roles(StaffRole.Owner, StaffRole.Staff, StaffRole.ReadOnly)
  @Get(ApiRoute.pricingAdmin)
  overview(): Promise<PricingAdmin> {
    return this.admin.overview();
  }

  @Roles(StaffRole.Owner, StaffRole.Staff)
  @Put(ApiRoute.pricingSettings)
  settings(@Body() body: PricingSettingsDto, @CurrentUser() admin: AuthUser): Promise<PricingAdmin> {
    return this.admin.setSettings(body, admin);
  }

  @Roles(StaffRole.Owner, StaffRole.Staff)
  @Post(ApiRoute.shippingZoneCreate)
  createZone(@Body() body: ShippingZoneDto, @CurrentUser() admin: AuthUser): Promise<PricingAdmin> {
    return this.admin.createZone(body, admin);
  }

  @Roles(StaffRole.Owner, StaffRole.Staff)
  @Delete(ApiRoute.shippingZoneDelete)
  deleteZone(@UuidParam('zoneId') zoneId: string, @CurrentUser() admin: AuthUser): Promise<PricingAdmin> {
    return this.admin.deleteZone(zoneId, admin);
  }

  @Roles(StaffRole.Owner, StaffRole.Staff)
  @Post(ApiRoute.shippingMethodCreate)
  createMethod(@Body() body: ShippingMethodDto, @CurrentUser() admin: AuthUser): Promise<PricingAdmin> {
    return this.admin.createMethod(body, admin);
  }

  @Roles(StaffRole.Owner, StaffRole.Staff)
  @Delete(ApiRoute.shippingMethodDelete)
  deleteMethod(@UuidParam('methodId') methodId: string, @CurrentUser() admin: AuthUser): Promise<PricingAdmin> {
    return this.admin.deleteMethod(methodId, admin);
  }

  @Roles(StaffRole.Owner, StaffRole.Staff)
  @Post(ApiRoute.taxRateCreate)
  createTaxRate(@Body() body: TaxRateDto, @CurrentUser() admin: AuthUser): Promise<PricingAdmin> {
    return this.admin.createTaxRate(body, admin);
  }

  @Roles(StaffRole.Owner, StaffRole.Staff)
  @Delete(ApiRoute.taxRateDelete)
  deleteTaxRate(@UuidParam('rateId') rateId: string, @CurrentUser() admin: AuthUser): Promise<PricingAdmin> {
    return this.admin.deleteTaxRate(rateId, admin);
  }

  @Roles(StaffRole.Owner, StaffRole.Staff)
  @Post(ApiRoute.discountCodeCreate)
  createCode(@Body() body: DiscountCodeDto, @CurrentUser() admin: AuthUser): Promise<PricingAdmin> {
    return this.admin.createCode(body, admin);
  }

  @Roles(StaffRole.Owner, StaffRole.Staff)
  @Delete(ApiRoute.discountCodeDelete)
  deleteCode(@UuidParam('codeId') codeId: string, @CurrentUser() admin: AuthUser): Promise<PricingAdmin> {
    return this.admin.deleteCode(codeId, admin);
  }
}
