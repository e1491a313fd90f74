import { Transform, Type } from 'class-transformer';
import {
  ArrayMaxSize,
  ArrayNotEmpty,
  IsArray,
  IsDefined,
  IsIn,
  IsInt,
  IsString,
  Length,
  Matches,
  Max,
  Min,
  ValidateNested,
} from 'class-validator';
import {
  CARRIER_CODES,
  type CarrierCode,
  SHIPMENT_MAX_LINES,
  type ShipLineRequest,
  type ShipmentRequest,
  TRACKING_NUMBER_MAX,
  TRACKING_NUMBER_MIN,
  TRACKING_NUMBER_PATTERN,
} from './shipments.js';

export class ShipLineDto implements ShipLineRequest {
  @IsInt({ message: 'each line variant must be the id of a variant of the order' })
  @Min(1, { message: 'each line variant must be the id of a variant of the order' })
  @Max(2147483647, { message: 'each line variant must be the id of a variant of the order' })
  variant!: number;

  @IsInt({ message: 'each line count must be a whole number' })
  @Min(1, { message: 'each line count must be at least 1' })
  @Max(100000, { message: 'each line count must be at most 100000' })
  count!: number;
}

/** An admin ships some or all of an order's lines (the server checks the counts against what is left to ship). */
export class ShipmentDto implements ShipmentRequest {
  @IsIn(CARRIER_CODES, { message: `carrier must be one of ${CARRIER_CODES.join(', ')}` })
  carrier!: CarrierCode;

  @Matches(TRACKING_NUMBER_PATTERN, { message: 'trackingNumber may hold only letters, digits, spaces and hyphens' })
  @Length(TRACKING_NUMBER_MIN, TRACKING_NUMBER_MAX, {
    message: `trackingNumber must be ${TRACKING_NUMBER_MIN} to ${TRACKING_NUMBER_MAX} characters`,
  })
  @IsString({ message: 'trackingNumber is required' })
  @Transform(({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value))
  trackingNumber!: string;

  @IsArray({ message: 'lines must be a list of {variant, count}' })
  @ArrayNotEmpty({ message: 'lines must name at least one line to ship' })
  @ArrayMaxSize(SHIPMENT_MAX_LINES, { message: `lines may name at most ${SHIPMENT_MAX_LINES} lines` })
  @ValidateNested({ each: true })
  @Type(() => ShipLineDto)
  @IsDefined({ message: 'lines is required: a list of {variant, count}' })
  lines!: ShipLineDto[];
}
