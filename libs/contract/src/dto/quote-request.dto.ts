import { PRODUCT_SIZES, type ProductSize } from '../catalogue.js';
import { CART_LINE_MAX_COUNT, CART_MAX_LINES, type CartLineRef } from '../checkout.js';
import { DISCOUNT_CODE_MAX, type GuestQuoteRequest, type PricingDestination, type QuoteRequest, TAX_REGION_MAX } from '../pricing.js';
import { SHIPPING_COUNTRY_CODES, type ShippingCountry } from '../shipping.js';
import { Transform, Type } from 'class-transformer';
import { IsIn, IsObject, IsOptional, isUUID, Matches, ValidateNested } from 'class-validator';
import { CheckoutInputsDto } from './checkout-inputs.dto.js';
import { GuestEmail } from './guest-email.dto.js';
import { trimOrAbsent } from './text-rules.js';

const REGION_CODE = /^[A-Za-z0-9-]{1,8}$/;

export class PricingDestinationDto implements PricingDestination {
  @IsIn(SHIPPING_COUNTRY_CODES, { message: `destination.country must be one of ${SHIPPING_COUNTRY_CODES.join(', ')}` })
  country!: ShippingCountry;

  @Transform(trimOrAbsent)
  @IsOptional()
  @Matches(REGION_CODE, { message: `destination.region must be a region code of 1 to ${TAX_REGION_MAX} letters or digits` })
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

const BODY_KEYS = new Set(['products', 'destination', 'shippingMethod', 'discountCode']);
const LINE_KEYS = new Set(['_id', 'count', 'size', 'variant']);
const DESTINATION_KEYS = new Set(['country', 'region']);
const SIZES: ReadonlySet<string> = new Set(PRODUCT_SIZES);
const COUNTRIES: ReadonlySet<string> = new Set(SHIPPING_COUNTRY_CODES);
/** Printable ASCII with nothing to trim: a code the DTO's trim and length rules pass as it is. */
const PLAIN_CODE = /^[\x21-\x7e](?:[\x20-\x7e]*[\x21-\x7e])?$/;
const VARIANT_ID_MAX = 2147483647;

/**
 * The common quote body (a cart of well-formed lines, a known country, a method id, a plain code), checked by hand
 * against exactly the rules of {@link QuoteRequestDto} (and {@link GuestQuoteRequestDto} without an e-mail) with
 * class-validator's own functions: the request as the DTO's validation would answer it, or undefined for anything
 * else (an error, a value the DTO would trim or drop, a null, an unknown field, an e-mail), which the caller then
 * validates with the DTO, so every refusal is the DTO's own. For the hot path `POST /checkout/quote` only: class-validator costs
 * about 60-75 µs per body there (docs/performance.md); `apps/api/src/modules/pricing/quote-body.pipe.spec.ts` holds both
 * ways to the same answers.
 */
export function wellFormedQuoteRequest(body: unknown): QuoteRequest | undefined {
  if (!isPlainObject(body) || !onlyKeys(body, BODY_KEYS)) return undefined;
  const { products, destination, shippingMethod, discountCode } = body;
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
  const request: QuoteRequest = { products: lines };
  if ('destination' in body) {
    if (!isPlainObject(destination) || !onlyKeys(destination, DESTINATION_KEYS)) return undefined;
    const { country, region } = destination;
    if (typeof country !== 'string' || !COUNTRIES.has(country)) return undefined;
    if ('region' in destination && !(typeof region === 'string' && REGION_CODE.test(region))) return undefined;
    request.destination = { country: country as ShippingCountry, ...('region' in destination ? { region: region as string } : {}) };
  }
  if ('shippingMethod' in body) {
    if (typeof shippingMethod !== 'string' || !isUUID(shippingMethod, 'all')) return undefined;
    request.shippingMethod = shippingMethod;
  }
  if ('discountCode' in body) {
    if (typeof discountCode !== 'string' || discountCode.length > DISCOUNT_CODE_MAX || !PLAIN_CODE.test(discountCode)) return undefined;
    request.discountCode = discountCode;
  }
  return request;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && Object.getPrototypeOf(value) === Object.prototype;
}

function onlyKeys(value: Record<string, unknown>, allowed: ReadonlySet<string>): boolean {
  for (const key in value) if (!allowed.has(key)) return false;
  return true;
}

/** class-validator's IsInt, Min and Max together. */
function isWhole(value: unknown, min: number, max: number): value is number {
  return typeof value === 'number' && Number.isInteger(value) && value >= min && value <= max;
}
