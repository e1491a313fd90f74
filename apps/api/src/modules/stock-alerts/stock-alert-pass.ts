import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { APP_CONFIG } from '../../config/config.module.js';
import type { AppConfig } from '../../config/env.js';
import { ChangeFeed } from '../../database/change-feed.js';
import { newLinkToken } from '../../common/link-token.js';
import { failureText, PeriodicPass } from '../../common/periodic-pass.js';
import { Transactions, UseCls } from '../../database/transactions.js';
import { OutboxService } from '../notifications/outbox.service.js';
import { StockAlertsRepository } from './stock-alerts.repository.js';
import { links } from './stock-alert-links.js';

/** Alerts claimed per transaction: a batch's rows stay locked only while its mails are queued. */
const BATCH = 50;
/** A burst of catalogue changes (a checkout touches a few rows, an import many) makes one pass, this long after the first. */
const DEBOUNCE_MS = 250;

/**
 * The notify pass: finds confirmed alerts whose variant is on sale with stock, and in ONE transaction per batch
 * claims them (FOR UPDATE SKIP LOCKED, oldest first), marks them mailed and queues one outbox mail each. The
 * replicas' batches take turns (a transaction-scoped advisory lock), so the mails are queued oldest first overall. Whatever
 * put the stock back (the admin's edit, a CSV import, a cancelled order, a refunded or returned line) needs no hook:
 * every write to `product_variants` notifies the catalogue's change feed, which runs a pass on every replica, and a
 * timer runs one anyway (a notification lost while the feed was down). Replicas race for the same rows and the
 * claim makes the race harmless: each alert is mailed exactly once, since it is marked in the transaction that
 * queues its mail and the mail is sent by the outbox later.
 *
 * Every waiting subscriber gets a mail, not only as many as there are units: a mail holds nothing, and a
 * subscriber passed over would wait for a restock that has already happened. Oldest first: the mails are queued,
 * and so sent, in the order the alerts were made.
 */
@Injectable()
export class StockAlertPass implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('StockAlerts');
  private readonly pass: PeriodicPass<number>;
  private soon: ReturnType<typeof setTimeout> | undefined;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly alerts: StockAlertsRepository,
    private readonly outbox: OutboxService,
    private readonly transactions: Transactions,
    changes: ChangeFeed,
  ) {
    this.pass = new PeriodicPass({
      run: () => this.drain(),
      everyMs: config.stockAlerts.passMs,
      afterTimed: () => this.alerts.purge(this.config.stockAlerts.keepDays),
      // A failed pass (the database away, a timeout) loses nothing: its alerts stay due and the next pass, on the
      // timer or the next change, takes them. So it is a warning, as a mail's retried attempt is, not an error.
      failed: (error) => this.logger.warn(`Stock alert pass failed, retried at the next pass: ${failureText(error)}`),
      whileRunning: 'again',
    });
    changes.subscribe({
      changed: (payload) => {
        // A stock move says `stock`, any other write to products or variants `lists` (and a payload this version does
        // not know may be either); only photos' changes (`photo:<id>`, `photos`) cannot be stock coming back.
        if (!payload?.startsWith('photo')) this.nudge();
      },
      flush: () => this.nudge(),
    });
  }

  onApplicationBootstrap(): void {
    if (this.config.stockAlerts.passEnabled) this.pass.start(0);
  }

  async onApplicationShutdown(): Promise<void> {
    clearTimeout(this.soon);
    await this.pass.stop();
  }

  /** Something may have come back in stock: a pass shortly (one for a burst), when passes run on their own. */
  nudge(): void {
    if (this.pass.stopped || !this.config.stockAlerts.passEnabled || this.soon) return;
    this.soon = setTimeout(() => {
      this.soon = undefined;
      this.pass.runInBackground();
    }, DEBOUNCE_MS);
    this.soon.unref();
  }

  /**
   * One pass: queues the mail of every due alert; answers how many. A call while a pass runs in this process runs
   * another after it (the running one may have read the stock before the change that asked for this one).
   */
  runOnce(): Promise<number> {
    return this.pass.runOnce();
  }

  /** In a context of its own, like all work outside a request (see database/transactions.ts). */
  @UseCls()
  private async drain(): Promise<number> {
    const { publicUrl } = this.config;
    // Without PUBLIC_URL a mail could hold no link: the alerts wait (the start-up warns of it for every link).
    if (!publicUrl) return 0;
    let queued = 0;
    for (;;) {
      const claimed = await this.transactions.run(async () => {
        await this.alerts.lockPasses();
        const due = await this.alerts.claimDue(BATCH);
        for (const alert of due) {
          const unsubscribe = newLinkToken();
          await this.alerts.markNotified(alert.id, unsubscribe.hash);
          await this.outbox.backInStock({
            email: alert.email,
            productName: alert.productName,
            label: alert.label,
            ...links(publicUrl, alert, unsubscribe.token),
          });
        }
        return due.length;
      });
      queued += claimed;
      // Until a claim finds nothing: a row skipped while a confirm or unsubscribe held it is taken next time round.
      if (claimed === 0 || this.pass.stopped) break;
    }
    if (queued > 0) this.logger.log(`Queued ${queued} back-in-stock mail(s)`);
    return queued;
  }
}
