import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';
import type { AuditAction, AuditChange, AuditEntityType, StaffRole } from '@store/contract';

/** One admin write, as the audit trail keeps it (see the refunds-and-audit migration). */
@Entity('audit_log')
export class AuditLogEntity {
  @PrimaryGeneratedColumn('uuid')
  id!: string;

  /** The writing transaction's time: every row of one write has the same `at`. */
  @Column({ type: 'timestamptz', default: () => 'now()' })
  at!: Date;

  @Column({ name: 'actor_id', type: 'uuid' })
  actorId!: string;

  @Column({ name: 'actor_name', type: 'varchar', length: 32 })
  actorName!: string;

  @Column({ name: 'actor_email', type: 'varchar', length: 254 })
  actorEmail!: string;

  /** The actor's staff role at the time of the write; null for the system's own writes. */
  @Column({ name: 'actor_role', type: 'varchar', length: 16, nullable: true })
  actorRole!: StaffRole | null;

  @Column({ type: 'varchar', length: 32 })
  action!: AuditAction;

  @Column({ name: 'entity_type', type: 'varchar', length: 16 })
  entityType!: AuditEntityType;

  @Column({ name: 'entity_id', type: 'uuid' })
  entityId!: string;

  @Column({ type: 'jsonb', default: () => `'{}'` })
  changes!: Record<string, AuditChange>;
}
