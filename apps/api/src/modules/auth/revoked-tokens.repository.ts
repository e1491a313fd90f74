import { Injectable } from '@nestjs/common';
import { LessThan } from 'typeorm';
import { Database } from '../../database/transactions.js';
import { SessionCache } from '../users/session-cache.js';
import { RevokedTokenEntity } from './revoked-token.entity.js';

/**
 * The revoked_tokens table's writes (TypeORM over {@link RevokedTokenEntity}). The per-request check reads it in
 * the same statement as the user (UsersRepository.findForToken), so a request costs one round trip.
 */
@Injectable()
export class RevokedTokensRepository {
  constructor(
    private readonly db: Database,
    private readonly sessions: SessionCache,
  ) {}

  /** Records a token's id as signed out until `expiresAt` (once: revoking it again changes nothing). */
  async insert(jti: string, expiresAt: Date): Promise<void> {
    await this.db.manager.createQueryBuilder().insert().into(RevokedTokenEntity).values({ jti, expiresAt }).orIgnore().execute();
    this.sessions.tokenSignedOut(jti);
  }

  /** Records a single-use token's id as spent; true only for the request that spent it (a conditional insert). */
  async claim(jti: string, expiresAt: Date): Promise<boolean> {
    const rows = await this.db.rows(
      `INSERT INTO revoked_tokens (jti, expires_at) VALUES ($1, $2) ON CONFLICT (jti) DO NOTHING RETURNING jti`,
      [jti, expiresAt],
    );
    return rows.length === 1;
  }

  /** Forgets the entries past their token's expiry: they protect nothing. */
  async deleteExpired(): Promise<void> {
    await this.db.manager.delete(RevokedTokenEntity, { expiresAt: LessThan(new Date()) });
  }
}
