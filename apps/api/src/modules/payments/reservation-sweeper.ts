import { Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { StoreMetrics } from '../metrics/store-metrics.js';
import { PaymentsService } from './payments.service.js';

const SWEEP_EVERY_MS = 60_000;

/**
 * Every minute, releases the stock of checkouts whose process died mid-payment (see
 * {@link PaymentsService.releaseStaleReservations}). Every replica runs one; they skip each other's rows.
 */
@Injectable()
export class ReservationSweeper implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('ReservationSweeper');
  private timer: ReturnType<typeof setInterval> | undefined;

  constructor(
    private readonly payments: PaymentsService,
    private readonly metrics: StoreMetrics,
  ) {}

  onApplicationBootstrap(): void {
    this.timer = setInterval(() => void this.sweep(), SWEEP_EVERY_MS);
    this.timer.unref();
  }

  onApplicationShutdown(): void {
    clearInterval(this.timer);
  }

  private async sweep(): Promise<void> {
    try {
      this.metrics.sweepDone((await this.payments.releaseStaleReservations()).length);
    } catch (error) {
      this.metrics.sweepFailed();
      this.logger.error(`Sweep failed: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
}
