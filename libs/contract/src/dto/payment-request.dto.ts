import { type GuestPaymentInfo, type GuestPaymentRequest, PAYMENT_AMOUNT_MAX, type PaymentInfo, type PaymentRequest } from '../checkout.js';
import {
  SHIPPING_CITY_MAX,
  SHIPPING_COUNTRY_CODES,
  SHIPPING_LINE_MAX,
  SHIPPING_NAME_MAX,
  SHIPPING_PHONE_PATTERN,
  SHIPPING_POSTAL_CODE_PATTERN,
  type ShippingAddress,
  type ShippingCountry,
} from '../shipping.js';
import { hasControlCharacters, hasVisibleCharacter } from '../text-rules.js';
import { isWholeCents } from '../money.js';
import { Transform, Type } from 'class-transformer';
import { TAX_REGION_MAX } from '../pricing.js';
import {
  IsDefined,
  IsNotEmpty,
  IsNumber,
  IsObject,
  IsOptional,
  IsString,
  length,
  Matches,
  Max,
  registerDecorator,
  MaxLength,
  Min,
  ValidateNested,
} from 'class-validator';
import { CheckoutInputsDto, isPlainObject, onlyKeys, wellFormedCheckoutInputs } from './checkout-inputs.dto.js';
import { GuestEmail } from './guest-email.dto.js';
import { NoControlCharacters, trimOrAbsent } from './text-rules.js';
import { ShippingAddressDto } from './shipping-address.dto.js';

export { CartLineDto } from './checkout-inputs.dto.js';

/** What every card payment sends besides the shared checkout inputs: the card's nonce, the total seen and the tax region. */
class CardPaymentDto extends CheckoutInputsDto {
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

  /** The tax region (a state or province code) for a shop with tax rates by region. */
  @Transform(trimOrAbsent)
  @IsOptional()
  @Matches(/^[A-Za-z0-9-]{1,8}$/, { message: `region must be a region code of 1 to ${TAX_REGION_MAX} letters or digits` })
  region?: string;
}

export class PaymentInfoDto extends CardPaymentDto implements PaymentInfo {
  // Optional: a spec-only client pays without one (the order then has no address); the web app always sends it.
  @IsOptional()
  @IsObject({ message: 'shippingAddress must be an object with name, line1, city, postalCode and country' })
  @ValidateNested()
  @Type(() => ShippingAddressDto)
  shippingAddress?: ShippingAddressDto;
}

export class PaymentRequestDto implements PaymentRequest {
  @IsDefined({ message: 'paymentInfo is required' })
  @ValidateNested()
  @Type(() => PaymentInfoDto)
  paymentInfo!: PaymentInfoDto;
}

/** A guest's payment: the same card payment, with the e-mail the order link goes to and a required address. */
export class GuestPaymentInfoDto extends CardPaymentDto implements GuestPaymentInfo {
  @GuestEmail(true)
  email!: string;

  @IsObject({ message: 'shippingAddress is required: an object with name, line1, city, postalCode and country' })
  @ValidateNested()
  @Type(() => ShippingAddressDto)
  @IsDefined({ message: 'shippingAddress is required: an object with name, line1, city, postalCode and country' })
  shippingAddress!: ShippingAddressDto;
}

