import { Inject, Injectable, Logger } from '@nestjs/common';
import {
  type MyStockAlert,
  type ProductStockAlerts,
  STOCK_ALERT_CONFIRM_HOURS,
  STOCK_ALERT_CONFIRMED,
  STOCK_ALERT_IN_STOCK,
  STOCK_ALERT_LINK_INVALID,
  STOCK_ALERT_MAILS_PER_HOUR,
  STOCK_ALERT_UNKNOWN_VARIANT,
  STOCK_ALERT_UNSUBSCRIBED,
  type StockAlertAnswer,
} from '@store/contract';
import { ConflictError, NotFoundError, ServiceUnavailableError, ValidationFailedError } from '../../common/errors.js';
import { linkTokenHash, newLinkToken } from '../../common/link-token.js';
import { APP_CONFIG } from '../../config/config.module.js';
import type { AppConfig } from '../../config/env.js';
import { Transactions } from '../../database/transactions.js';
import { RateLimitRepository } from '../auth/rate-limit/rate-limit.repository.js';
import { OutboxService } from '../notifications/outbox.service.js';
import { type AlertVariant, StockAlertsRepository } from './stock-alerts.repository.js';
import { StockAlertPass } from './stock-alert-pass.js';
import { links, STOCK_ALERT_PAGES } from './stock-alert-links.js';

const HOUR_MS = 3_600_000;

/**
 * Back-in-stock alerts: asking (an address confirms through a mailed link; a signed-in user is confirmed at once),
 * confirming, unsubscribing, and the waiting counts. Asking answers the same whether or not the address already
 * had an alert; an address gets at most {@link STOCK_ALERT_MAILS_PER_HOUR} confirmation mails an hour (the client
 * network's limit is the auth routes' guard). The mails themselves are the notify pass's ({@link StockAlertPass}).
 */
@Injectable()
export class StockAlertsService {
  private readonly logger = new Logger('StockAlerts');

  constructor(
    private readonly alerts: StockAlertsRepository,
    private readonly outbox: OutboxService,
    private readonly transactions: Transactions,
    private readonly limits: RateLimitRepository,
    private readonly pass: StockAlertPass,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** Not signed in: stores an unconfirmed alert and mails its confirmation link (at most a few an hour per address). */
  async request(variantId: number, email: string): Promise<void> {
    const { publicUrl } = this.config;
    if (!publicUrl) throw new ServiceUnavailableError('Stock alerts are not set up on this server (PUBLIC_URL)', 3600);
    const variant = await this.soldOut(variantId);
    const { hits } = await this.limits.hit(`stock-alert:${email}`, HOUR_MS);
    if (hits > STOCK_ALERT_MAILS_PER_HOUR) {
      this.logger.warn(`Stock alert confirmation for ${email} not sent: ${STOCK_ALERT_MAILS_PER_HOUR} an hour at most`);
      return;
    }
    const confirm = newLinkToken();
    const unsubscribe = newLinkToken();
    await this.transactions.run(async () => {
      const stored = await this.alerts.request(variantId, email, confirm.hash, unsubscribe.hash, STOCK_ALERT_CONFIRM_HOURS);
      // Already confirmed: nothing to confirm, and the answer stays the same (it tells nobody what the address asked).
      if (!stored) return;
      await this.outbox.stockAlertConfirmation(
        { email, productName: variant.productName, label: variant.label, ...links(publicUrl, variant, unsubscribe.token) },
        `${publicUrl}${STOCK_ALERT_PAGES.confirm}?token=${confirm.token}`,
      );
    });
  }

  /** Signed in: the account's address, confirmed at once. */
  async requestSignedIn(user: { id: string; email: string }, variantId: number): Promise<void> {
    await this.soldOut(variantId);
    await this.alerts.requestConfirmed(variantId, user.email.toLowerCase(), user.id, newLinkToken().hash);
    // Stock may have come back between the check and the insert: the pass mails it then.
    this.pass.nudge();
  }

  async confirm(token: string): Promise<StockAlertAnswer> {
    const variantId = await this.alerts.confirm(linkTokenHash(token));
    if (variantId === undefined) throw invalidLink();
    this.pass.nudge();
    return answer(STOCK_ALERT_CONFIRMED, await this.alerts.variant(variantId));
  }

  async unsubscribe(token: string): Promise<StockAlertAnswer> {
    const variantId = await this.alerts.unsubscribe(linkTokenHash(token));
    if (variantId === undefined) throw invalidLink();
    return answer(STOCK_ALERT_UNSUBSCRIBED, await this.alerts.variant(variantId));
  }

  /** The admin's view of one product: each variant's stock and waiting alerts. */
  async productWaiting(productId: string): Promise<ProductStockAlerts> {
    const variants = await this.alerts.productWaiting(productId);
    if (!variants) throw new NotFoundError('Product not found');
    return { productId, variants, waiting: variants.reduce((sum, v) => sum + v.waiting, 0) };
  }

  /**
   * Confirmed alerts not yet mailed, per variant (of `variantIds`, or every variant with any): the demand a restock
   * would answer, for the admin and for reorder suggestions.
   */
  waitingCounts(variantIds?: number[]): Promise<Map<number, number>> {
    return this.alerts.waitingCounts(variantIds);
  }

  /** The user's alerts, by account or by their address, newest first (their "my data"). */
  async ofUser(user: { id: string; email: string }): Promise<MyStockAlert[]> {
    return (await this.alerts.ofUser(user.id, user.email)).map((row) => ({
      productId: row.product_id,
      productName: row.product_name,
      variantId: row.variant_id,
      variantLabel: row.label,
      email: row.email,
      createdAt: row.created_at.toISOString(),
      ...(row.confirmed_at ? { confirmedAt: row.confirmed_at.toISOString() } : {}),
      ...(row.notified_at ? { notifiedAt: row.notified_at.toISOString() } : {}),
      ...(row.unsubscribed_at ? { unsubscribedAt: row.unsubscribed_at.toISOString() } : {}),
    }));
  }

  /** The variant, when it is on sale and sold out: the only state an alert makes sense in. */
  private async soldOut(variantId: number): Promise<AlertVariant> {
    const variant = await this.alerts.variant(variantId);
    if (!variant || !variant.active) {
      throw new NotFoundError(STOCK_ALERT_UNKNOWN_VARIANT, [{ field: 'variantId', message: STOCK_ALERT_UNKNOWN_VARIANT }]);
    }
    if (variant.stock > 0) throw new ConflictError(STOCK_ALERT_IN_STOCK, [{ field: 'variantId', message: STOCK_ALERT_IN_STOCK }]);
    return variant;
  }
}

function invalidLink(): ValidationFailedError {
  return new ValidationFailedError(STOCK_ALERT_LINK_INVALID, [{ field: 'token', message: STOCK_ALERT_LINK_INVALID }]);
}

function answer(message: string, variant: AlertVariant | undefined): StockAlertAnswer {
  // The variant cannot be gone: its alerts go with it (ON DELETE CASCADE), and the link was just found.
  return {
    message,
    productId: variant?.productId ?? '',
    productName: variant?.productName ?? '',
    variantId: variant?.variantId ?? 0,
    variantLabel: variant?.label ?? '',
  };
}
