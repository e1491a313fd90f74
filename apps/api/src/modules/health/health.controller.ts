import { Controller, Get, HttpStatus, Inject, Res } from '@nestjs/common';
import { ApiRoute, type Health } from '@store/contract';
import type { Response } from 'express';
import { DataSource } from 'typeorm';
import { APP_CONFIG } from '../../config/config.module.js';
import type { AppConfig } from '../../config/env.js';
import { Public } from '../auth/public.decorator.js';

/** Liveness: the process answers at all (no database involved), so a database outage never restarts it. */
export const HEALTH_LIVE_ROUTE = `${ApiRoute.health}/live`;

@Controller()
export class HealthController {
  constructor(
    private readonly dataSource: DataSource,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /**
   * Readiness: 200 while the database answers within DB_HEALTH_TIMEOUT_MS, 503 otherwise. Its own short
   * limit, so a frozen database is reported within about a second instead of hanging the probe.
   */
  @Public()
  @Get(ApiRoute.health)
  async health(@Res({ passthrough: true }) response: Response): Promise<Health> {
    response.setHeader('Cache-Control', 'no-store');
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error('health check timed out')), this.config.db.healthTimeoutMs);
    });
    try {
      await Promise.race([this.dataSource.query('SELECT 1'), timeout]);
      return { status: 'ok', db: 'up' };
    } catch {
      response.status(HttpStatus.SERVICE_UNAVAILABLE);
      response.setHeader('Retry-After', '5');
      return { status: 'error', db: 'down' };
    } finally {
      clearTimeout(timer);
    }
  }

  /** Liveness: always 200 while the event loop runs. */
  @Public()
  @Get(HEALTH_LIVE_ROUTE)
  live(@Res({ passthrough: true }) response: Response): { status: 'ok' } {
    response.setHeader('Cache-Control', 'no-store');
    return { status: 'ok' };
  }
}
