import { Role, type StaffRole } from '@store/contract';
import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';

@Entity('users')
export class UserEntity {
  @PrimaryGeneratedColumn('uuid')
  id!: string;

  @Column({ type: 'varchar', length: 32 })
  name!: string;

  /** Stored lower-case; unique. */
  @Column({ type: 'varchar', length: 254 })
  email!: string;

  /** argon2id, PHC string format (parameters and salt included). */
  @Column({ name: 'password_hash', type: 'text', select: false })
  passwordHash!: string;

  @Column({ type: 'smallint', default: Role.Customer })
  role!: Role;

  /** What one of the shop's people may do; null for a customer. A CHECK keeps it set exactly when `role` is 1. */
  @Column({ name: 'staff_role', type: 'varchar', length: 16, nullable: true })
  staffRole!: StaffRole | null;

  /**
   * Moved forward whenever this user's sessions must end (a role or password change, "sign out everywhere"): a
   * token signed with an older version is refused. Changed only through UsersRepository, which moves it with
   * every role or password change.
   */
  @Column({ name: 'session_version', type: 'integer', default: 0 })
  sessionVersion!: number;

  /**
   * When the owner of `email` followed a link sent to it; null until then. The shop's people always have one (a
   * CHECK): an invitation's link proves the address, and ADMIN_EMAIL is the operator's word for it.
   */
  @Column({ name: 'email_verified_at', type: 'timestamptz', nullable: true })
  emailVerifiedAt!: Date | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt!: Date;
}
