import {
  DISCOUNT_CODE_PATTERN,
  DISCOUNT_KINDS,
  type DiscountCodeInput,
  type DiscountKind,
  PRICING_NAME_MAX,
  type PricingSettings,
  type ShippingMethodInput,
  type ShippingZoneInput,
  TAX_REGION_MAX,
  type TaxRateInput,
  WEIGHT_BRACKETS_MAX,
  WEIGHT_GRAMS_MAX,
  type WeightBracket,
} from '../pricing.js';
import { SHIPPING_COUNTRY_CODES, type ShippingCountry } from '../shipping.js';
import { Transform, Type } from 'class-transformer';
import {
  ArrayMaxSize,
  ArrayNotEmpty,
  IsArray,
  IsBoolean,
  IsIn,
  IsInt,
  IsISO8601,
  IsNumber,
  IsOptional,
  IsString,
  IsUUID,
  Length,
  Matches,
  Max,
  Min,
  ValidateIf,
  ValidateNested,
} from 'class-validator';
import { HasVisibleCharacter, NoControlCharacters, trim, trimOrAbsent } from './text-rules.js';

const MONEY = { maxDecimalPlaces: 2, allowNaN: false, allowInfinity: false };

export class PricingSettingsDto implements PricingSettings {
  @IsBoolean({ message: 'pricesIncludeTax must be true or false' })
  pricesIncludeTax!: boolean;
}

export class ShippingZoneDto implements ShippingZoneInput {
  @Transform(trim)
  @IsString({ message: 'name is required' })
  @Length(1, PRICING_NAME_MAX, { message: `name must be 1 to ${PRICING_NAME_MAX} characters` })
  @NoControlCharacters({ message: 'name must not contain control characters' })
  @HasVisibleCharacter({ message: 'name must contain a visible character' })
  name!: string;

  @IsArray({ message: 'countries must be a list of country codes' })
  @ArrayNotEmpty({ message: 'choose at least one country' })
  @ArrayMaxSize(SHIPPING_COUNTRY_CODES.length, { message: 'countries lists a country more than once' })
  @IsIn(SHIPPING_COUNTRY_CODES, { each: true, message: `each country must be one of ${SHIPPING_COUNTRY_CODES.join(', ')}` })
  countries!: ShippingCountry[];
}

export class ShippingMethodDto implements ShippingMethodInput {
  @IsUUID('all', { message: 'zone must be the id of a shipping zone' })
  zone!: string;

  @Transform(trim)
  @IsString({ message: 'name is required' })
  @Length(1, PRICING_NAME_MAX, { message: `name must be 1 to ${PRICING_NAME_MAX} characters` })
  @NoControlCharacters({ message: 'name must not contain control characters' })
  @HasVisibleCharacter({ message: 'name must contain a visible character' })
  name!: string;

  // A method by weight takes its prices from its brackets.
  @ValidateIf((method: ShippingMethodDto) => method.weightBrackets === undefined || method.weightBrackets === null)
  @IsNumber(MONEY, { message: 'price must be dollars with at most 2 decimals' })
  @Min(0, { message: 'price must not be negative' })
  @Max(100_000, { message: 'price must be at most 100000' })
  price?: number;

  @IsOptional()
  @IsNumber(MONEY, { message: 'freeOver must be dollars with at most 2 decimals' })
  @Min(0, { message: 'freeOver must not be negative' })
  @Max(1_000_000, { message: 'freeOver must be at most 1000000' })
  freeOver?: number | null;

  @IsOptional()
  @IsArray({ message: 'weightBrackets must be a list of {upTo, price}' })
  @ArrayNotEmpty({ message: 'weightBrackets must hold at least one bracket' })
  @ArrayMaxSize(WEIGHT_BRACKETS_MAX, { message: `weightBrackets may hold at most ${WEIGHT_BRACKETS_MAX} brackets` })
  @ValidateNested({ each: true })
  @Type(() => WeightBracketDto)
  weightBrackets?: WeightBracketDto[] | null;
}

