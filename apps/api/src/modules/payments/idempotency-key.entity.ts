import { Column, CreateDateColumn, Entity, PrimaryColumn } from 'typeorm';

/**
 * A payment's Idempotency-Key, scoped to its user. Kept in Postgres, not in memory, so that every API
 * replica sees the same keys. `statusCode` and `response` stay null while the first request is running.
 */
@Entity('payment_idempotency_keys')
export class IdempotencyKeyEntity {
  @PrimaryColumn({ name: 'user_id', type: 'uuid' })
  userId!: string;

  @PrimaryColumn({ type: 'varchar', length: 255 })
  key!: string;

  /** SHA-256 of the request's meaning (nonce, amount, merged cart): the same key with another body is refused. */
  @Column({ name: 'request_hash', type: 'char', length: 64 })
  requestHash!: string;

  @Column({ name: 'order_id', type: 'uuid', nullable: true })
  orderId!: string | null;

  @Column({ name: 'status_code', type: 'smallint', nullable: true })
  statusCode!: number | null;

  @Column({ type: 'json', nullable: true })
  response!: unknown;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  /** While unanswered: the holder renews this while its request runs; once it lapses, a retry takes the key over. */
  @Column({ name: 'lease_until', type: 'timestamptz', default: () => 'now()' })
  leaseUntil!: Date;

  @Column({ name: 'completed_at', type: 'timestamptz', nullable: true })
  completedAt!: Date | null;
}
