import { Type } from 'class-transformer';
import {
  ArrayMaxSize,
  ArrayMinSize,
  IsArray,
  IsBoolean,
  IsIn,
  IsInt,
  IsOptional,
  IsString,
  MaxLength,
  Min,
  MinLength,
  ValidateNested,
} from 'class-validator';
import { GUEST_ORDER_TOKEN_MAX } from '../checkout.js';
import {
  type ExchangeShipment,
  type GuestReturnRequest,
  RETURN_CARRIER_MAX_LENGTH,
  RETURN_KINDS,
  RETURN_LINES_MAX,
  RETURN_NOTE_MAX_LENGTH,
  RETURN_REASONS,
  RETURN_TRACKING_MAX_LENGTH,
  type ReturnKind,
  type ReturnLineRequest,
  type ReturnReason,
  type ReturnReceipt,
  type ReturnRequest,
} from '../returns.js';
import { NoControlCharacters } from './text-rules.js';

export class ReturnLineRequestDto implements ReturnLineRequest {
  @IsInt({ message: 'variant must be the id of a variant of the order' })
  @Min(1, { message: 'variant must be the id of a variant of the order' })
  variant!: number;

  @IsInt({ message: 'quantity must be a whole number' })
  @Min(1, { message: 'quantity must be at least 1' })
  quantity!: number;

  @IsOptional()
  @IsInt({ message: 'exchangeVariant must be the id of a variant of the same product' })
  @Min(1, { message: 'exchangeVariant must be the id of a variant of the same product' })
  exchangeVariant?: number;
}

export class ReturnRequestDto implements ReturnRequest {
  @IsIn(RETURN_KINDS, { message: `kind must be one of ${RETURN_KINDS.join(', ')}` })
  kind!: ReturnKind;

  @IsIn(RETURN_REASONS, { message: `reason must be one of ${RETURN_REASONS.join(', ')}` })
  reason!: ReturnReason;

  @IsOptional()
  @IsString({ message: 'note must be text' })
  @NoControlCharacters({ multiline: true })
  @MaxLength(RETURN_NOTE_MAX_LENGTH, { message: `note must be at most ${RETURN_NOTE_MAX_LENGTH} characters` })
  note?: string;

  @IsArray({ message: 'lines must be a list of the lines to send back' })
  @ArrayMinSize(1, { message: 'lines must name at least one line' })
  @ArrayMaxSize(RETURN_LINES_MAX, { message: `lines must name at most ${RETURN_LINES_MAX} lines` })
  @ValidateNested({ each: true })
  @Type(() => ReturnLineRequestDto)
  lines!: ReturnLineRequestDto[];
}

export class GuestReturnRequestDto extends ReturnRequestDto implements GuestReturnRequest {
  @IsString({ message: "token must be the token of the order's link" })
  @MinLength(1, { message: "token must be the token of the order's link" })
  @MaxLength(GUEST_ORDER_TOKEN_MAX, { message: `token must be at most ${GUEST_ORDER_TOKEN_MAX} characters` })
  token!: string;
}

export class ReturnReceiptDto implements ReturnReceipt {
  @IsBoolean({ message: 'restock must be true (back on sale) or false (written off)' })
  restock!: boolean;
}

export class ExchangeShipmentDto implements ExchangeShipment {
  @IsString({ message: 'carrier must be text' })
  @NoControlCharacters()
  @MinLength(1, { message: 'carrier is required' })
  @MaxLength(RETURN_CARRIER_MAX_LENGTH, { message: `carrier must be at most ${RETURN_CARRIER_MAX_LENGTH} characters` })
  carrier!: string;

  @IsString({ message: 'tracking must be text' })
  @NoControlCharacters()
  @MinLength(1, { message: 'tracking is required' })
  @MaxLength(RETURN_TRACKING_MAX_LENGTH, { message: `tracking must be at most ${RETURN_TRACKING_MAX_LENGTH} characters` })
  tracking!: string;
}
