import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { APP_CONFIG } from '../../config/config.module.js';
import type { AppConfig } from '../../config/env.js';
import { UseCls } from '../../database/transactions.js';
import { ReturnsService } from './returns.service.js';

/**
 * Every SWEEP_INTERVAL_SECONDS, releases the variants held for exchanges whose items did not come back in time
 * ({@link ReturnsService.releaseExpired}). Every replica runs one; they skip each other's rows.
 */
@Injectable()
export class ReturnSweeper implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('ReturnSweeper');
  private timer: ReturnType<typeof setInterval> | undefined;

  constructor(
    private readonly returns: ReturnsService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  onApplicationBootstrap(): void {
    this.timer = setInterval(() => void this.sweep(), this.config.payments.sweepIntervalSeconds * 1000);
    this.timer.unref();
  }

  onApplicationShutdown(): void {
    clearInterval(this.timer);
  }

  /** Each pass in a context of its own, like all work outside a request (see database/transactions.ts). */
  @UseCls()
  private async sweep(): Promise<void> {
    try {
      const released = await this.returns.releaseExpired();
      if (released.length > 0) this.logger.log(`Released the holds of ${released.length} expired exchange(s)`);
    } catch (error) {
      this.logger.error(`Sweep failed: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
}
