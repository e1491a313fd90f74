import { type GuestPaymentInfo, type GuestPaymentRequest, PAYMENT_AMOUNT_MAX, type PaymentInfo, type PaymentRequest } from '../checkout.js';
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
  Matches,
  Max,
  registerDecorator,
  MaxLength,
  Min,
  ValidateNested,
} from 'class-validator';
import { CheckoutInputsDto } from './checkout-inputs.dto.js';
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
