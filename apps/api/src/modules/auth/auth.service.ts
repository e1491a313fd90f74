import { Inject, Injectable, Logger } from '@nestjs/common';
import { JwtService } from '@nestjs/jwt';
import { Role, type Session, type SigninResponse, StaffRole, TWO_FACTOR_SIGNIN_EXPIRED, type User } from '@store/contract';
import { SessionIssuer } from './session-issuer.js';
import { ConflictError, UnauthenticatedError } from '../../common/errors.js';
import { APP_CONFIG } from '../../config/config.module.js';
import type { AppConfig } from '../../config/env.js';
import { UsersService } from '../users/users.service.js';
import type { AuthUser, JwtPayload } from './auth-user.js';
import { isCommonPassword, refuseCommonPassword } from './common-passwords.js';
import type { SigninDto } from '@store/contract/dto/signin.dto';
import type { SignupDto } from '@store/contract/dto/signup.dto';
import { PasswordHasher } from './password-hasher.js';
import { DeviceCookies } from './device-cookie.js';
import { AccountLinks } from './account-links.js';
import { EmailVerificationService } from './email-verification.service.js';
import { SigninLimits } from './rate-limit/signin-limits.js';
import { RevokedTokensRepository } from './revoked-tokens.repository.js';
import { TwoFactorChallenges } from './two-factor/two-factor-challenges.js';
import { TwoFactorService } from './two-factor/two-factor.service.js';
import type { TwoFactorSigninDto } from '@store/contract/dto/two-factor.dto';

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
    private readonly limits: SigninLimits,
    private readonly devices: DeviceCookies,
    private readonly verification: EmailVerificationService,
    private readonly links: AccountLinks,
    private readonly twoFactor: TwoFactorService,
    private readonly challenges: TwoFactorChallenges,
    private readonly sessions: SessionIssuer,
  ) {}

  async signup(input: SignupDto): Promise<User> {
    refuseCommonPassword(input.password);
    await this.users.refuseImitation(input.name);
    const passwordHash = await this.hasher.hash(input.password);
    const user = await this.users.create({ name: input.name, email: input.email, passwordHash });
    await this.verification.afterSignup(user);
    return this.users.toUser(user);
  }

  /**
   * Checks a sign-in after counting it (SigninLimits: before the password, so parallel guesses cannot all be
   * checked). A valid device cookie for this account (`device`) limits it per browser instead of per network.
   * Answers the session and the device cookie to set, so the browser stays known; for an account with two-factor
   * sign-in on, a right password answers only a challenge for the second step (no session, no cookie yet).
   */
  async signin(
    input: SigninDto,
    client: { network: string; deviceCookie?: string },
  ): Promise<{ response: SigninResponse; deviceCookie?: string }> {
    const deviceId = this.devices.verify(client.deviceCookie, input.email);
    const origin = { network: client.network, deviceId };
    await this.limits.admit(input.email, origin);
    const user = await this.users.findByEmailWithPassword(input.email);
    const matches = await this.hasher.verify(user?.passwordHash, input.password);
    if (!user || !matches) throw new UnauthenticatedError(WRONG_CREDENTIALS);
    await this.limits.succeeded(input.email, origin);
    if (await this.twoFactor.isEnabled(user.id)) {
      return { response: { twoFactorRequired: true, challenge: await this.challenges.issue(user, deviceId) } };
    }
    return { response: await this.sessionFor(user), deviceCookie: this.devices.issue(input.email, deviceId) };
  }

  /**
   * The second step: a challenge from {@link signin} (this API's, unexpired, for the account's current session
   * version) and a code, counted on their own (TwoFactorLimits). Each challenge completes one sign-in.
   */
  async signinTwoFactor(input: TwoFactorSigninDto, client: { network: string }): Promise<{ session: Session; deviceCookie: string }> {
    const claims = await this.challenges.read(input.challenge);
    const user = await this.users.findById(claims.sub);
    // A password change or "sign out everywhere" since the password step ends its challenge too.
    if (!user || user.sessionVersion !== claims.sv) throw new UnauthenticatedError(TWO_FACTOR_SIGNIN_EXPIRED);
    await this.twoFactor.checkCode(user.id, input.code, client.network);
    if (!(await this.challenges.spend(claims))) throw new UnauthenticatedError('This sign-in was completed already; sign in again');
    return { session: await this.sessionFor(user), deviceCookie: this.devices.issue(user.email, claims.dev) };
  }

  /** A new token for the user as they are now (their current session version). */
  sessionFor(user: Parameters<SessionIssuer['sessionFor']>[0]): Promise<Session> {
    return this.sessions.sessionFor(user);
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

  /** Ends every session of the user, the one making the request included ("sign out everywhere"). */
  async signoutEverywhere(userId: string): Promise<void> {
    await this.users.endSessions(userId);
  }

  /**
   * Runs for every request with a valid signature, in one read: the token must not be revoked, its user must still
   * exist, and its session version must be the user's current one (a promotion, a role or password change, or
   * "sign out everywhere" since it was signed ends it). Read fresh each time, so every replica agrees at once.
   */
  async userForToken(payload: JwtPayload): Promise<AuthUser> {
    // A token without `exp` would be valid forever: every token this API signs has one, so refuse any other.
    if (!payload.sub || !payload.jti || typeof payload.exp !== 'number')
      throw new UnauthenticatedError('Your session is not valid; sign in again');
    const user = await this.users.findForToken(payload.sub, payload.jti);
    if (!user) throw new UnauthenticatedError('Your account no longer exists');
    if (user.revoked) throw new UnauthenticatedError('You have signed out; sign in again');
    if ((payload.sv ?? 0) !== user.sessionVersion) throw new UnauthenticatedError('Your session has ended; sign in again');
    return {
      id: user.id,
      name: user.name,
      email: user.email,
      role: user.role,
      staffRole: user.staffRole,
      twoFactorEnabled: user.twoFactorEnabled,
    };
  }

  /**
   * Creates the configured admin, or promotes and re-keys an existing account; safe to run at every start. The
   * configured admin is an owner: an owner who demoted it gets it back as an owner at the next start.
   * A promotion or a new password ends the account's earlier sessions (UsersService.update does), so a token
   * signed before the operator named the address cannot act as the admin.
   */
  async ensureAdmin(admin: { email: string; password: string; name: string }): Promise<User> {
    if (isCommonPassword(admin.password)) this.logger.warn('ADMIN_PASSWORD is one of the most common passwords; change it');
    const existing = await this.users.findByEmailWithPassword(admin.email);
    if (!existing) {
      const passwordHash = await this.hasher.hash(admin.password);
      try {
        const created = await this.users.create({ name: admin.name, email: admin.email, passwordHash, staffRole: StaffRole.Owner });
        this.logger.log(`Created admin ${admin.email}`);
        return this.users.toUser(created);
      } catch (error) {
        // Replicas start together: another one created the account between the lookup and the insert. It is an
        // existing account now; check it like one (a replica must not die of its neighbour's start).
        if (!(error instanceof ConflictError)) throw error;
        return this.ensureAdmin(admin);
      }
    }
    const changes: { role?: Role; staffRole?: StaffRole; passwordHash?: string; emailVerifiedAt?: Date } = {};
    if (existing.role !== Role.Admin || existing.staffRole !== StaffRole.Owner)
      Object.assign(changes, { role: Role.Admin, staffRole: StaffRole.Owner });
    if (!(await this.hasher.verify(existing.passwordHash, admin.password))) changes.passwordHash = await this.hasher.hash(admin.password);
    // Promoting an account whose address nobody confirmed (anyone may sign up with any address): the operator's
    // word stands for the confirmation, every session the account had ends (the role change does it), and the
    // mailbox's owner gets a link to choose a password (docs/security.md, "E-mail verification").
    const unconfirmed = !existing.emailVerifiedAt;
    if (unconfirmed) changes.emailVerifiedAt = new Date();
    if (Object.keys(changes).length > 0) {
      await this.users.update(existing.id, changes);
      this.logger.log(`Updated admin ${admin.email} (${Object.keys(changes).join(', ')})`);
    }
    if (unconfirmed && !(await this.links.setPassword(existing)))
      this.logger.warn(`No set-password link for ${admin.email}: PUBLIC_URL is not set`);
    return this.users.toUser({ ...existing, role: Role.Admin, staffRole: StaffRole.Owner });
  }
}
