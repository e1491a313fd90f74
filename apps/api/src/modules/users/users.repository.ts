import { Injectable } from '@nestjs/common';
import { Database } from '../../database/transactions.js';
import { UserEntity } from './user.entity.js';

/** The users table's statements, all of them (TypeORM over {@link UserEntity}: its mapping hides the password hash). */
@Injectable()
export class UsersRepository {
  constructor(private readonly db: Database) {}

  insert(user: Pick<UserEntity, 'name' | 'email' | 'passwordHash' | 'role'>): Promise<UserEntity> {
    const users = this.db.manager.getRepository(UserEntity);
    return users.save(users.create(user));
  }

  /**
   * A user by id, in the transaction in context when there is one: a caller inside a transaction must not wait for
   * a second pool connection (with every connection held by such callers, none would ever come).
   */
  findById(id: string): Promise<UserEntity | null> {
    return this.db.manager.findOneBy(UserEntity, { id });
  }

  /** Only the id and e-mail address of a user, read as {@link findById} is. */
  findEmail(id: string): Promise<Pick<UserEntity, 'id' | 'email'> | null> {
    return this.db.manager.findOne(UserEntity, { where: { id }, select: { id: true, email: true } });
  }

  /** The user with their password hash, for checking a sign-in. */
  findByEmailWithPassword(email: string): Promise<UserEntity | null> {
    return this.db.manager
      .createQueryBuilder(UserEntity, 'user')
      .addSelect('user.passwordHash')
      .where('user.email = :email', { email })
      .getOne();
  }

  async update(id: string, changes: Partial<Pick<UserEntity, 'name' | 'role' | 'passwordHash'>>): Promise<void> {
    await this.db.manager.update(UserEntity, { id }, changes);
  }
}
