import { Injectable, Logger } from '@nestjs/common';
import { EMAIL_ALREADY_VERIFIED, EMAIL_VERIFICATION_LINK_INVALID, EMAIL_VERIFICATION_MAILS_PER_HOUR } from '@store/contract';
import { ConflictError, RateLimitedError, ServiceUnavailableError, ValidationFailedError } from '../../common/errors.js';
import { Transactions } from '../../database/transactions.js';
import { OutboxService } from '../notifications/outbox.service.js';
import { OrdersService } from '../orders/orders.service.js';
import { UsersService } from '../users/users.service.js';
import { AccountLinks } from './account-links.js';
import { accountTokenHash } from './account-token.js';
import { AccountTokensRepository } from './account-tokens.repository.js';
import { PasswordHasher } from './password-hasher.js';
import { RateLimitRepository } from './rate-limit/rate-limit.repository.js';

const HOUR_MS = 60 * 60_000;
const LINKS_NOT_SET_UP = 'E-mail links are not available: the shop has not set its address (PUBLIC_URL) for the links';
const WRONG_CURRENT_PASSWORD = 'Current password is not right';
const SAME_ADDRESS = 'That is already your address';

const invalidLink = () =>
  new ValidationFailedError(EMAIL_VERIFICATION_LINK_INVALID, [{ field: 'token', message: EMAIL_VERIFICATION_LINK_INVALID }]);

/**
 * Confirming an account's e-mail address: sign-up mails a single-use link (24 hours), "send again" mails a new one,
 * and moving the account to another address mails a link to that address, the move happening only when it is
 * followed (the old address is told). One account gets at most EMAIL_VERIFICATION_MAILS_PER_HOUR such links an hour,
 * counted per account, so neither form can flood a mailbox. An unconfirmed account shops as any other; the shop's
 * people must have a confirmed address (see docs/security.md, "E-mail verification").
 */
@Injectable()
export class EmailVerificationService {
  private readonly logger = new Logger('EmailVerification');

  constructor(
    private readonly users: UsersService,
    private readonly links: AccountLinks,
    private readonly tokens: AccountTokensRepository,
    private readonly limits: RateLimitRepository,
    private readonly hasher: PasswordHasher,
    private readonly outbox: OutboxService,
    private readonly transactions: Transactions,
    private readonly orders: OrdersService,
  ) {}

  /** The link after sign-up. Never fails the sign-up: without PUBLIC_URL the account starts unconfirmed, said in the log. */
  async afterSignup(user: { id: string; name: string; email: string }): Promise<void> {
    await this.limits.hit(this.limitKey(user.id), HOUR_MS);
    if (!(await this.links.verifyEmail(user))) this.logger.warn(`No verification link for ${user.email}: PUBLIC_URL is not set`);
  }

  /** "Send again": a new link to the signed-in user's address; 429 past the hourly limit, 409 when already confirmed. */
  async resend(userId: string): Promise<void> {
    const user = await this.users.getById(userId);
    if (user.emailVerifiedAt) throw new ConflictError(EMAIL_ALREADY_VERIFIED);
    await this.admit(userId);
    if (!(await this.links.verifyEmail(user))) throw new ServiceUnavailableError(LINKS_NOT_SET_UP, 3600);
  }

  /**
   * Asks to move the account to `email`: the current password is required (a session left open is not enough to
   * take the account), and the link goes to the new address. Whether another account has that address is checked
   * only when the link is followed, so the answer here tells nobody who shops here.
   */
  async requestChange(userId: string, email: string, currentPassword: string): Promise<void> {
    const user = await this.users.getById(userId);
    const withHash = await this.users.findByEmailWithPassword(user.email);
    if (!withHash || !(await this.hasher.verify(withHash.passwordHash, currentPassword))) {
      throw new ValidationFailedError(WRONG_CURRENT_PASSWORD, [{ field: 'currentPassword', message: WRONG_CURRENT_PASSWORD }]);
    }
    if (email === user.email) throw new ValidationFailedError(SAME_ADDRESS, [{ field: 'email', message: SAME_ADDRESS }]);
    await this.admit(userId);
    if (!(await this.links.changeEmail(user, email))) throw new ServiceUnavailableError(LINKS_NOT_SET_UP, 3600);
  }

  /**
   * Follows a link: confirms the account's address, or moves the account to the new one (409 when another account
   * took it meanwhile; the link then stays usable, nothing having changed) and tells the old address. A confirmation
   * link for an address the account no longer has is refused like a used one.
   */
  async verify(token: string): Promise<void> {
    await this.transactions.run(async () => {
      const used = await this.tokens.use(accountTokenHash(token), ['verify-email', 'change-email']);
      if (!used?.email) throw invalidLink();
      const user = await this.users.getById(used.userId);
      if (used.purpose === 'verify-email') {
        if (used.email !== user.email) throw invalidLink();
        await this.users.markEmailVerified(user.id);
        await this.tokens.retireAll(user.id, ['verify-email']);
        // The address is now proven the account's: orders a guest placed with it join (docs/payments.md, "Guest checkout").
        await this.orders.joinGuestOrders(user);
        return;
      }
      await this.users.changeEmail(user.id, used.email);
      await this.orders.joinGuestOrders({ ...user, email: used.email });
      // Links mailed to the old address (a reset, a confirmation) must not act on the account any more.
      await this.tokens.retireAll(user.id, ['verify-email', 'change-email', 'password-reset']);
      await this.outbox.emailChanged(user, used.email);
    });
  }

  private async admit(userId: string): Promise<void> {
    const { hits, secondsLeft } = await this.limits.hit(this.limitKey(userId), HOUR_MS);
    if (hits > EMAIL_VERIFICATION_MAILS_PER_HOUR) {
      throw new RateLimitedError(`At most ${EMAIL_VERIFICATION_MAILS_PER_HOUR} links an hour; try again later`, secondsLeft);
    }
  }

  private limitKey(userId: string): string {
    return `email-links:${userId}`;
  }
}
