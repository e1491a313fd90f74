import { ORDER_STATUSES, type OrderStatus, type OrderStatusUpdate } from '../checkout.js';
import { IsIn } from 'class-validator';

export class OrderStatusDto implements OrderStatusUpdate {
  @IsIn(ORDER_STATUSES, { message: `status must be one of ${ORDER_STATUSES.join(', ')}` })
  status!: OrderStatus;
}
