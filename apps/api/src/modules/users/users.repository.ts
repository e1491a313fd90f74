import { Injectable } from '@nestjs/common';
import { Database } from '../../database/transactions.js';
import { UserEntity } from './user.entity.js';

/** A user as the per-request token check reads them. */
export interface SessionUserRow {
  id: string;
  name: string;
  email: string;
  role: UserEntity['role'];
  sessionVersion: number;
  /** The token's id is in `revoked_tokens` (signed out). */
  revoked: boolean;
}

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

  /**
   * Changes a user; a role or password change also ends every session the user has (moves `session_version` in
   * the same statement), so no caller can change either and forget the tokens signed before.
   */
  async update(id: string, changes: Partial<Pick<UserEntity, 'name' | 'role' | 'passwordHash'>>): Promise<void> {
    const endsSessions = changes.role !== undefined || changes.passwordHash !== undefined;
    await this.db.manager
      .createQueryBuilder()
      .update(UserEntity)
      .set(endsSessions ? { ...changes, sessionVersion: () => 'session_version + 1' } : changes)
      .where('id = :id', { id })
      .execute();
  }

  /** Ends every session of the user: tokens signed before this carry an older version and are refused. */
  async endSessions(id: string): Promise<void> {
    await this.db.rows(`UPDATE users SET session_version = session_version + 1 WHERE id = $1`, [id]);
  }

  /**
   * The read behind every authenticated request, one statement on the pool: the user, their session version and
   * whether this token was signed out (`revoked_tokens`, written by auth's sign-out). One round trip instead of two
   * entity reads; the version is in the row already read, so ending sessions costs no extra query.
   */
  async findForToken(id: string, jti: string): Promise<SessionUserRow | undefined> {
    const rows = await this.db.rows<SessionUserRow>(
      `SELECT u.id, u.name, u.email, u.role, u.session_version AS "sessionVersion",
              EXISTS (SELECT 1 FROM revoked_tokens r WHERE r.jti = $2) AS revoked
       FROM users u WHERE u.id = $1`,
      [id, jti],
    );
    return rows[0];
  }
}
