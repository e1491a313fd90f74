import { AuditLogEntity } from '../modules/audit/audit-log.entity.js';
import { RevokedTokenEntity } from '../modules/auth/revoked-token.entity.js';
import { CategoryEntity } from '../modules/categories/category.entity.js';
import { OrderLineEntity } from '../modules/orders/order-line.entity.js';
import { OrderEntity } from '../modules/orders/order.entity.js';
import { IdempotencyKeyEntity } from '../modules/payments/idempotency-key.entity.js';
import { ProductPhotoEntity } from '../modules/products/product-photo.entity.js';
import { ProductEntity } from '../modules/products/product.entity.js';
import { UserEntity } from '../modules/users/user.entity.js';

/** Every TypeORM entity of the API. */
export const entities = [
  UserEntity,
  RevokedTokenEntity,
  CategoryEntity,
  ProductEntity,
  ProductPhotoEntity,
  OrderEntity,
  OrderLineEntity,
  IdempotencyKeyEntity,
  AuditLogEntity,
];
