import { Column, Entity, PrimaryColumn } from 'typeorm';

/** A signed-out token's id, kept until the token would have expired anyway. */
@Entity('revoked_tokens')
export class RevokedTokenEntity {
  @PrimaryColumn('uuid')
  jti!: string;

  @Column({ name: 'expires_at', type: 'timestamptz' })
  expiresAt!: Date;
}
