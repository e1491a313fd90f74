import { Controller, Get, HttpStatus, Res } from '@nestjs/common';
import { ApiRoute, type Health } from '@store/contract';
import type { Response } from 'express';
import { Public } from '../auth/public.decorator.js';
import { HealthProbe } from './health-probe.js';

/** Liveness: the process answers at all (no database involved), so a database outage never restarts it. */
export const HEALTH_LIVE_ROUTE = `${ApiRoute.health}/live`;

@Controller()
export class HealthController {
  constructor(private readonly probe: HealthProbe) {}

  /**
   * Readiness: 200 while the database answers within DB_HEALTH_TIMEOUT_MS, 503 otherwise, on a connection of
   * its own ({@link HealthProbe}): a saturated pool is not a down database. Its own short limit, so a frozen
   * database is reported within about a second instead of hanging the probe.
   */
  @Public()
  @Get(ApiRoute.health)
  async health(@Res({ passthrough: true }) response: Response): Promise<Health> {
    response.setHeader('Cache-Control', 'no-store');
    if (await this.probe.databaseUp()) return { status: 'ok', db: 'up' };
    response.status(HttpStatus.SERVICE_UNAVAILABLE);
    response.setHeader('Retry-After', '5');
    return { status: 'error', db: 'down' };
  }

  /** Liveness: always 200 while the event loop runs. */
  @Public()
  @Get(HEALTH_LIVE_ROUTE)
  live(@Res({ passthrough: true }) response: Response): { status: 'ok' } {
    response.setHeader('Cache-Control', 'no-store');
    return { status: 'ok' };
  }
}
