import type { ProductSize } from '../catalogue.js';
import { PRODUCT_SIZES } from '../catalogue.js';
import { CART_LINE_MAX_COUNT, CART_MAX_LINES, type CartLineRef, type PaymentInfo } from '../checkout.js';
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
  isUUID,
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

/** What a quote and a payment share, as {@link CheckoutInputsDto} validates it. */
export type CheckoutInputs = Pick<PaymentInfo, 'products' | 'shippingMethod' | 'discountCode'>;

const LINE_KEYS = new Set(['_id', 'count', 'size', 'variant']);
const SIZES: ReadonlySet<string> = new Set(PRODUCT_SIZES);
/** Printable ASCII with nothing to trim: a code the DTO's trim and length rules pass as it is. */
const PLAIN_CODE = /^[\x21-\x7e](?:[\x20-\x7e]*[\x21-\x7e])?$/;
const VARIANT_ID_MAX = 2147483647;

/**
 * The fields of {@link CheckoutInputsDto} in their common form (a cart of well-formed lines, a method id, a plain
 * code), checked by hand against exactly its rules with class-validator's own functions: the inputs as the DTO's
 * validation would answer them, or undefined for anything else (an error, a value the DTO would trim or drop, a
 * null), which the caller then validates with the DTO, so every refusal is the DTO's own. The first step of the hot
 * bodies' checks (`wellFormedQuoteRequest`, `wellFormedPaymentRequest`): class-validator costs about 60-75 µs per
 * body there (docs/performance.md). The caller checks the body's keys.
 */
export function wellFormedCheckoutInputs(body: Record<string, unknown>): CheckoutInputs | undefined {
  const { products, shippingMethod, discountCode } = body;
  if (!Array.isArray(products) || products.length === 0 || products.length > CART_MAX_LINES) return undefined;
  const lines: CartLineRef[] = [];
  for (const line of products) {
    if (!isPlainObject(line) || !onlyKeys(line, LINE_KEYS)) return undefined;
    const { _id, count, size, variant } = line;
    if (typeof _id !== 'string' || !isUUID(_id, 'all')) return undefined;
    if (!isWhole(count, 1, CART_LINE_MAX_COUNT)) return undefined;
    if ('size' in line && !(typeof size === 'string' && SIZES.has(size))) return undefined;
    if ('variant' in line && !isWhole(variant, 1, VARIANT_ID_MAX)) return undefined;
    lines.push({
      _id,
      count,
      ...('size' in line ? { size: size as ProductSize } : {}),
      ...('variant' in line ? { variant: variant as number } : {}),
    });
  }
  const inputs: CheckoutInputs = { products: lines };
  if ('shippingMethod' in body) {
    if (typeof shippingMethod !== 'string' || !isUUID(shippingMethod, 'all')) return undefined;
    inputs.shippingMethod = shippingMethod;
  }
  if ('discountCode' in body) {
    if (typeof discountCode !== 'string' || discountCode.length > DISCOUNT_CODE_MAX || !PLAIN_CODE.test(discountCode)) return undefined;
    inputs.discountCode = discountCode;
  }
  return inputs;
}

/** An object as JSON.parse makes it (not an array, a null or a class instance). */
export function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && Object.getPrototypeOf(value) === Object.prototype;
}

/** No key but `allowed`'s: the global pipe's whitelist (forbidNonWhitelisted) refuses any other. */
export function onlyKeys(value: Record<string, unknown>, allowed: ReadonlySet<string>): boolean {
  for (const key in value) if (!allowed.has(key)) return false;
  return true;
}

/** class-validator's IsInt, Min and Max together. */
function isWhole(value: unknown, min: number, max: number): value is number {
  return typeof value === 'number' && Number.isInteger(value) && value >= min && value <= max;
}
