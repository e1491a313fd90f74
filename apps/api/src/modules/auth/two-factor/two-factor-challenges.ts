import { createHmac, randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { JwtService } from '@nestjs/jwt';
import { TWO_FACTOR_CHALLENGE_SECONDS, TWO_FACTOR_SIGNIN_EXPIRED } from '@store/contract';
import { UnauthenticatedError } from '../../../common/errors.js';
import { APP_CONFIG } from '../../../config/config.module.js';
import type { AppConfig } from '../../../config/env.js';
import { RevokedTokensRepository } from '../revoked-tokens.repository.js';

const AUDIENCE = 'two-factor-signin';

/** The claims of a challenge: who passed the password step, with which session version, from which known browser. */
export interface ChallengeClaims {
  sub: string;
  sv: number;
  jti: string;
  /** The device id of the browser's device cookie, when it brought a valid one (kept for the cookie set at the end). */
  dev?: string;
  exp?: number;
}

/**
 * The proof that a sign-in's password was right, good for one thing: `POST /signin/two-factor`. A JWT signed with
 * its own key (an HMAC of JWT_SECRET, so no session check can ever accept one, nor a challenge check a session) and
 * its own audience, valid TWO_FACTOR_CHALLENGE_SECONDS, used once (its id goes to revoked_tokens when it is spent).
 */
@Injectable()
export class TwoFactorChallenges {
  private readonly secret: string;

  constructor(
    private readonly jwt: JwtService,
    private readonly used: RevokedTokensRepository,
    @Inject(APP_CONFIG) config: AppConfig,
  ) {
    this.secret = createHmac('sha256', config.jwtSecret).update('two-factor-challenge').digest('base64url');
  }

  issue(user: { id: string; sessionVersion: number }, deviceId: string | undefined): Promise<string> {
    const claims: ChallengeClaims = { sub: user.id, sv: user.sessionVersion, jti: randomUUID(), ...(deviceId ? { dev: deviceId } : {}) };
    return this.jwt.signAsync(claims, { secret: this.secret, audience: AUDIENCE, expiresIn: TWO_FACTOR_CHALLENGE_SECONDS });
  }

  /** The claims of a challenge this API issued and that has not expired; 401 otherwise. */
  async read(challenge: string): Promise<ChallengeClaims> {
    try {
      const claims = await this.jwt.verifyAsync<ChallengeClaims>(challenge, {
        secret: this.secret,
        audience: AUDIENCE,
        algorithms: ['HS256'],
      });
      if (!claims.sub || !claims.jti || typeof claims.exp !== 'number') throw new Error('incomplete');
      return claims;
    } catch {
      throw new UnauthenticatedError(TWO_FACTOR_SIGNIN_EXPIRED);
    }
  }

  /** Spends a challenge: true the first time only (one conditional insert, so two requests cannot both spend it). */
  spend(claims: ChallengeClaims): Promise<boolean> {
    return this.used.claim(claims.jti, new Date((claims.exp ?? 0) * 1000));
  }
}
