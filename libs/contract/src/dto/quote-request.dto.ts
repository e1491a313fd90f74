import { CART_MAX_LINES, type CartLineRef } from '../checkout.js';
import { DISCOUNT_CODE_MAX, type PricingDestination, type QuoteRequest, TAX_REGION_MAX } from '../pricing.js';
import { SHIPPING_COUNTRY_CODES, type ShippingCountry } from '../shipping.js';
import { Transform, Type } from 'class-transformer';
import {
  ArrayMaxSize,
  ArrayNotEmpty,
  IsArray,
  IsDefined,
  IsIn,
  IsObject,
  IsOptional,
  IsString,
  IsUUID,
  Length,
  Matches,
  ValidateNested,
} from 'class-validator';
import { CartLineDto } from './payment-request.dto.js';
import { trimOrAbsent } from './text-rules.js';

export class PricingDestinationDto implements PricingDestination {
  @IsIn(SHIPPING_COUNTRY_CODES, { message: `destination.country must be one of ${SHIPPING_COUNTRY_CODES.join(', ')}` })
  country!: ShippingCountry;

  @Transform(trimOrAbsent)
  @IsOptional()
  @Matches(/^[A-Za-z0-9-]{1,8}$/, { message: `destination.region must be a region code of 1 to ${TAX_REGION_MAX} letters or digits` })
  region?: string;
}

export class QuoteRequestDto implements QuoteRequest {
  @IsArray({ message: 'products must be a list of {_id, count}' })
  @ArrayNotEmpty({ message: 'the cart is empty' })
  @ArrayMaxSize(CART_MAX_LINES, { message: `the cart may hold at most ${CART_MAX_LINES} entries` })
  @ValidateNested({ each: true })
  @Type(() => CartLineDto)
  @IsDefined({ message: 'products is required: the cart as a list of {_id, count}' })
  products!: CartLineRef[];

  @IsOptional()
  @IsObject({ message: 'destination must be an object with a country' })
  @ValidateNested()
  @Type(() => PricingDestinationDto)
  destination?: PricingDestinationDto;

  @IsOptional()
  @IsUUID('all', { message: 'shippingMethod must be the id of a shipping method the quote offered' })
  shippingMethod?: string;

  @Transform(trimOrAbsent)
  @IsOptional()
  @IsString({ message: 'discountCode must be text' })
  @Length(1, DISCOUNT_CODE_MAX, { message: `discountCode must be 1 to ${DISCOUNT_CODE_MAX} characters` })
  discountCode?: string;
}
