import { Inject, Injectable } from '@nestjs/common';
import { EMAIL_VERIFICATION_HOURS, PASSWORD_RESET_MINUTES } from '@store/contract';
import { APP_CONFIG } from '../../config/config.module.js';
import type { AppConfig } from '../../config/env.js';
import { Transactions } from '../../database/transactions.js';
import { OutboxService } from '../notifications/outbox.service.js';
import { newAccountToken } from './account-token.js';
import { AccountTokensRepository } from './account-tokens.repository.js';

interface Recipient {
  id: string;
  name: string;
  email: string;
}

/**
 * Mails an account its single-use links (one token machinery, account_tokens, for all of them): the token is stored
 * as its hash and the mail queued in one transaction, so a link exists exactly when its mail does. Links are built
 * from PUBLIC_URL only, never from a request's Host header; without it (production unconfigured) nothing is sent
 * and each method answers false.
 */
@Injectable()
export class AccountLinks {
  constructor(
    private readonly tokens: AccountTokensRepository,
    private readonly outbox: OutboxService,
    private readonly transactions: Transactions,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** "Forgot your password?": the link to `/reset-password`. */
  passwordReset(user: Recipient): Promise<boolean> {
    return this.send(user.id, 'password-reset', PASSWORD_RESET_MINUTES, null, '/reset-password', (link) =>
      this.outbox.passwordResetLink(user, link),
    );
  }

  /** After a promotion of an account nobody had confirmed the address of: the same page, another mail. */
  setPassword(user: Recipient): Promise<boolean> {
    return this.send(user.id, 'password-reset', PASSWORD_RESET_MINUTES, null, '/reset-password', (link) =>
      this.outbox.setPasswordLink(user, link),
    );
  }

  /** Confirms the account's own address (after sign-up, or "send again"). */
  verifyEmail(user: Recipient): Promise<boolean> {
    return this.send(user.id, 'verify-email', EMAIL_VERIFICATION_HOURS * 60, user.email, '/verify-email', (link) =>
      this.outbox.emailVerificationLink(user, link, false),
    );
  }

  /** Sent to `newEmail`: following it moves the account there. */
  changeEmail(user: Recipient, newEmail: string): Promise<boolean> {
    return this.send(user.id, 'change-email', EMAIL_VERIFICATION_HOURS * 60, newEmail, '/verify-email', (link) =>
      this.outbox.emailVerificationLink({ name: user.name, email: newEmail }, link, true),
    );
  }

  private async send(
    userId: string,
    purpose: 'password-reset' | 'verify-email' | 'change-email',
    validMinutes: number,
    email: string | null,
    page: string,
    queue: (link: string) => Promise<void>,
  ): Promise<boolean> {
    const { publicUrl } = this.config;
    if (!publicUrl) return false;
    const { token, hash } = newAccountToken();
    await this.transactions.run(async () => {
      await this.tokens.insert(userId, hash, validMinutes, purpose, email);
      await queue(`${publicUrl}${page}?token=${token}`);
    });
    return true;
  }
}
