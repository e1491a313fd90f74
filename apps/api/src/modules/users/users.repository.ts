import { Injectable } from '@nestjs/common';
import type { StaffRole } from '@store/contract';
import { Database } from '../../database/transactions.js';
import { SessionCache, type SessionUserRow } from './session-cache.js';
import { UserEntity } from './user.entity.js';

/** One of the shop's people as the staff statements answer them. */
export interface StaffRow {
  id: string;
  name: string;
  email: string;
  role: UserEntity['role'];
  staffRole: StaffRole | null;
  /** Two-factor sign-in is on (a confirmed row in `user_two_factor`). */
  twoFactorEnabled: boolean;
}

/** What a role change did: the person as they are now and the role they had, or why nothing changed. */
export type StaffRoleChange =
  { outcome: 'changed'; user: StaffRow; before: StaffRole } | { outcome: 'not-staff' } | { outcome: 'last-owner' };

// `users.` spelled out: the same list ends INSERT and UPDATE statements on users (RETURNING), where the subquery's
// own table would otherwise be searched first.
const STAFF_COLUMNS = `id, name, email, role, staff_role AS "staffRole",
  EXISTS (SELECT 1 FROM user_two_factor t WHERE t.user_id = users.id AND t.enabled_at IS NOT NULL) AS "twoFactorEnabled"`;

/** The users table's statements, all of them (TypeORM over {@link UserEntity}: its mapping hides the password hash). */
@Injectable()
export class UsersRepository {
  constructor(
    private readonly db: Database,
    private readonly sessions: SessionCache,
  ) {}

