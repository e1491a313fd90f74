import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Role, type User } from '@store/contract';
import type { EntityManager, Repository } from 'typeorm';
import { ConflictError, NotFoundError } from '../../common/errors.js';
import { isPgError, PgError } from '../../common/postgres-errors.js';
import { UserEntity } from './user.entity.js';
import { toUser } from './user.mapper.js';

/** Owns the users table; other modules reach users only through this service. */
@Injectable()
export class UsersService {
  constructor(@InjectRepository(UserEntity) private readonly users: Repository<UserEntity>) {}

  /** A user row in the wire shape (no password hash), for the modules that hand users out (auth's sessions). */
  toUser(entity: Pick<UserEntity, 'id' | 'name' | 'email' | 'role'>): User {
    return toUser(entity);
  }

  async create(input: { name: string; email: string; passwordHash: string; role?: Role }): Promise<UserEntity> {
    try {
      return await this.users.save(
        this.users.create({ name: input.name, email: input.email, passwordHash: input.passwordHash, role: input.role ?? Role.Customer }),
      );
    } catch (error) {
      if (isPgError(error, PgError.UniqueViolation, 'users_email_key')) throw new ConflictError('Email is already registered');
      throw error;
    }
  }

  findById(id: string): Promise<UserEntity | null> {
    return this.users.findOneBy({ id });
  }

  async getById(id: string): Promise<UserEntity> {
    const user = await this.findById(id);
    if (!user) throw new NotFoundError('User not found');
    return user;
  }

  /**
   * A user's e-mail address, read on the caller's transaction: a caller inside a transaction must not wait for a
   * second pool connection (with every connection held by such callers, none would ever come).
   */
  async emailOf(manager: EntityManager, id: string): Promise<string> {
    const user = await manager.findOne(UserEntity, { where: { id }, select: { id: true, email: true } });
    if (!user) throw new NotFoundError('User not found');
    return user.email;
  }

  /** The user with their password hash, for checking a sign-in. */
  findByEmailWithPassword(email: string): Promise<UserEntity | null> {
    return this.users.createQueryBuilder('user').addSelect('user.passwordHash').where('user.email = :email', { email }).getOne();
  }

  async update(id: string, changes: Partial<Pick<UserEntity, 'name' | 'role' | 'passwordHash'>>): Promise<void> {
    await this.users.update({ id }, changes);
  }
}
