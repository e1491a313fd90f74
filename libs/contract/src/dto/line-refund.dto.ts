import { PRODUCT_SIZES, type ProductSize } from '../catalogue.js';
import { type LineRefundRequest } from '../checkout.js';
import { IsIn, IsOptional, IsUUID } from 'class-validator';

export class LineRefundDto implements LineRefundRequest {
  @IsUUID('all', { message: 'product must be the id of a product of the order' })
  product!: string;

  /** Which line of the product, when the order has it in more than one size. */
  @IsOptional()
  @IsIn(PRODUCT_SIZES, { message: `size must be one of ${PRODUCT_SIZES.join(', ')}` })
  size?: ProductSize;
}