// The type check last, so it is checked first (decorators register bottom-up and validation stops at the first failure).
export class WeightBracketDto implements WeightBracket {
  @Min(1, { message: 'upTo must be at least 1 gram' })
  @Max(WEIGHT_GRAMS_MAX, { message: `upTo must be at most ${WEIGHT_GRAMS_MAX} grams` })
  @IsInt({ message: 'upTo must be a whole number of grams' })
  upTo!: number;

  @Min(0, { message: 'price must not be negative' })
  @Max(100_000, { message: 'price must be at most 100000' })
  @IsNumber(MONEY, { message: 'price must be dollars with at most 2 decimals' })
  price!: number;
}

export class TaxRateDto implements TaxRateInput {
  @IsIn(SHIPPING_COUNTRY_CODES, { message: `country must be one of ${SHIPPING_COUNTRY_CODES.join(', ')}` })
  country!: ShippingCountry;

  @Transform(trimOrAbsent)
  @IsOptional()
  @Matches(/^[A-Za-z0-9-]{1,8}$/, { message: `region must be a region code of 1 to ${TAX_REGION_MAX} letters or digits` })
  region?: string;

  @Transform(trim)
  @IsString({ message: 'name is required' })
  @Length(1, PRICING_NAME_MAX, { message: `name must be 1 to ${PRICING_NAME_MAX} characters` })
  @NoControlCharacters({ message: 'name must not contain control characters' })
  @HasVisibleCharacter({ message: 'name must contain a visible character' })
  name!: string;

  @IsNumber(
    { maxDecimalPlaces: 3, allowNaN: false, allowInfinity: false },
    { message: 'rate must be a percentage with at most 3 decimals' },
  )
  @Min(0, { message: 'rate must not be negative' })
  @Max(100, { message: 'rate must be at most 100' })
  rate!: number;
}

export class DiscountCodeDto implements DiscountCodeInput {
  @Transform(trim)
  @IsString({ message: 'code is required' })
  @Matches(DISCOUNT_CODE_PATTERN, { message: 'code must be 3 to 32 letters, digits, - or _' })
  code!: string;

  @IsIn(DISCOUNT_KINDS, { message: `kind must be one of ${DISCOUNT_KINDS.join(', ')}` })
  kind!: DiscountKind;

  @IsNumber(MONEY, { message: 'value must be a number with at most 2 decimals' })
  @Min(0, { message: 'value must not be negative' })
  @Max(1_000_000, { message: 'value must be at most 1000000' })
  value!: number;

  @IsOptional()
  @IsISO8601({ strict: true }, { message: 'validFrom must be an ISO date and time' })
  validFrom?: string | null;

  @IsOptional()
  @IsISO8601({ strict: true }, { message: 'validUntil must be an ISO date and time' })
  validUntil?: string | null;

  @IsOptional()
  @IsNumber(MONEY, { message: 'minSubtotal must be dollars with at most 2 decimals' })
  @Min(0, { message: 'minSubtotal must not be negative' })
  minSubtotal?: number | null;

  @IsOptional()
  @IsArray({ message: 'categories must be a list of category ids' })
  @ArrayMaxSize(100, { message: 'categories may list at most 100 ids' })
  @IsUUID('all', { each: true, message: 'each category must be a category id' })
  categories?: string[];

  @IsOptional()
  @IsArray({ message: 'products must be a list of product ids' })
  @ArrayMaxSize(100, { message: 'products may list at most 100 ids' })
  @IsUUID('all', { each: true, message: 'each product must be a product id' })
  products?: string[];

  @IsOptional()
  @IsInt({ message: 'maxUses must be a whole number' })
  @Min(1, { message: 'maxUses must be at least 1' })
  maxUses?: number | null;

  @IsOptional()
  @IsInt({ message: 'maxUsesPerCustomer must be a whole number' })
  @Min(1, { message: 'maxUsesPerCustomer must be at least 1' })
  maxUsesPerCustomer?: number | null;
}