export class GuestPaymentRequestDto implements GuestPaymentRequest {
  @IsDefined({ message: 'paymentInfo is required' })
  @ValidateNested()
  @Type(() => GuestPaymentInfoDto)
  paymentInfo!: GuestPaymentInfoDto;
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

const REGION_CODE = /^[A-Za-z0-9-]{1,8}$/;
const NONCE_MAX = 4096;
const INFO_KEYS = new Set(['products', 'shippingMethod', 'discountCode', 'paymentMethodNonce', 'amount', 'region', 'shippingAddress']);
const ADDRESS_KEYS = new Set(['name', 'line1', 'line2', 'city', 'postalCode', 'country', 'phone']);
const COUNTRIES: ReadonlySet<string> = new Set(SHIPPING_COUNTRY_CODES);

/**
 * The common payment body of a signed-in buyer (the common checkout inputs, see `wellFormedCheckoutInputs`, a
 * nonce, an amount in whole cents, a plain region, an address with nothing to trim), checked by hand against exactly
 * the rules of {@link PaymentRequestDto} with class-validator's own functions and the text rule's: the request as the
 * DTO's validation would answer it, or undefined for anything else (an error, a value the DTO would trim or drop, a
 * null, an unknown field), which the caller then validates with the DTO, so every refusal is the DTO's own. For the
 * hot path `POST /payment/braintree/:userId` (docs/performance.md, "Checkout statements");
 * `apps/api/src/modules/payments/payment-body.spec.ts` holds both ways to the same answers.
 */
export function wellFormedPaymentRequest(body: unknown): PaymentRequest | undefined {
  if (!isPlainObject(body) || !onlyKeys(body, PAYMENT_KEYS)) return undefined;
  const { paymentInfo } = body;
  if (!isPlainObject(paymentInfo) || !onlyKeys(paymentInfo, INFO_KEYS)) return undefined;
  const inputs = wellFormedCheckoutInputs(paymentInfo);
  if (inputs === undefined) return undefined;
  const { paymentMethodNonce: nonce, amount, region, shippingAddress } = paymentInfo;
  if (typeof nonce !== 'string' || nonce === '' || nonce.length > NONCE_MAX || hasControlCharacters(nonce)) return undefined;
  if (typeof amount !== 'number' || !isWholeCents(amount) || amount < 0 || amount > PAYMENT_AMOUNT_MAX) return undefined;
  const info: PaymentInfo = { products: inputs.products, paymentMethodNonce: nonce, amount };
  if ('region' in paymentInfo) {
    if (typeof region !== 'string' || !REGION_CODE.test(region)) return undefined;
    info.region = region;
  }
  if ('shippingAddress' in paymentInfo) {
    const address = wellFormedAddress(shippingAddress);
    if (address === undefined) return undefined;
    info.shippingAddress = address;
  }
  if (inputs.shippingMethod !== undefined) info.shippingMethod = inputs.shippingMethod;
  if (inputs.discountCode !== undefined) info.discountCode = inputs.discountCode;
  return { paymentInfo: info };
}

const PAYMENT_KEYS = new Set(['paymentInfo']);

/** A {@link ShippingAddressDto} with nothing to trim or drop, or undefined (see {@link wellFormedPaymentRequest}). */
function wellFormedAddress(value: unknown): ShippingAddress | undefined {
  if (!isPlainObject(value) || !onlyKeys(value, ADDRESS_KEYS)) return undefined;
  const { name, line1, line2, city, postalCode, country, phone } = value;
  if (!addressText(name, SHIPPING_NAME_MAX) || !addressText(line1, SHIPPING_LINE_MAX) || !addressText(city, SHIPPING_CITY_MAX))
    return undefined;
  if ('line2' in value && !addressText(line2, SHIPPING_LINE_MAX)) return undefined;
  if (!untrimmed(postalCode) || !SHIPPING_POSTAL_CODE_PATTERN.test(postalCode)) return undefined;
  if (!untrimmed(country) || !COUNTRIES.has(country)) return undefined;
  if ('phone' in value && !(untrimmed(phone) && SHIPPING_PHONE_PATTERN.test(phone))) return undefined;
  return {
    name,
    line1,
    ...('line2' in value ? { line2: line2 as string } : {}),
    city,
    postalCode,
    country: country as ShippingCountry,
    ...('phone' in value ? { phone: phone as string } : {}),
  };
}

/** A non-empty string the DTO's trim leaves as it is. */
function untrimmed(value: unknown): value is string {
  return typeof value === 'string' && value !== '' && value.trim() === value;
}

/** The address's text rule (`AddressText` in shipping-address.dto.ts) for a value it takes as it is. */
function addressText(value: unknown, max: number): value is string {
  return untrimmed(value) && length(value, 1, max) && !hasControlCharacters(value) && hasVisibleCharacter(value);
}
