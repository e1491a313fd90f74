import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { failureText, PeriodicPass } from '../../common/periodic-pass.js';
import { APP_CONFIG } from '../../config/config.module.js';
import type { AppConfig } from '../../config/env.js';
import { UseCls } from '../../database/transactions.js';
import { StoreMetrics } from '../metrics/store-metrics.js';
import { PaymentsService } from './payments.service.js';

/**
 * Every SWEEP_INTERVAL_SECONDS (30 by default), resolves checkouts whose process died mid-payment, asking the
 * gateway first (see {@link PaymentsService.releaseStaleReservations}). Every replica runs one; they skip each
 * other's rows. A buyer's retry does not wait for it: a retry takes over a dead holder's key after its lease.
 */
@Injectable()
export class ReservationSweeper implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('ReservationSweeper');
  private readonly pass: PeriodicPass<void>;

  constructor(
    private readonly payments: PaymentsService,
    private readonly metrics: StoreMetrics,
    @Inject(APP_CONFIG) config: AppConfig,
  ) {
    this.pass = new PeriodicPass({
      run: () => this.sweep(),
      everyMs: config.payments.sweepIntervalSeconds * 1000,
      failed: (error) => {
        this.metrics.sweepFailed();
        this.logger.error(`Sweep failed: ${failureText(error)}`);
      },
    });
  }

  onApplicationBootstrap(): void {
    this.pass.start();
  }

  onApplicationShutdown(): Promise<void> {
    return this.pass.stop();
  }

  /** Each pass in a context of its own, like all work outside a request (see database/transactions.ts). */
  @UseCls()
  private async sweep(): Promise<void> {
    this.metrics.sweepDone((await this.payments.releaseStaleReservations()).length);
  }
}
