import { Inject, Injectable, Logger } from '@nestjs/common';
import { type Session, PASSWORD_RESET_LINK_INVALID, PASSWORD_RESET_MAILS_PER_HOUR } from '@store/contract';
import { ServiceUnavailableError, ValidationFailedError } from '../../common/errors.js';
import { APP_CONFIG } from '../../config/config.module.js';
import type { AppConfig } from '../../config/env.js';
import { Transactions } from '../../database/transactions.js';
import { OutboxService } from '../notifications/outbox.service.js';
import { UsersService } from '../users/users.service.js';
import { AuthService } from './auth.service.js';
import { refuseCommonPassword } from './common-passwords.js';
import { PasswordHasher } from './password-hasher.js';
import { AccountTokensRepository } from './account-tokens.repository.js';
import { AccountLinks } from './account-links.js';
import { accountTokenHash } from './account-token.js';
import { RateLimitRepository } from './rate-limit/rate-limit.repository.js';

const HOUR_MS = 60 * 60_000;
const RESET_NOT_SET_UP = 'Password reset is not available: the shop has not set its address (PUBLIC_URL) for the links';
const WRONG_CURRENT_PASSWORD = 'Current password is not right';

/**
 * "Forgot your password?": a single-use link by e-mail, valid for PASSWORD_RESET_MINUTES, its token
 * stored only as a hash; using it sets the password, ends every session of the account and tells its owner.
 * Asking answers the same whether or not an account has the address (the caller always says the same thing); an
 * address gets at most {@link PASSWORD_RESET_MAILS_PER_HOUR} links an hour, so the form cannot flood a mailbox
 * (the client network's limit is the auth routes' guard).
 */
@Injectable()
export class PasswordsService {
  private readonly logger = new Logger('PasswordReset');

  constructor(
    private readonly users: UsersService,
    private readonly resets: AccountTokensRepository,
    private readonly limits: RateLimitRepository,
    private readonly hasher: PasswordHasher,
    private readonly outbox: OutboxService,
    private readonly transactions: Transactions,
    private readonly auth: AuthService,
    private readonly links: AccountLinks,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async request(email: string): Promise<void> {
    const { publicUrl } = this.config;
    if (!publicUrl) throw new ServiceUnavailableError(RESET_NOT_SET_UP, 3600);
    // Counted for every address asked about, known or not, so the answer's timing does not tell them apart either.
    const { hits } = await this.limits.hit(`password-reset:${email}`, HOUR_MS);
    const user = await this.users.findByEmailWithPassword(email);
    if (!user) return;
    if (hits > PASSWORD_RESET_MAILS_PER_HOUR) {
      this.logger.warn(`Password reset for ${email} not sent: ${PASSWORD_RESET_MAILS_PER_HOUR} links an hour at most`);
      return;
    }
    await this.links.passwordReset(user);
  }

  /**
   * Changes a signed-in user's password: the current one must match. Every session ends (the other devices'), and
   * the caller gets a new session so this browser stays signed in.
   */
  async change(user: { id: string; email: string }, currentPassword: string, password: string): Promise<Session> {
    const withHash = await this.users.findByEmailWithPassword(user.email);
    if (!withHash || !(await this.hasher.verify(withHash.passwordHash, currentPassword))) {
      throw new ValidationFailedError(WRONG_CURRENT_PASSWORD, [{ field: 'currentPassword', message: WRONG_CURRENT_PASSWORD }]);
    }
    refuseCommonPassword(password);
    await this.users.update(user.id, { passwordHash: await this.hasher.hash(password) });
    return this.auth.sessionFor(await this.users.getById(user.id));
  }

  /**
   * Sets the new password if the link is good. The password's own rules are checked first, so a refused password
   * leaves the link usable. The link, the password, the sessions and the notice change together or not at all.
   */
  async reset(token: string, password: string): Promise<void> {
    refuseCommonPassword(password);
    const passwordHash = await this.hasher.hash(password);
    await this.transactions.run(async () => {
      const userId = (await this.resets.use(accountTokenHash(token)))?.userId;
      if (!userId) throw new ValidationFailedError(PASSWORD_RESET_LINK_INVALID, [{ field: 'token', message: PASSWORD_RESET_LINK_INVALID }]);
      // A password change moves the session version: every token signed before is refused from now on.
      await this.users.update(userId, { passwordHash });
      // The link reached the account's mailbox, so following it proves the address too.
      await this.users.markEmailVerified(userId);
      await this.resets.retireAll(userId);
      await this.outbox.passwordChanged(await this.users.getById(userId));
    });
  }
}
