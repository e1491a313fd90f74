import { Inject, Injectable } from '@nestjs/common';
import type { Order } from '@store/contract';
import { APP_CONFIG } from '../../config/config.module.js';
import type { AppConfig } from '../../config/env.js';
import { passwordChangedMail, passwordResetMail } from './account-mails.js';
import { orderMails } from './order-mails.js';
import { OutboxRepository } from './outbox.repository.js';

/**
 * The notifications module's door for other modules: queue the mails an event calls for, inside the transaction
 * in context, so they exist exactly when what they announce does. Sending is the worker's job, later.
 */
@Injectable()
export class OutboxService {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly outbox: OutboxRepository,
  ) {}

  /** Queues the buyer's confirmation of a paid order and the shop's notice (with SHOP_EMAIL set). */
  async orderReceived(order: Order, buyerEmail: string): Promise<void> {
    await this.outbox.insert(orderMails(order, buyerEmail, { email: this.config.mail.shopEmail, name: this.config.mail.shopName }));
  }

  /** Queues a password reset link, in the transaction that stored it. */
  async passwordResetLink(account: { name: string; email: string }, link: string): Promise<void> {
    await this.outbox.insert([passwordResetMail(account, link, this.config.mail.shopName)]);
  }

  /** Queues the notice that a password was changed with a reset link. */
  async passwordChanged(account: { name: string; email: string }): Promise<void> {
    await this.outbox.insert([passwordChangedMail(account, this.config.mail.shopName)]);
  }
}
