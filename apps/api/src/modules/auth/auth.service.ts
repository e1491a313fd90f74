import { randomUUID } from 'node:crypto';
import { Inject, Injectable, Logger } from '@nestjs/common';
import { JwtService } from '@nestjs/jwt';
import { Role, type Session, type User } from '@store/contract';
import { ConflictError, RateLimitedError, UnauthenticatedError } from '../../common/errors.js';
import { APP_CONFIG } from '../../config/config.module.js';
import type { AppConfig } from '../../config/env.js';
import { UsersService } from '../users/users.service.js';
import type { AuthUser, JwtPayload } from './auth-user.js';
import type { SigninDto } from '@store/contract/dto/signin.dto';
import type { SignupDto } from '@store/contract/dto/signup.dto';
import { PasswordHasher } from './password-hasher.js';
import { RateLimitRepository } from './rate-limit/rate-limit.repository.js';
import { RevokedTokensRepository } from './revoked-tokens.repository.js';

export const WRONG_CREDENTIALS = 'Email and password do not match';

/** Sign-up, sign-in, sign-out and the check behind every authenticated request. */
@Injectable()
export class AuthService {
  private readonly logger = new Logger(AuthService.name);

  constructor(
    private readonly users: UsersService,
    private readonly hasher: PasswordHasher,
    private readonly jwt: JwtService,
    private readonly revoked: RevokedTokensRepository,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly rateLimits: RateLimitRepository,
  ) {}

  async signup(input: SignupDto): Promise<User> {
    const passwordHash = await this.hasher.hash(input.password);
    return this.users.toUser(await this.users.create({ name: input.name, email: input.email, passwordHash }));
  }

  async signin(input: SigninDto): Promise<Session> {
    // Per account, next to the per-address limit: guessing one account's password from many addresses stops too.
    const accountKey = `signin-failures:${input.email}`;
    const failures = await this.rateLimits.peek(accountKey);
    if (failures.hits >= this.config.signinFailureLimit) {
      throw new RateLimitedError(
        `Too many failed sign-ins for this account; try again in ${failures.secondsLeft} seconds`,
        failures.secondsLeft,
      );
    }
    const user = await this.users.findByEmailWithPassword(input.email);
    const matches = await this.hasher.verify(user?.passwordHash, input.password);
    if (!user || !matches) {
      await this.rateLimits.hit(accountKey, this.config.signinFailureWindowSeconds * 1000);
      throw new UnauthenticatedError(WRONG_CREDENTIALS);
    }
    const payload: JwtPayload = { sub: user.id, role: user.role, jti: randomUUID() };
    const token = await this.jwt.signAsync(payload, { expiresIn: this.config.jwtExpiresInSeconds });
    return { token, user: this.users.toUser(user) };
  }

  /**
   * Revokes a presented token until it would have expired. A missing, forged or expired token needs no
   * revoking, so sign-out always succeeds for the browser.
   */
  async signout(token: string | undefined): Promise<void> {
    if (!token) return;
    let payload: JwtPayload;
    try {
      payload = await this.jwt.verifyAsync<JwtPayload>(token, { algorithms: ['HS256'] });
    } catch {
      return;
    }
    if (!payload.jti || !payload.exp) return;
    await this.revoked.insert(payload.jti, new Date(payload.exp * 1000));
    // Keep the table small.
    await this.revoked.deleteExpired();
  }

  /** Runs for every request with a valid signature: the token must not be revoked and its user must still exist. */
  async userForToken(payload: JwtPayload): Promise<AuthUser> {
    // A token without `exp` would be valid forever: every token this API signs has one, so refuse any other.
    if (!payload.sub || !payload.jti || typeof payload.exp !== 'number')
      throw new UnauthenticatedError('Your session is not valid; sign in again');
    const [revoked, user] = await Promise.all([this.revoked.isRevoked(payload.jti), this.users.findById(payload.sub)]);
    if (revoked) throw new UnauthenticatedError('You have signed out; sign in again');
    if (!user) throw new UnauthenticatedError('Your account no longer exists');
    return { id: user.id, name: user.name, email: user.email, role: user.role };
  }

  /** Creates the configured admin, or promotes and re-keys an existing account; safe to run at every start. */
  async ensureAdmin(admin: { email: string; password: string; name: string }): Promise<User> {
    const existing = await this.users.findByEmailWithPassword(admin.email);
    if (!existing) {
      const passwordHash = await this.hasher.hash(admin.password);
      try {
        const created = await this.users.create({ name: admin.name, email: admin.email, passwordHash, role: Role.Admin });
        this.logger.log(`Created admin ${admin.email}`);
        return this.users.toUser(created);
      } catch (error) {
        // Replicas start together: another one created the account between the lookup and the insert. It is an
        // existing account now; check it like one (a replica must not die of its neighbour's start).
        if (!(error instanceof ConflictError)) throw error;
        return this.ensureAdmin(admin);
      }
    }
    const changes: { role?: Role; passwordHash?: string } = {};
    if (existing.role !== Role.Admin) changes.role = Role.Admin;
    if (!(await this.hasher.verify(existing.passwordHash, admin.password))) changes.passwordHash = await this.hasher.hash(admin.password);
    if (Object.keys(changes).length > 0) {
      await this.users.update(existing.id, changes);
      this.logger.log(`Updated admin ${admin.email} (${Object.keys(changes).join(', ')})`);
    }
    return this.users.toUser({ ...existing, role: Role.Admin });
  }
}
