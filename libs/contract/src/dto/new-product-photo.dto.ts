import { Transform } from 'class-transformer';
import { IsInt, IsOptional, IsString, Length, Min } from 'class-validator';
import { PRODUCT_PHOTO_ALT_MAX } from '../catalogue.js';
import { HasVisibleCharacter, NoBidiControls, NoControlCharacters, trim } from './text-rules.js';

/** A photo's alt text: required, visible, one line of plain text. */
export function AltText(): PropertyDecorator {
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
