import { Type } from 'class-transformer';
import { ArrayMaxSize, IsArray, IsDefined, IsInt, IsOptional, IsUUID, Min, ValidateNested } from 'class-validator';
import { PRODUCT_PHOTOS_MAX, type ProductGalleryInput, type ProductPhotoInput } from '../catalogue.js';
import { AltText } from './new-product-photo.dto.js';

export class ProductPhotoInputDto implements ProductPhotoInput {
  @IsUUID('all', { message: 'each photo _id must be a valid id' })
  _id!: string;

  @AltText()
  alt!: string;

  @IsOptional()
  @IsInt({ message: 'optionValue must be the id of an option value of this product, or null' })
  @Min(1, { message: 'optionValue must be the id of an option value of this product, or null' })
  optionValue?: number | null;
}

/** `PUT /product/:productId/photos/:userId`: every photo of the gallery once, in its new order, each with its alt text. */
export class ProductGalleryDto implements ProductGalleryInput {
  @IsArray({ message: 'photos must be a list of {_id, alt}' })
  @ArrayMaxSize(PRODUCT_PHOTOS_MAX, { message: `a gallery holds at most ${PRODUCT_PHOTOS_MAX} photos` })
  @ValidateNested({ each: true })
  @Type(() => ProductPhotoInputDto)
  @IsDefined({ message: 'photos is required: the gallery as a list of {_id, alt}' })
  photos!: ProductPhotoInputDto[];
}
