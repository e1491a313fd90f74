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
import { Transform } from 'class-transformer';
import { IsIn, IsOptional, IsString, Length, Matches } from 'class-validator';
import { HasVisibleCharacter, NoControlCharacters, trim, trimOrAbsent } from './text-rules.js';

/**
 * The store's text rule for one address text field, `required` or optional, up to `max` characters after
 * trimming, each failure naming `shippingAddress.<field>`: the same as these decorators written one above the
 * other, as the other DTOs write them.
 */
function AddressText(field: string, max: number, required: boolean): PropertyDecorator {
  const name = `shippingAddress.${field}`;
  const rules: PropertyDecorator[] = [
    Transform(required ? trim : trimOrAbsent),
    ...(required ? [] : [IsOptional()]),
    IsString({ message: required ? `${name} is required` : `${name} must be text` }),
    Length(1, max, { message: required ? `${name} must be 1 to ${max} characters` : `${name} must be at most ${max} characters` }),
    NoControlCharacters({ message: `${name} must not contain control characters` }),
    HasVisibleCharacter({ message: `${name} must contain a visible character` }),
  ];
  // Stacked decorators apply bottom-up: reversed, so these register exactly as the stacked form would.
  return (target, property) => [...rules].reverse().forEach((rule) => rule(target, property));
}

/**
 * Where an order ships, inside `paymentInfo`. Unknown keys are refused by the global pipe (whitelist), like every
 * body; text follows the store's one text rule (trimmed, a visible character, no control characters).
 */
export class ShippingAddressDto implements ShippingAddress {
  @AddressText('name', SHIPPING_NAME_MAX, true)
  name!: string;

  @AddressText('line1', SHIPPING_LINE_MAX, true)
  line1!: string;

  @AddressText('line2', SHIPPING_LINE_MAX, false)
  line2?: string;

  @AddressText('city', SHIPPING_CITY_MAX, true)
  city!: string;

  @Transform(trim)
  @IsString({ message: 'shippingAddress.postalCode is required' })
  @Matches(SHIPPING_POSTAL_CODE_PATTERN, {
    message: 'shippingAddress.postalCode must be 2 to 12 letters, digits, spaces or hyphens',
  })
  postalCode!: string;

  @Transform(trim)
  @IsIn(SHIPPING_COUNTRY_CODES, { message: `shippingAddress.country must be one of ${SHIPPING_COUNTRY_CODES.join(', ')}` })
  country!: ShippingCountry;

  @Transform(trimOrAbsent)
  @IsOptional()
  @IsString({ message: 'shippingAddress.phone must be text' })
  @Matches(SHIPPING_PHONE_PATTERN, {
    message: 'shippingAddress.phone must be 6 to 24 digits, spaces, dots, hyphens or brackets, with an optional leading +',
  })
  phone?: string;
}
