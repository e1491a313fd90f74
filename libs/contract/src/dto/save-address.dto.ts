import { Type } from 'class-transformer';
import { IsBoolean, IsObject, IsOptional, ValidateNested } from 'class-validator';
import type { SaveAddress } from '../account.js';
import { ShippingAddressDto } from './shipping-address.dto.js';

/** An address of the address book; its own file, since the nested type needs reflect-metadata (the server's). */
export class SaveAddressDto implements SaveAddress {
  @IsObject({ message: 'shippingAddress must be an object with name, line1, city, postalCode and country' })
  @ValidateNested()
  @Type(() => ShippingAddressDto)
  shippingAddress!: ShippingAddressDto;

  @IsOptional()
  @IsBoolean({ message: 'isDefault must be true or false' })
  isDefault?: boolean;
}
