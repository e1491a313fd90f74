import {
  SHIPPING_CITY_MAX,
  SHIPPING_COUNTRY_CODES,
  SHIPPING_LINE_MAX,
  SHIPPING_NAME_MAX,
  SHIPPING_PHONE_PATTERN,
  SHIPPING_POSTAL_CODE_PATTERN,
  type ShippingAddress,
  type ShippingCountry,
} from '@store/contract';
import { Transform } from 'class-transformer';
import { IsIn, IsOptional, IsString, Length, Matches } from 'class-validator';
import { HasVisibleCharacter, NoControlCharacters } from '../../../common/text-rules.js';

const trim = ({ value }: { value: unknown }): unknown => (typeof value === 'string' ? value.trim() : value);
/** An optional field sent empty (a form's blank input) is the same as one left out: trimmed, then dropped. */
const trimOrAbsent = ({ value }: { value: unknown }): unknown => {
  if (value === null) return undefined;
  if (typeof value !== 'string') return value;
  return value.trim() === '' ? undefined : value.trim();
};

/**
 * Where an order ships, inside `paymentInfo`. Unknown keys are refused by the global pipe (whitelist), like every
 * body; text follows the store's one text rule (trimmed, a visible character, no control characters).
 */
export class ShippingAddressDto implements ShippingAddress {
  @Transform(trim)
  @IsString({ message: 'shippingAddress.name is required' })
  @Length(1, SHIPPING_NAME_MAX, { message: `shippingAddress.name must be 1 to ${SHIPPING_NAME_MAX} characters` })
  @NoControlCharacters({ message: 'shippingAddress.name must not contain control characters' })
  @HasVisibleCharacter({ message: 'shippingAddress.name must contain a visible character' })
  name!: string;

  @Transform(trim)
  @IsString({ message: 'shippingAddress.line1 is required' })
  @Length(1, SHIPPING_LINE_MAX, { message: `shippingAddress.line1 must be 1 to ${SHIPPING_LINE_MAX} characters` })
  @NoControlCharacters({ message: 'shippingAddress.line1 must not contain control characters' })
  @HasVisibleCharacter({ message: 'shippingAddress.line1 must contain a visible character' })
  line1!: string;

  @Transform(trimOrAbsent)
  @IsOptional()
  @IsString({ message: 'shippingAddress.line2 must be text' })
  @Length(1, SHIPPING_LINE_MAX, { message: `shippingAddress.line2 must be at most ${SHIPPING_LINE_MAX} characters` })
  @NoControlCharacters({ message: 'shippingAddress.line2 must not contain control characters' })
  @HasVisibleCharacter({ message: 'shippingAddress.line2 must contain a visible character' })
  line2?: string;

  @Transform(trim)
  @IsString({ message: 'shippingAddress.city is required' })
  @Length(1, SHIPPING_CITY_MAX, { message: `shippingAddress.city must be 1 to ${SHIPPING_CITY_MAX} characters` })
  @NoControlCharacters({ message: 'shippingAddress.city must not contain control characters' })
  @HasVisibleCharacter({ message: 'shippingAddress.city must contain a visible character' })
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
