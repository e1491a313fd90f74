import { Transform, Type } from 'class-transformer';
import { ArrayMaxSize, IsArray, IsDefined, IsInt, IsOptional, IsString, IsUUID, Length, Min, ValidateNested } from 'class-validator';
import {
  PRODUCT_PHOTO_ALT_MAX,
  PRODUCT_PHOTOS_MAX,
  type ProductGalleryInput,
  type ProductPhotoInput,
} from '../catalogue.js';
import { HasVisibleCharacter, NoBidiControls, NoControlCharacters, trim } from './text-rules.js';

/** A photo's alt text: required, visible, one line of plain text. */
function AltText(): PropertyDecorator {
  return (target, property) => {
    // In the order they are checked (validation stops at a field's first failure).
    for (const decorate of [
      Transform(trim),
      IsString({ message: "alt (the photo's description) is required" }),
      Length(1, PRODUCT_PHOTO_ALT_MAX, { message: `alt (the photo's description) must be 1 to ${PRODUCT_PHOTO_ALT_MAX} characters` }),
      NoControlCharacters({ message: 'alt must not contain control characters' }),
      HasVisibleCharacter({ message: 'alt must contain a visible character' }),
      NoBidiControls({ message: 'alt must not contain characters that change the text direction' }),
    ])
      decorate(target, property);
  };
}

/** The text fields of `POST /product/:productId/photos/:userId` (multipart: these and the `photo` file). */
export class NewProductPhotoDto {
  @AltText()
  alt!: string;

  /** A form field is text: a whole number of digits, the id of an option value of this product. */
  @IsOptional()
  @Transform(({ value }: { value: unknown }) => (typeof value === 'string' && /^[0-9]{1,9}$/.test(value.trim()) ? Number(value) : value))
  @IsInt({ message: 'optionValue must be the id of an option value of this product' })
  @Min(1, { message: 'optionValue must be the id of an option value of this product' })
  optionValue?: number;
}

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
