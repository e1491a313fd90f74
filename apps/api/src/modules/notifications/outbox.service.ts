import { Inject, Injectable } from '@nestjs/common';
import type { Order, OrderReturn, StaffRole } from '@store/contract';
import type { Shipment } from '@store/contract/dto/shipments';
import { APP_CONFIG } from '../../config/config.module.js';
import type { AppConfig } from '../../config/env.js';
import type { StatementStep } from '../../database/transactions.js';
import { emailChangedMail, emailVerificationMail, passwordChangedMail, passwordResetMail, setPasswordMail } from './account-mails.js';
import { orderMails, orderShippedMail } from './order-mails.js';
import { OutboxRepository } from './outbox.repository.js';
import { type ReturnMailStep, returnMail } from './return-mails.js';

export type { ReturnMailStep };
import { staffInvitationMail } from './staff-mails.js';
import { backInStockMail, type StockAlertMail, stockAlertConfirmMail } from './stock-alert-mails.js';

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
  async orderReceived(order: Order, buyerEmail: string, orderLink?: string): Promise<void> {
    await this.outbox.insert(
      orderMails(order, buyerEmail, { email: this.config.mail.shopEmail, name: this.config.mail.shopName }, orderLink),
    );
  }

  /**
   * {@link orderReceived} as a step of the statement that marks the order paid (OrdersRepository.markReceived): the
   * mails composed from `order` as paid, queued in that round trip when its CTE `buyer` (email) has a row. The
   * buyer's confirmation goes to that row's address, the buyer's as it is then; `buyerEmail`, the address when
   * the checkout began, is the one the shop's notice names.
   */
  orderReceivedStep(order: Order, buyerEmail: string, buyer: string, orderLink?: string): StatementStep {
    const mails = orderMails(order, buyerEmail, { email: this.config.mail.shopEmail, name: this.config.mail.shopName }, orderLink);
    return this.outbox.insertStep(
      mails.map((mail) => (mail.kind === 'order-confirmation' ? { ...mail, recipient: null } : mail)),
      buyer,
    );
  }

  /** Queues the buyer's notice that `shipment` left, with its tracking link, in the transaction that recorded it. */
  async orderShipped(order: Order, shipment: Shipment, buyerEmail: string): Promise<void> {
    await this.outbox.insert([orderShippedMail(order, shipment, buyerEmail, this.config.mail.shopName)]);
  }

  /** Queues a password reset link, in the transaction that stored it. */
  async passwordResetLink(account: { name: string; email: string }, link: string): Promise<void> {
    await this.outbox.insert([passwordResetMail(account, link, this.config.mail.shopName)]);
  }

  /** Queues the notice that a password was changed with a reset link. */
  async passwordChanged(account: { name: string; email: string }): Promise<void> {
    await this.outbox.insert([passwordChangedMail(account, this.config.mail.shopName)]);
  }

  /** Queues a link that confirms an address (`change`: the new address of an account, which moves when it is followed). */
  async emailVerificationLink(account: { name: string; email: string }, link: string, change: boolean): Promise<void> {
    await this.outbox.insert([emailVerificationMail(account, link, this.config.mail.shopName, change)]);
  }

  /** Queues the notice to an account's old address that it moved to `newEmail`. */
  async emailChanged(oldAccount: { name: string; email: string }, newEmail: string): Promise<void> {
    await this.outbox.insert([emailChangedMail(oldAccount, newEmail, this.config.mail.shopName)]);
  }

  /** Queues the link to choose a password after a promotion of an account whose address nobody had confirmed. */
  async setPasswordLink(account: { name: string; email: string }, link: string): Promise<void> {
    await this.outbox.insert([setPasswordMail(account, link, this.config.mail.shopName)]);
  }

  /** Queues the buyer's mail about one step of their return or exchange, in the transaction that took the step. */
  async returnStep(step: ReturnMailStep, orderReturn: OrderReturn, buyerEmail: string): Promise<void> {
    await this.outbox.insert([returnMail(step, orderReturn, buyerEmail, this.config.mail.shopName)]);
  }

  /** Forgets the mails to an address whose account is deleted and those about its orders (their texts hold its personal data). */
  async forgetAccount(email: string, orderIds: string[]): Promise<void> {
    await this.outbox.deleteFor(email, orderIds);
  }

  /** Queues an invitation to join the shop's staff; `link` holds the single-use token (only this mail ever has it). */
  async staffInvitation(invitation: {
    email: string;
    staffRole: StaffRole;
    link: string;
    invitedBy: string;
    expiresAt: Date;
  }): Promise<void> {
    await this.outbox.insert([staffInvitationMail(this.config.mail.shopName, invitation)]);
  }

  /** Queues the link that confirms a stock alert, in the transaction that stored its token. */
  async stockAlertConfirmation(mail: StockAlertMail, confirmLink: string): Promise<void> {
    await this.outbox.insert([stockAlertConfirmMail(mail, confirmLink, this.config.mail.shopName)]);
  }

  /** Queues a stock alert's one mail, in the transaction that marks the alert mailed. */
  async backInStock(mail: StockAlertMail): Promise<void> {
    await this.outbox.insert([backInStockMail(mail, this.config.mail.shopName)]);
  }
}