  insert(user: Pick<UserEntity, 'name' | 'email' | 'passwordHash' | 'role' | 'staffRole' | 'emailVerifiedAt'>): Promise<UserEntity> {
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
  async update(
    id: string,
    changes: Partial<Pick<UserEntity, 'name' | 'role' | 'staffRole' | 'passwordHash' | 'emailVerifiedAt'>>,
  ): Promise<void> {
    const endsSessions = changes.role !== undefined || changes.staffRole !== undefined || changes.passwordHash !== undefined;
    await this.db.manager
      .createQueryBuilder()
      .update(UserEntity)
      .set(endsSessions ? { ...changes, sessionVersion: () => 'session_version + 1' } : changes)
      .where('id = :id', { id })
      .execute();
    this.sessions.userChanged(id);
  }

  /** Marks the user's address confirmed (kept as first confirmed when it already was), in the transaction in context. */
  async markEmailVerified(id: string): Promise<void> {
    await this.db.rows(`UPDATE users SET email_verified_at = COALESCE(email_verified_at, now()) WHERE id = $1`, [id]);
  }

  /**
   * Moves the user to a new, confirmed address, in the transaction in context; false when another account has it
   * (the unique index decides, so two accounts racing for one address cannot both get it).
   */
  async changeEmail(id: string, email: string): Promise<boolean> {
    const rows = await this.db.transactionRows<{ id: string }>(
      `UPDATE users SET email = $2, email_verified_at = now(), updated_at = now()
        WHERE id = $1 AND NOT EXISTS (SELECT 1 FROM users other WHERE other.email = $2 AND other.id <> $1)
        RETURNING id`,
      [id, email],
    );
    this.sessions.userChanged(id);
    return rows.length > 0;
  }

  /** Deletes the user, in the transaction in context (their addresses, links and payment keys go with them). */
  async delete(id: string): Promise<void> {
    await this.db.transactionRows(`DELETE FROM users WHERE id = $1`, [id]);
    this.sessions.userChanged(id);
  }

  /** Ends every session of the user: tokens signed before this carry an older version and are refused. */
  async endSessions(id: string): Promise<void> {
    await this.db.rows(`UPDATE users SET session_version = session_version + 1 WHERE id = $1`, [id]);
    this.sessions.userChanged(id);
  }

  /**
   * The read behind every authenticated request, one statement on the pool: the user, their session version and
   * whether this token was signed out (`revoked_tokens`, written by auth's sign-out). One round trip instead of two
   * entity reads; the version is in the row already read, so ending sessions costs no extra query.
   */
  async findForToken(id: string, jti: string): Promise<SessionUserRow | undefined> {
    // Prepared: every signed-in request runs it.
    const rows = await this.db.preparedRows<SessionUserRow>(
      'users-for-token',
      `SELECT u.id, u.name, u.email, u.role, u.staff_role AS "staffRole", u.session_version AS "sessionVersion",
              EXISTS (SELECT 1 FROM revoked_tokens r WHERE r.jti = $2) AS revoked,
              EXISTS (SELECT 1 FROM user_two_factor t WHERE t.user_id = u.id AND t.enabled_at IS NOT NULL) AS "twoFactorEnabled"
       FROM users u WHERE u.id = $1`,
      [id, jti],
    );
    return rows[0];
  }

  /** The shop's people (owners, staff, read-only), by name. */
  listStaff(): Promise<StaffRow[]> {
    return this.db.rows<StaffRow>(`SELECT ${STAFF_COLUMNS} FROM users WHERE staff_role IS NOT NULL ORDER BY name, id`);
  }

  /**
   * Makes an invitee one of the staff, in the transaction in context: a new account, or the customer account that
   * already has this address (its owner proved the address by following the link, so it is marked confirmed, as the
   * promotion rule asks: see docs/security.md), with the name and password
   * given (ending that account's earlier sessions). Nothing when the address already belongs to one of the staff.
   */
  async joinStaff(user: { name: string; email: string; passwordHash: string; staffRole: StaffRole }): Promise<StaffRow | undefined> {
    const rows = await this.db.transactionRows<StaffRow>(
      `INSERT INTO users (name, email, password_hash, role, staff_role, email_verified_at) VALUES ($1, $2, $3, 1, $4, now())
       ON CONFLICT (email) DO UPDATE
         SET name = EXCLUDED.name, password_hash = EXCLUDED.password_hash, role = 1, staff_role = EXCLUDED.staff_role,
             email_verified_at = COALESCE(users.email_verified_at, now()),
             session_version = users.session_version + 1, updated_at = now()
         WHERE users.staff_role IS NULL
       RETURNING ${STAFF_COLUMNS}`,
      [user.name, user.email, user.passwordHash, user.staffRole],
    );
    if (rows[0]) this.sessions.userChanged(rows[0].id);
    return rows[0];
  }

  /**
   * Gives one of the staff another role, or (`null`) makes them a customer again, in the transaction in context;
   * refused when it would leave the shop without an owner. The change ends the person's sessions (moves
   * `session_version` in the same statement), as every role change does: they sign in again with their new role.
   *
   * Atomic against concurrent changes: every owner row is locked first, always in id order (so two changes cannot
   * deadlock), and only then is the change's condition read, by a statement whose snapshot starts after those locks
   * were granted. Two owners demoting each other at once: the second waits for the first to commit, then sees one
   * owner left, itself the target, and is refused.
   */
  async setStaffRole(id: string, staffRole: StaffRole | null): Promise<StaffRoleChange> {
    await this.db.transactionRows(`SELECT id FROM users WHERE staff_role = 'owner' ORDER BY id FOR UPDATE`);
    const before = await this.db.transactionRows<{ staff_role: StaffRole | null }>(`SELECT staff_role FROM users WHERE id = $1`, [id]);
    const was = before[0]?.staff_role;
    if (!was) return { outcome: 'not-staff' };
    const rows = await this.db.transactionRows<StaffRow>(
      `UPDATE users SET staff_role = $2::varchar, role = CASE WHEN $2::varchar IS NULL THEN 0 ELSE 1 END,
              session_version = session_version + 1, updated_at = now()
        WHERE id = $1 AND staff_role IS NOT NULL
          AND (staff_role <> 'owner' OR $2::varchar = 'owner'
               OR EXISTS (SELECT 1 FROM users other WHERE other.staff_role = 'owner' AND other.id <> $1))
       RETURNING ${STAFF_COLUMNS}`,
      [id, staffRole],
    );
    if (rows[0]) this.sessions.userChanged(id);
    return rows[0] ? { outcome: 'changed', user: rows[0], before: was } : { outcome: 'last-owner' };
  }
}
