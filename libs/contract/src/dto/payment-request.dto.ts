import { PRODUCT_SIZES, type ProductSize } from '../catalogue.js';
import {
  CART_LINE_MAX_COUNT,
  CART_MAX_LINES,
  type CartLineRef,
  PAYMENT_AMOUNT_MAX,
  type PaymentInfo,
  type PaymentRequest,
} from '../checkout.js';
import { isWholeCents } from '../money.js';
import { Transform, Type } from 'class-transformer';
import { DISCOUNT_CODE_MAX, TAX_REGION_MAX } from '../pricing.js';
import {
  ArrayMaxSize,
  ArrayNotEmpty,
  IsArray,
  IsDefined,
  IsInt,
  IsNotEmpty,
  IsIn,
  IsNumber,
  IsObject,
  IsOptional,
  IsString,
  IsUUID,
  Length,
  Matches,
  Max,
  registerDecorator,
  MaxLength,
  Min,
  ValidateNested,
} from 'class-validator';
import { NoControlCharacters, trimOrAbsent } from './text-rules.js';
import { ShippingAddressDto } from './shipping-address.dto.js';

export class CartLineDto implements CartLineRef {
  @IsUUID('all', { message: 'each product _id must be a valid id' })
  _id!: string;

  @IsInt({ message: 'each product count must be a whole number' })
  @Min(1, { message: 'each product count must be at least 1' })
  @Max(CART_LINE_MAX_COUNT, { message: `each product count must be at most ${CART_LINE_MAX_COUNT}` })
  count!: number;

  /** Required for a product sold in sizes, refused for one that is not: the reservation, which reads the product, says so. */
  @IsOptional()
  @IsIn(PRODUCT_SIZES, { message: `each product size must be one of ${PRODUCT_SIZES.join(', ')}` })
  size?: ProductSize;

  /** The variant of a product with options; the reservation, which reads the product, checks it is one of its own. */
  @IsOptional()
  @IsInt({ message: 'each product variant must be the id of a variant' })
  @Min(1, { message: 'each product variant must be the id of a variant' })
  @Max(2147483647, { message: 'each product variant must be the id of a variant' })
  variant?: number;
}

export class PaymentInfoDto implements PaymentInfo {
  @IsString({ message: 'paymentMethodNonce is required' })
  @IsNotEmpty({ message: 'paymentMethodNonce is required' })
  @MaxLength(4096, { message: 'paymentMethodNonce is too long' })
  @NoControlCharacters({ message: 'paymentMethodNonce must not contain control or invalid characters' })
  paymentMethodNonce!: string;

  // A browser's float sum of the cart's prices (76.47999999999999) is a whole number of cents: accepted, and
  // compared with the total in cents. 12.505 is not.
  @IsWholeCents({ message: 'amount must be a number of dollars with at most 2 decimals' })
  @IsNumber({ allowNaN: false, allowInfinity: false }, { message: 'amount must be a number of dollars with at most 2 decimals' })
  @Min(0, { message: 'amount must not be negative' })
  @Max(PAYMENT_AMOUNT_MAX, { message: `amount must be at most ${PAYMENT_AMOUNT_MAX}` })
  amount!: number;

  @IsArray({ message: 'products must be a list of {_id, count}' })
  @ArrayNotEmpty({ message: 'the cart is empty' })
  @ArrayMaxSize(CART_MAX_LINES, { message: `the cart may hold at most ${CART_MAX_LINES} entries` })
  @ValidateNested({ each: true })
  @Type(() => CartLineDto)
  // Last, so it is checked first (decorators register bottom-up and validation stops at the first failure).
  @IsDefined({ message: 'products is required: the cart as a list of {_id, count}' })
  products!: CartLineDto[];

  // Optional: a spec-only client pays without one (the order then has no address); the web app always sends it.
  @IsOptional()
  @IsObject({ message: 'shippingAddress must be an object with name, line1, city, postalCode and country' })
  @ValidateNested()
  @Type(() => ShippingAddressDto)
  shippingAddress?: ShippingAddressDto;

  // The pricing inputs (docs/pricing.md): optional, so a client that sends none pays the sum of the items in a shop
  // with no shipping, taxes or codes configured.
  @IsOptional()
  @IsUUID('all', { message: 'shippingMethod must be the id of a shipping method the quote offered' })
  shippingMethod?: string;

  @Transform(trimOrAbsent)
  @IsOptional()
  @IsString({ message: 'discountCode must be text' })
  @Length(1, DISCOUNT_CODE_MAX, { message: `discountCode must be 1 to ${DISCOUNT_CODE_MAX} characters` })
  discountCode?: string;

  /** The tax region (a state or province code) for a shop with tax rates by region. */
  @Transform(trimOrAbsent)
  @IsOptional()
  @Matches(/^[A-Za-z0-9-]{1,8}$/, { message: `region must be a region code of 1 to ${TAX_REGION_MAX} letters or digits` })
  region?: string;
}

export class PaymentRequestDto implements PaymentRequest {
  @IsDefined({ message: 'paymentInfo is required' })
  @ValidateNested()
  @Type(() => PaymentInfoDto)
  paymentInfo!: PaymentInfoDto;
}

/** Validator: a number that is a whole number of cents, floating-point noise aside (see isWholeCents). */
function IsWholeCents(options: { message: string }): PropertyDecorator {
  return (target: object, propertyName: string | symbol) =>
    registerDecorator({
      name: 'isWholeCents',
      target: target.constructor,
      propertyName: String(propertyName),
      options,
      validator: { validate: (value: unknown) => typeof value !== 'number' || isWholeCents(value) },
    });
}
