import type { LineRefundRequest } from '@store/contract';
import { IsUUID } from 'class-validator';

export class LineRefundDto implements LineRefundRequest {
  @IsUUID('all', { message: 'product must be the id of a product of the order' })
  product!: string;
}
