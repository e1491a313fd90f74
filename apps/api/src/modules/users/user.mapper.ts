import type { User } from '@store/contract';
import type { UserEntity } from './user.entity.js';

/** The wire shape: `staffRole` only for the shop's people, so a customer's user reads exactly as it always did. */
export function toUser(entity: Pick<UserEntity, 'id' | 'name' | 'email' | 'role'> & { staffRole?: UserEntity['staffRole'] }): User {
  const user: User = { _id: entity.id, name: entity.name, email: entity.email, role: entity.role };
  if (entity.staffRole) user.staffRole = entity.staffRole;
  return user;
}
