import { AuditLogEntity } from '../modules/audit/audit-log.entity.js';
import { RevokedTokenEntity } from '../modules/auth/revoked-token.entity.js';
import { CategoryEntity } from '../modules/categories/category.entity.js';
import { OrderLineEntity } from '../modules/orders/order-line.entity.js';
import { OrderEntity } from '../modules/orders/order.entity.js';
import { IdempotencyKeyEntity } from '../modules/payments/idempotency-key.entity.js';
import { UserEntity } from '../modules/users/user.entity.js';

/**
 * Every TypeORM entity of the API. Products and their photos have none: every statement on them is hand-written
 * in the catalogue's, the inventory's and the photos' repository files, the one place their columns are named.
 */
export const entities = [
  UserEntity,
  RevokedTokenEntity,
  CategoryEntity,
  OrderEntity,
  OrderLineEntity,
  IdempotencyKeyEntity,
  AuditLogEntity,
];
