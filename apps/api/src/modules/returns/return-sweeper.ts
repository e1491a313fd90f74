import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { failureText, PeriodicPass } from '../../common/periodic-pass.js';
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
  private readonly pass: PeriodicPass<void>;

  constructor(
    private readonly returns: ReturnsService,
    @Inject(APP_CONFIG) config: AppConfig,
  ) {
    this.pass = new PeriodicPass({
      run: () => this.sweep(),
      everyMs: config.payments.sweepIntervalSeconds * 1000,
      failed: (error) => this.logger.error(`Sweep failed: ${failureText(error)}`),
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
    const released = await this.returns.releaseExpired();
    if (released.length > 0) this.logger.log(`Released the holds of ${released.length} expired exchange(s)`);
  }
}
