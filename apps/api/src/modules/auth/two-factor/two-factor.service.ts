import { Inject, Injectable, Logger } from '@nestjs/common';
import {
  RECOVERY_CODE_COUNT,
  TWO_FACTOR_WRONG_CODE,
  type MessageResponse,
  type TwoFactorDisabled,
  type TwoFactorEnabled,
  type TwoFactorEnrolment,
  type TwoFactorRecoveryCodes,
  type TwoFactorStatus,
} from '@store/contract';
import { TOTP_CODE_PATTERN } from '@store/contract/dto/two-factor.dto';
import QRCode from 'qrcode';
import { ConflictError, ForbiddenError, NotFoundError, ValidationFailedError } from '../../../common/errors.js';
import { APP_CONFIG } from '../../../config/config.module.js';
import type { AppConfig } from '../../../config/env.js';
import { Transactions } from '../../../database/transactions.js';
import { AuditService, type AuditActor } from '../../audit/audit.service.js';
import { UsersService } from '../../users/users.service.js';
import type { AuthUser } from '../auth-user.js';
import { PasswordHasher } from '../password-hasher.js';
import { SessionIssuer } from '../session-issuer.js';
import { TwoFactorLimits } from '../rate-limit/two-factor-limits.js';
import { recoveryCodeHash, Totp } from './totp.js';
import { TwoFactorRepository } from './two-factor.repository.js';

const WRONG_PASSWORD = 'Password is not right';
const wrongCode = () => new ValidationFailedError(TWO_FACTOR_WRONG_CODE, [{ field: 'code', message: TWO_FACTOR_WRONG_CODE }]);

/**
 * Two-factor sign-in of the shop's people (docs/security.md, "Two-factor sign-in"): enrolment (a secret made here,
 * shown until a first code confirms it, then never again; ten recovery codes shown once and stored hashed), the
 * code check behind the sign-in's second step (each code once), turning it off (password and code), and an
 * owner's reset of someone else's, and new recovery codes. Every change is in the audit trail, in the transaction
 * that makes it. Turning it on, off or resetting it ends the member's sessions (the session version moves in the same
 * transaction): a session opened with the password alone, or a stolen one, does not outlive the change. The member
 * who made the change gets a new session for this browser.
 */
@Injectable()
export class TwoFactorService {
  private readonly logger = new Logger('TwoFactor');

