import { createSecretKey } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { PassportStrategy } from '@nestjs/passport';
import { ExtractJwt, Strategy } from 'passport-jwt';
import { APP_CONFIG } from '../../config/config.module.js';
import type { AppConfig } from '../../config/env.js';
import type { AuthUser, JwtPayload } from './auth-user.js';
import { AuthService } from './auth.service.js';

/** Bearer HS256 tokens only: `alg: none` and other algorithms are refused before the payload is read. */
@Injectable()
export class JwtStrategy extends PassportStrategy(Strategy, 'jwt') {
  constructor(
    private readonly auth: AuthService,
    @Inject(APP_CONFIG) config: AppConfig,
  ) {
    super({
      jwtFromRequest: ExtractJwt.fromAuthHeaderAsBearerToken(),
      // A secret key object, made once: given the secret as a string, jsonwebtoken first tries it as a PEM public
      // key on every verification, which throws and is caught (about 22 µs of CPU an authenticated request, three
      // quarters of the check; docs/performance.md). passport-jwt hands the key to jsonwebtoken as it is; its
      // types name only strings and buffers.
      secretOrKey: createSecretKey(Buffer.from(config.jwtSecret, 'utf8')) as unknown as Buffer,
      algorithms: ['HS256'],
      ignoreExpiration: false,
    });
  }

  validate(payload: JwtPayload): Promise<AuthUser> {
    return this.auth.userForToken(payload);
  }
}
