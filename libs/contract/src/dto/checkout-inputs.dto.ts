import type { ProductSize } from '../catalogue.js';
import { PRODUCT_SIZES } from '../catalogue.js';
import { CART_LINE_MAX_COUNT, CART_MAX_LINES, type CartLineRef } from '../checkout.js';
import { DISCOUNT_CODE_MAX } from '../pricing.js';
import { Transform, Type } from 'class-transformer';
import {
  ArrayMaxSize,
  ArrayNotEmpty,
  IsArray,
  IsDefined,
  IsIn,
  IsInt,
  IsOptional,
  IsString,
  IsUUID,
  Length,
  Max,
  Min,
  ValidateNested,
} from 'class-validator';
import { trimOrAbsent } from './text-rules.js';

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

/**
 * What a quote and a payment share (docs/pricing.md): the cart, the shipping method chosen from the quote and a
 * discount code. The quote adds its destination, the payment its card, amount and address; the guest forms add the
 * buyer's e-mail.
 */
export class CheckoutInputsDto {
  @IsArray({ message: 'products must be a list of {_id, count}' })
  @ArrayNotEmpty({ message: 'the cart is empty' })
  @ArrayMaxSize(CART_MAX_LINES, { message: `the cart may hold at most ${CART_MAX_LINES} entries` })
  @ValidateNested({ each: true })
  @Type(() => CartLineDto)
  // Last, so it is checked first (decorators register bottom-up and validation stops at the first failure).
  @IsDefined({ message: 'products is required: the cart as a list of {_id, count}' })
  products!: CartLineDto[];

  // Optional: a client that sends none pays the sum of the items in a shop with no shipping, taxes or codes configured.
  @IsOptional()
  @IsUUID('all', { message: 'shippingMethod must be the id of a shipping method the quote offered' })
  shippingMethod?: string;

  @Transform(trimOrAbsent)
  @IsOptional()
  @IsString({ message: 'discountCode must be text' })
  @Length(1, DISCOUNT_CODE_MAX, { message: `discountCode must be 1 to ${DISCOUNT_CODE_MAX} characters` })
  discountCode?: string;
}
