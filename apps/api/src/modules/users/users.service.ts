import { Injectable } from '@nestjs/common';
import { Role, type User } from '@store/contract';
import { ConflictError, NotFoundError } from '../../common/errors.js';
import { isPgError, PgError } from '../../common/postgres-errors.js';
import type { UserEntity } from './user.entity.js';
import { toUser } from './user.mapper.js';
import { type SessionUserRow, UsersRepository } from './users.repository.js';

/** Owns the users table; other modules reach users only through this service. */
@Injectable()
export class UsersService {
  constructor(private readonly users: UsersRepository) {}

  /** A user row in the wire shape (no password hash), for the modules that hand users out (auth's sessions). */
  toUser(entity: Pick<UserEntity, 'id' | 'name' | 'email' | 'role'>): User {
    return toUser(entity);
  }

  async create(input: { name: string; email: string; passwordHash: string; role?: Role }): Promise<UserEntity> {
    try {
      return await this.users.insert({
        name: input.name,
        email: input.email,
        passwordHash: input.passwordHash,
        role: input.role ?? Role.Customer,
      });
    } catch (error) {
      if (isPgError(error, PgError.UniqueViolation, 'users_email_key')) throw new ConflictError('Email is already registered');
      throw error;
    }
  }

  findById(id: string): Promise<UserEntity | null> {
    return this.users.findById(id);
  }

  async getById(id: string): Promise<UserEntity> {
    const user = await this.findById(id);
    if (!user) throw new NotFoundError('User not found');
    return user;
  }

  /** A user's e-mail address, read in the transaction in context when there is one (see UsersRepository.findById). */
  async emailOf(id: string): Promise<string> {
    const user = await this.users.findEmail(id);
    if (!user) throw new NotFoundError('User not found');
    return user.email;
  }

  /** The user with their password hash, for checking a sign-in. */
  findByEmailWithPassword(email: string): Promise<UserEntity | null> {
    return this.users.findByEmailWithPassword(email);
  }

  /** The user behind a token and whether that token was signed out, in one read (see UsersRepository.findForToken). */
  findForToken(id: string, jti: string): Promise<SessionUserRow | undefined> {
    return this.users.findForToken(id, jti);
  }

  /** Ends every session of the user (every token signed before now is refused from the next request on). */
  endSessions(id: string): Promise<void> {
    return this.users.endSessions(id);
  }

  /** Changes a user; a role or password change ends their sessions too. */
  async update(id: string, changes: Partial<Pick<UserEntity, 'name' | 'role' | 'passwordHash'>>): Promise<void> {
    await this.users.update(id, changes);
  }
}
