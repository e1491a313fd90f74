import { Injectable } from '@nestjs/common';
import type { StaffRole } from '@store/contract';
import { Database } from '../../database/transactions.js';
import { UserEntity } from './user.entity.js';

/** One of the shop's people as the staff statements answer them. */
export interface StaffRow {
  id: string;
  name: string;
  email: string;
  role: UserEntity['role'];
  staffRole: StaffRole | null;
}

/** What a role change did: the person as they are now and the role they had, or why nothing changed. */
export type StaffRoleChange =
  { outcome: 'changed'; user: StaffRow; before: StaffRole } | { outcome: 'not-staff' } | { outcome: 'last-owner' };

const STAFF_COLUMNS = `id, name, email, role, staff_role AS "staffRole"`;

/** The users table's statements, all of them (TypeORM over {@link UserEntity}: its mapping hides the password hash). */
@Injectable()
export class UsersRepository {
  constructor(private readonly db: Database) {}

  insert(user: Pick<UserEntity, 'name' | 'email' | 'passwordHash' | 'role' | 'staffRole'>): Promise<UserEntity> {
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

  async update(id: string, changes: Partial<Pick<UserEntity, 'name' | 'role' | 'staffRole' | 'passwordHash'>>): Promise<void> {
    await this.db.manager.update(UserEntity, { id }, changes);
  }

  /** The shop's people (owners, staff, read-only), by name. */
  listStaff(): Promise<StaffRow[]> {
    return this.db.rows<StaffRow>(`SELECT ${STAFF_COLUMNS} FROM users WHERE staff_role IS NOT NULL ORDER BY name, id`);
  }

  /**
   * Makes an invitee one of the staff, in the transaction in context: a new account, or the customer account that
   * already has this address (its owner proved the address by following the link), with the name and password
   * given. Nothing when the address already belongs to one of the staff.
   */
  async joinStaff(user: { name: string; email: string; passwordHash: string; staffRole: StaffRole }): Promise<StaffRow | undefined> {
    const rows = await this.db.transactionRows<StaffRow>(
      `INSERT INTO users (name, email, password_hash, role, staff_role) VALUES ($1, $2, $3, 1, $4)
       ON CONFLICT (email) DO UPDATE
         SET name = EXCLUDED.name, password_hash = EXCLUDED.password_hash, role = 1, staff_role = EXCLUDED.staff_role,
             updated_at = now()
         WHERE users.staff_role IS NULL
       RETURNING ${STAFF_COLUMNS}`,
      [user.name, user.email, user.passwordHash, user.staffRole],
    );
    return rows[0];
  }

  /**
   * Gives one of the staff another role, or (`null`) makes them a customer again, in the transaction in context;
   * refused when it would leave the shop without an owner.
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
      `UPDATE users SET staff_role = $2::varchar, role = CASE WHEN $2::varchar IS NULL THEN 0 ELSE 1 END, updated_at = now()
        WHERE id = $1 AND staff_role IS NOT NULL
          AND (staff_role <> 'owner' OR $2::varchar = 'owner'
               OR EXISTS (SELECT 1 FROM users other WHERE other.staff_role = 'owner' AND other.id <> $1))
       RETURNING ${STAFF_COLUMNS}`,
      [id, staffRole],
    );
    return rows[0] ? { outcome: 'changed', user: rows[0], before: was } : { outcome: 'last-owner' };
  }
}