  constructor(
    private readonly repository: TwoFactorRepository,
    private readonly totp: Totp,
    private readonly limits: TwoFactorLimits,
    private readonly users: UsersService,
    private readonly hasher: PasswordHasher,
    private readonly audit: AuditService,
    private readonly transactions: Transactions,
    private readonly sessions: SessionIssuer,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  get required(): boolean {
    return this.config.twoFactor.mode === 'required';
  }

  async isEnabled(userId: string): Promise<boolean> {
    return (await this.repository.find(userId))?.enabled ?? false;
  }

  async status(user: AuthUser): Promise<TwoFactorStatus> {
    const enabled = await this.isEnabled(user.id);
    return { enabled, required: this.required, recoveryCodesLeft: enabled ? await this.repository.recoveryCodesLeft(user.id) : 0 };
  }

  /** A new secret for the member's app (replacing an unconfirmed one); 409 when two-factor is on already. */
  async enrol(user: AuthUser): Promise<TwoFactorEnrolment> {
    const { secret, otpauthUrl } = this.totp.newSecret(user.email);
    if (!(await this.repository.startEnrolment(user.id, this.totp.encrypt(secret)))) {
      throw new ConflictError('Two-factor sign-in is already on; turn it off first to use another app');
    }
    return { secret, otpauthUrl, qrCode: await QRCode.toDataURL(otpauthUrl, { errorCorrectionLevel: 'M', margin: 2, width: 240 }) };
  }

  /**
   * The first code from the app turns two-factor on; answers the recovery codes, the only time they are shown, and
   * this browser's new session (every other one has ended).
   */
  async confirm(user: AuthUser, code: string, network: string): Promise<TwoFactorEnabled> {
    await this.limits.admit(user.id, network);
    const row = await this.repository.find(user.id);
    if (!row) throw new ConflictError('Start setting up two-factor sign-in first');
    if (row.enabled) throw new ConflictError('Two-factor sign-in is already on');
    const timeStep = await this.totp.timeStepOf(this.secretOf(row.secretEncrypted) ?? '', code, null);
    if (timeStep === undefined) throw wrongCode();
    const recoveryCodes = this.totp.newRecoveryCodes(RECOVERY_CODE_COUNT);
    await this.transactions.run(async () => {
      if (!(await this.repository.enable(user.id, timeStep, recoveryCodes.map(recoveryCodeHash)))) {
        throw new ConflictError('Two-factor sign-in is already on');
      }
      await this.audit.record(user, {
        action: 'two-factor.enable',
        entityType: 'user',
        entityId: user.id,
        changes: { twoFactor: { before: false, after: true } },
      });
      await this.users.endSessions(user.id);
    });
    await this.limits.succeeded(user.id, network);
    return { recoveryCodes, session: await this.newSession(user.id) };
  }

  /**
   * Ten new recovery codes for a member with two-factor on, shown this once; every earlier one (used or not) stops
   * working in the same transaction. Takes a code from the app, not a recovery code: whoever holds only a recovery
   * code (or only a signed-in browser) cannot make themselves ten more.
   */
  async regenerateRecoveryCodes(user: AuthUser, code: string, network: string): Promise<TwoFactorRecoveryCodes> {
    await this.limits.admit(user.id, network);
    if (!(await this.isEnabled(user.id))) throw new ConflictError('Two-factor sign-in is not on');
    if (!TOTP_CODE_PATTERN.test(code) || !(await this.codeIsRight(user.id, code))) throw wrongCode();
    const left = await this.repository.recoveryCodesLeft(user.id);
    const recoveryCodes = this.totp.newRecoveryCodes(RECOVERY_CODE_COUNT);
    await this.transactions.run(async () => {
      if (!(await this.repository.replaceRecoveryCodes(user.id, recoveryCodes.map(recoveryCodeHash)))) {
        throw new ConflictError('Two-factor sign-in is not on');
      }
      await this.audit.record(user, {
        action: 'two-factor.recovery-codes',
        entityType: 'user',
        entityId: user.id,
        changes: { recoveryCodesLeft: { before: left, after: RECOVERY_CODE_COUNT } },
      });
    });
    await this.limits.succeeded(user.id, network);
    return { recoveryCodes };
  }

  /**
   * Checks a code of a member with two-factor on, counted first (TwoFactorLimits): six digits are the app's (a time
   * step not used before), anything else a recovery code (used up here). 400 on the `code` field when it is wrong.
   */
  async checkCode(userId: string, code: string, network: string): Promise<void> {
    await this.limits.admit(userId, network);
    if (!(await this.codeIsRight(userId, code))) throw wrongCode();
    await this.limits.succeeded(userId, network);
  }

  /**
   * Turns two-factor off: the password and a code, both right (counted as code attempts). Every session ends; this
   * browser gets a new one.
   */
  async disable(user: AuthUser, password: string, code: string, network: string): Promise<TwoFactorDisabled> {
    await this.limits.admit(user.id, network);
    const withHash = await this.users.findByEmailWithPassword(user.email);
    if (!withHash || !(await this.hasher.verify(withHash.passwordHash, password))) {
      throw new ValidationFailedError(WRONG_PASSWORD, [{ field: 'password', message: WRONG_PASSWORD }]);
    }
    if (!(await this.isEnabled(user.id))) throw new ConflictError('Two-factor sign-in is not on');
    if (!(await this.codeIsRight(user.id, code))) throw wrongCode();
    await this.transactions.run(async () => {
      await this.repository.remove(user.id);
      await this.audit.record(user, {
        action: 'two-factor.disable',
        entityType: 'user',
        entityId: user.id,
        changes: { twoFactor: { before: true, after: false } },
      });
      await this.users.endSessions(user.id);
    });
    await this.limits.succeeded(user.id, network);
    return { message: 'Two-factor sign-in is off', session: await this.newSession(user.id) };
  }

  /**
   * An owner resets another member's two-factor (a lost phone): secret and recovery codes gone, the member's sessions
   * ended; they sign in with their password and set it up again. Not one's own: that takes the password and a code.
   */
  async reset(owner: AuditActor, staffId: string): Promise<MessageResponse> {
    if (staffId === owner.id) {
      throw new ForbiddenError('Turn off your own two-factor sign-in from your two-factor page: it needs your password and a code');
    }
    const member = (await this.users.listStaff()).find((person) => person.id === staffId);
    if (!member) throw new NotFoundError('No such member of the staff');
    await this.transactions.run(async () => {
      if (!(await this.repository.remove(staffId))) throw new NotFoundError(`${member.name} has not set up two-factor sign-in`);
      await this.audit.record(owner, {
        action: 'staff.two-factor-reset',
        entityType: 'user',
        entityId: staffId,
        changes: { twoFactor: { before: true, after: false } },
      });
      await this.users.endSessions(staffId);
    });
    return { message: `${member.name}'s two-factor sign-in was reset; they set it up again at their next sign-in` };
  }

  /** A session for the member as they are after a change that ended their sessions. */
  private async newSession(userId: string) {
    return this.sessions.sessionFor(await this.users.getById(userId));
  }

  private async codeIsRight(userId: string, code: string): Promise<boolean> {
    const row = await this.repository.find(userId);
    if (!row?.enabled) return false;
    if (!TOTP_CODE_PATTERN.test(code)) return this.repository.useRecoveryCode(userId, recoveryCodeHash(code));
    const secret = this.secretOf(row.secretEncrypted);
    if (secret === undefined) return false;
    const timeStep = await this.totp.timeStepOf(secret, code, row.lastTimeStep);
    return timeStep !== undefined && (await this.repository.useTimeStep(userId, timeStep));
  }

  /** The secret, or undefined when it cannot be read (TWO_FACTOR_KEY or JWT_SECRET changed): recovery codes still work. */
  private secretOf(stored: Buffer): string | undefined {
    try {
      return this.totp.decrypt(stored);
    } catch {
      this.logger.error('A two-factor secret cannot be decrypted: was TWO_FACTOR_KEY (or JWT_SECRET without it) changed?');
      return undefined;
    }
  }
}
