import { Transform } from 'class-transformer';
import { IsEmail, IsInt, IsString, Matches, Max, MaxLength, Min } from 'class-validator';
import type { StockAlertRequest, StockAlertSignedInRequest, StockAlertToken } from '../stock-alerts.js';
import { NoControlCharacters, trimLowerCase } from './text-rules.js';

/** A variant id is a positive int4 (product_variants.id is serial). */
const VARIANT_ID_MAX = 2_147_483_647;

export class StockAlertSignedInDto implements StockAlertSignedInRequest {
  @IsInt({ message: 'Variant must be chosen' })
  @Min(1, { message: 'Variant must be chosen' })
  @Max(VARIANT_ID_MAX, { message: 'Variant must be chosen' })
  variantId!: number;
}

export class StockAlertRequestDto extends StockAlertSignedInDto implements StockAlertRequest {
  @Transform(trimLowerCase)
  @IsEmail({}, { message: 'Email must be a valid email address' })
  @MaxLength(254, { message: 'Email must be at most 254 characters' })
  @NoControlCharacters({ message: 'Email must not contain control characters' })
  email!: string;
}

export class StockAlertTokenDto implements StockAlertToken {
  // 32 random bytes in base64url: anything else cannot be a link this shop sent.
  @IsString({ message: 'Token is required' })
  @Matches(/^[A-Za-z0-9_-]{43}$/, { message: 'Token is not a stock alert token' })
  token!: string;
}
