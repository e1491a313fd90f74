import { Injectable } from '@nestjs/common';
import { EMAIL_TAKEN, Role, type StaffRole, type User } from '@store/contract';
import { imitatedName, LOOK_ALIKE_NAME_MESSAGE, PROTECTED_NAME_WORDS } from '@store/contract/look-alikes';
import { ConflictError, NotFoundError, ValidationFailedError } from '../../common/errors.js';
import { isPgError, PgError } from '../../common/postgres-errors.js';
import { SessionCache, type SessionUserRow } from './session-cache.js';
import type { UserEntity } from './user.entity.js';
import { toUser } from './user.mapper.js';
import { type StaffRoleChange, type StaffRow, UsersRepository } from './users.repository.js';

/** Owns the users table; other modules reach users only through this service. */
@Injectable()
export class UsersService {
  constructor(
    private readonly users: UsersRepository,
    private readonly sessions: SessionCache,
  ) {}

  /** A user row in the wire shape (no password hash), for the modules that hand users out (auth's sessions). */
  toUser(entity: Pick<UserEntity, 'id' | 'name' | 'email' | 'role'> & { staffRole?: UserEntity['staffRole'] }): User {
    return toUser(entity);
  }

  /**
   * Refuses (400 naming `name`) a name that imitates, with look-alike letters, one of the shop's people or an
   * official-looking word (docs/security.md, "Look-alike names"): "Ѕаm Ѕtаff" in Cyrillic beside a "Sam Staff" on
   * the staff. The person's own name (`self`: their id or e-mail address) is not held against them.
   */
  async refuseImitation(name: string, self: { id?: string; email?: string } = {}): Promise<void> {
    const people = (await this.users.listStaff()).filter((person) => person.id !== self.id && person.email !== self.email);
    if (imitatedName(name, [...PROTECTED_NAME_WORDS, ...people.map((person) => person.name)]) !== undefined) {
      throw new ValidationFailedError(LOOK_ALIKE_NAME_MESSAGE, [{ field: 'name', message: LOOK_ALIKE_NAME_MESSAGE }]);
    }
  }

  /** A new account: a customer, or with `staffRole` one of the shop's people (wire role 1). */
  async create(input: { name: string; email: string; passwordHash: string; staffRole?: StaffRole }): Promise<UserEntity> {
    try {
      return await this.users.insert({
        name: input.name,
        email: input.email,
        passwordHash: input.passwordHash,
        role: input.staffRole ? Role.Admin : Role.Customer,
        staffRole: input.staffRole ?? null,
        // One of the shop's people is made here only for ADMIN_EMAIL, which the operator vouches for.
        emailVerifiedAt: input.staffRole ? new Date() : null,
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

  /**
   * The user behind a token and whether that token was signed out, in one read (see UsersRepository.findForToken),
   * kept in memory a while (SessionCache).
   */
  findForToken(id: string, jti: string): Promise<SessionUserRow | undefined> {
    return this.sessions.check(id, jti, () => this.users.findForToken(id, jti));
  }

  /** Ends every session of the user (every token signed before now is refused from the next request on). */
  endSessions(id: string): Promise<void> {
    return this.users.endSessions(id);
  }

  /** Changes a user; a role or password change ends their sessions too. */
  async update(
    id: string,
    changes: Partial<Pick<UserEntity, 'name' | 'role' | 'staffRole' | 'passwordHash' | 'emailVerifiedAt'>>,
  ): Promise<void> {
    await this.users.update(id, changes);
  }

  /** Marks the user's address confirmed (a link sent to it was followed). */
  markEmailVerified(id: string): Promise<void> {
    return this.users.markEmailVerified(id);
  }

  /** Moves the user to a new, confirmed address; 409 when another account has it. Runs in the transaction in context. */
  async changeEmail(id: string, email: string): Promise<void> {
    if (!(await this.users.changeEmail(id, email))) throw new ConflictError(EMAIL_TAKEN);
  }

  /** Deletes the user's row, in the transaction in context (see UsersRepository.delete). */
  delete(id: string): Promise<void> {
    return this.users.delete(id);
  }

  /** The shop's people, by name. */
  listStaff(): Promise<StaffRow[]> {
    return this.users.listStaff();
  }

  /** Makes an invitee one of the staff (see UsersRepository.joinStaff); 409 when the address is already staff. */
  async joinStaff(user: { name: string; email: string; passwordHash: string; staffRole: StaffRole }): Promise<StaffRow> {
    const joined = await this.users.joinStaff(user);
    if (!joined) throw new ConflictError('This address already belongs to one of the staff');
    return joined;
  }

  /**
   * Gives one of the staff another role, or (`null`) makes them a customer again; never leaves the shop without an
   * owner, even against concurrent changes (see UsersRepository.setStaffRole). Runs in the transaction in context.
   */
  setStaffRole(id: string, staffRole: StaffRole | null): Promise<StaffRoleChange> {
    return this.users.setStaffRole(id, staffRole);
  }
}
