import { Transform } from 'class-transformer';
import { IsOptional, registerDecorator } from 'class-validator';
import { PRODUCT_DESCRIPTION_MAX, PRODUCT_NAME_MAX, PRODUCT_PRICE_MAX, PRODUCT_STOCK_MAX } from '../catalogue.js';
import { isUuid } from '../ids.js';
import { decimalToCents } from '../money.js';
import { HasVisibleCharacter, NoBidiControls, NoControlCharacters, trim } from './text-rules.js';

/** Digits only, at most nine: no sign, exponent or hex, which Number() would take. */
const WHOLE = /^\d{1,9}$/;

const between = (value: number, min: number, max: number) => Number.isInteger(value) && value >= min && value <= max;

/** Validator: `test` must hold for the (string) value, else `message`. */
function Holds(name: string, test: (value: string) => boolean, message: string): PropertyDecorator {
  return (target: object, propertyName: string | symbol) =>
    registerDecorator({
      name,
      target: target.constructor,
      propertyName: String(propertyName),
      options: { message },
      validator: { validate: (value: unknown) => typeof value === 'string' && test(value) },
    });
}

/**
 * The text fields of the product form (multipart, so every value is text), each as the server checks it when it is
 * sent: the create form requires them all, an update takes any of them (the product form parser on the server
 * says which are missing or unknown, and reads the sizes). Text is trimmed first; lengths count characters as a
 * person does (code points), not UTF-16 units. Decorators apply bottom-up: the lowest rule is checked first.
 */
export class ProductFieldsDto {
  @IsOptional()
  @Transform(trim)
  @Holds(
    'productNameLength',
    (value) => between([...value].length, 1, PRODUCT_NAME_MAX),
    `Name must be 1 to ${PRODUCT_NAME_MAX} characters`,
  )
  @NoBidiControls({ message: 'Name must not contain characters that change the text direction' })
  @HasVisibleCharacter({ message: 'Name must contain a visible character' })
  @NoControlCharacters({ message: 'Name must not contain control or invalid characters' })
  name?: string;

  /** May span lines: \n, \r and \t are kept, every other control character is refused. */
  @IsOptional()
  @Transform(trim)
  @Holds(
    'productDescriptionLength',
    (value) => between([...value].length, 1, PRODUCT_DESCRIPTION_MAX),
    `Description must be 1 to ${PRODUCT_DESCRIPTION_MAX} characters`,
  )
  @HasVisibleCharacter({ message: 'Description must contain a visible character' })
  @NoControlCharacters({ multiline: true, message: 'Description must not contain control or invalid characters' })
  description?: string;

  /** Dollars with at most two decimals ("12", "12.5", "12.50"); counted in cents from the digits themselves. */
  @IsOptional()
  @Holds(
    'productPrice',
    (value) => between(decimalToCents(value) ?? NaN, 0, PRODUCT_PRICE_MAX * 100),
    `Price must be a number from 0 to ${PRODUCT_PRICE_MAX} with at most 2 decimals`,
  )
  price?: string;

  @IsOptional()
  @Holds(
    'productStock',
    (value) => WHOLE.test(value.trim()) && between(Number(value.trim()), 0, PRODUCT_STOCK_MAX),
    `Stock must be a whole number from 0 to ${PRODUCT_STOCK_MAX}`,
  )
  stock?: string;

  @IsOptional()
  @Transform(trim)
  @Holds('productCategory', isUuid, 'Category must be a valid category id')
  category?: string;
}
