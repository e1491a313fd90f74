import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { failureText, PeriodicPass } from '../../common/periodic-pass.js';
import { APP_CONFIG } from '../../config/config.module.js';
import type { AppConfig } from '../../config/env.js';
import { UseCls } from '../../database/transactions.js';
import { StoreMetrics } from '../metrics/store-metrics.js';
import { MailSender, PermanentMailError } from './mail-sender.js';
import { type OutboxMail, OutboxRepository } from './outbox.repository.js';

/** Mails taken per claim. */
const BATCH = 20;
/** How long a claimed row is this worker's: far longer than one batch's SMTP time limits allow it to take. */
const LEASE_MS = 5 * 60_000;
/** The longest wait between two attempts: a mail server down for a day gets tried every hour, not once a week. */
const MAX_RETRY_MS = 60 * 60_000;

/** What one pass of the worker did. */
export interface OutboxRun {
  sent: number;
  failed: number;
  rejected: number;
}

/**
 * Sends what the outbox holds. Every replica runs one; rows are claimed (see {@link OutboxRepository.claim}),
 * so no two replicas send the same mail. A failed attempt is retried with exponential backoff (the first after
 * `mail.retryBaseMs`, doubling, at most an hour apart) for as long as it takes; a permanent refusal (5xx) is
 * kept and logged, never retried. Delivery is at least once: a worker that dies after the server took a mail
 * and before recording it sends that mail again once its lease runs out (with the same Message-ID).
 */
@Injectable()
export class OutboxWorker implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('Outbox');
  private readonly pass: PeriodicPass<OutboxRun>;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly outbox: OutboxRepository,
    private readonly sender: MailSender,
    private readonly metrics: StoreMetrics,
  ) {
    this.pass = new PeriodicPass({
      run: () => this.drain(),
      everyMs: config.mail.pollMs,
      failed: (error) => this.logger.error(`Outbox pass failed: ${failureText(error)}`),
    });
  }

  onApplicationBootstrap(): void {
    if (this.config.mail.workerEnabled) this.pass.start(0);
  }

  onApplicationShutdown(): Promise<void> {
    return this.pass.stop();
  }

  /** One pass: claims due mails and sends them until none is due. Concurrent calls share the pass in progress. */
  runOnce(): Promise<OutboxRun> {
    return this.pass.runOnce();
  }

  /** Each pass in a context of its own, like all work outside a request (see database/transactions.ts). */
  @UseCls()
  private async drain(): Promise<OutboxRun> {
    const run: OutboxRun = { sent: 0, failed: 0, rejected: 0 };
    for (;;) {
      const mails = await this.outbox.claim(BATCH, LEASE_MS);
      // Recorded together after the batch (one statement, not one a mail: every paid order queues a mail). A worker
      // that dies before sends the batch's sent mails again once their lease runs out (at least once, as ever).
      const sent: string[] = [];
      try {
        // As many mails at once as the sender has connections: each lane takes the batch's next mail when its last
        // one is done, so a slow mail server delays one lane, not the batch.
        let next = 0;
        const lane = async (): Promise<void> => {
          while (next < mails.length && !this.pass.stopped) {
            const mail = mails[next++];
            if (await this.attempt(mail, run)) sent.push(mail.id);
          }
        };
        // Every lane finishes before the batch is recorded: a lane that failed (the database, recording an attempt)
        // fails the pass only once the others' mails are done, so every mail sent is recorded below.
        const lanes = await Promise.allSettled(Array.from({ length: Math.min(this.sender.concurrency, mails.length) }, lane));
        const failed = lanes.find((result): result is PromiseRejectedResult => result.status === 'rejected');
        if (failed) throw failed.reason;
        if (next < mails.length) {
          // Shutting down: hand the rest back now rather than hold them for the lease (another replica may be up).
          await this.outbox.release(mails.slice(next).map((m) => m.id));
          return run;
        }
      } finally {
        if (sent.length > 0) await this.outbox.markSent(sent);
      }
      if (mails.length < BATCH || this.pass.stopped) return run;
    }
  }

  /** One mail's attempt: true when it went out (recorded with its batch); a failure is recorded at once. */
  private async attempt(mail: OutboxMail, run: OutboxRun): Promise<boolean> {
    try {
      await this.sender.send(mail);
      this.metrics.outboxMail('sent');
      run.sent += 1;
      return true;
    } catch (error) {
      const message = failureText(error);
      if (error instanceof PermanentMailError) {
        await this.outbox.markRejected(mail.id, message);
        this.metrics.outboxMail('rejected');
        this.logger.error(`Mail ${mail.id} (${mail.kind}) to ${mail.recipient} was refused for good: ${message}`);
        run.rejected += 1;
      } else {
        const retryInMs = Math.min(this.config.mail.retryBaseMs * 2 ** (mail.attempts - 1), MAX_RETRY_MS);
        await this.outbox.markFailed(mail.id, message, retryInMs);
        this.metrics.outboxMail('failed');
        this.logger.warn(`Mail ${mail.id} (${mail.kind}), attempt ${mail.attempts}, failed: ${message}; retrying in ${retryInMs} ms`);
        run.failed += 1;
      }
      return false;
    }
  }
}
