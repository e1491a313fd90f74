import { PRODUCT_SIZES, type ProductSize } from '../catalogue.js';
import { type LineRefundRequest } from '../checkout.js';
import { IsIn, IsInt, IsOptional, IsUUID, Min } from 'class-validator';

export class LineRefundDto implements LineRefundRequest {
  @IsUUID('all', { message: 'product must be the id of a product of the order' })
  product!: string;

  /** Which line of the product, when the order has it in more than one size. */
  @IsOptional()
  @IsIn(PRODUCT_SIZES, { message: `size must be one of ${PRODUCT_SIZES.join(', ')}` })
  size?: ProductSize;

  /** Which line of the product, when the order has it in more than one variant. */
  @IsOptional()
  @IsInt({ message: 'variant must be the id of a variant of the product' })
  @Min(1, { message: 'variant must be the id of a variant of the product' })
  variant?: number;
}
