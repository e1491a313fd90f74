import { type GuestQuoteRequest, type PricingDestination, type QuoteRequest, TAX_REGION_MAX } from '../pricing.js';
import { SHIPPING_COUNTRY_CODES, type ShippingCountry } from '../shipping.js';
import { Transform, Type } from 'class-transformer';
import { IsIn, IsObject, IsOptional, Matches, ValidateNested } from 'class-validator';
import { CheckoutInputsDto } from './checkout-inputs.dto.js';
import { GuestEmail } from './guest-email.dto.js';
import { trimOrAbsent } from './text-rules.js';

export class PricingDestinationDto implements PricingDestination {
  @IsIn(SHIPPING_COUNTRY_CODES, { message: `destination.country must be one of ${SHIPPING_COUNTRY_CODES.join(', ')}` })
  country!: ShippingCountry;

  @Transform(trimOrAbsent)
  @IsOptional()
  @Matches(/^[A-Za-z0-9-]{1,8}$/, { message: `destination.region must be a region code of 1 to ${TAX_REGION_MAX} letters or digits` })
  region?: string;
}

/** The body of a quote: the shared checkout inputs and where the cart ships. */
export class QuoteRequestDto extends CheckoutInputsDto implements QuoteRequest {
  @IsOptional()
  @IsObject({ message: 'destination must be an object with a country' })
  @ValidateNested()
  @Type(() => PricingDestinationDto)
  destination?: PricingDestinationDto;
}

/** A guest's quote: the same, and optionally the e-mail, so a code's uses per customer are checked before paying. */
export class GuestQuoteRequestDto extends QuoteRequestDto implements GuestQuoteRequest {
  @GuestEmail(false)
  email?: string;
}
