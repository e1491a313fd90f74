import type { User } from '@store/contract';
import type { UserEntity } from './user.entity.js';

export function toUser(entity: Pick<UserEntity, 'id' | 'name' | 'email' | 'role'>): User {
  return { _id: entity.id, name: entity.name, email: entity.email, role: entity.role };
}
