import { type GuestQuoteRequest, type PricingDestination, type QuoteRequest, TAX_REGION_MAX } from '../pricing.js';
import { SHIPPING_COUNTRY_CODES, type ShippingCountry } from '../shipping.js';
import { Transform, Type } from 'class-transformer';
import { IsIn, IsObject, IsOptional, Matches, ValidateNested } from 'class-validator';
import { CheckoutInputsDto, isPlainObject, onlyKeys, wellFormedCheckoutInputs } from './checkout-inputs.dto.js';
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
const DESTINATION_KEYS = new Set(['country', 'region']);
const COUNTRIES: ReadonlySet<string> = new Set(SHIPPING_COUNTRY_CODES);

/**
 * The common quote body (the common checkout inputs, see {@link wellFormedCheckoutInputs}, and a known country),
 * checked by hand against exactly the rules of {@link QuoteRequestDto} (and {@link GuestQuoteRequestDto} without an
 * e-mail): the request as the DTO's validation would answer it, or undefined for anything else (an error, a value
 * the DTO would trim or drop, a null, an unknown field, an e-mail), which the caller then validates with the DTO, so
 * every refusal is the DTO's own. For the hot path `POST /checkout/quote` only;
 * `apps/api/src/modules/pricing/quote-body.pipe.spec.ts` holds both ways to the same answers.
 */
export function wellFormedQuoteRequest(body: unknown): QuoteRequest | undefined {
  if (!isPlainObject(body) || !onlyKeys(body, BODY_KEYS)) return undefined;
  const inputs = wellFormedCheckoutInputs(body);
  if (inputs === undefined) return undefined;
  const request: QuoteRequest = { products: inputs.products };
  if ('destination' in body) {
    const { destination } = body;
    if (!isPlainObject(destination) || !onlyKeys(destination, DESTINATION_KEYS)) return undefined;
    const { country, region } = destination;
    if (typeof country !== 'string' || !COUNTRIES.has(country)) return undefined;
    if ('region' in destination && !(typeof region === 'string' && REGION_CODE.test(region))) return undefined;
    request.destination = { country: country as ShippingCountry, ...('region' in destination ? { region: region as string } : {}) };
  }
  if (inputs.shippingMethod !== undefined) request.shippingMethod = inputs.shippingMethod;
  if (inputs.discountCode !== undefined) request.discountCode = inputs.discountCode;
  return request;
}
