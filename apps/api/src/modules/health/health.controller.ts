import { Controller, Get, HttpStatus, Res } from '@nestjs/common';
import { ApiRoute, type Health } from '@store/contract';
import type { Response } from 'express';
import { DataSource } from 'typeorm';
import { Public } from '../auth/public.decorator.js';

@Controller()
export class HealthController {
  constructor(private readonly dataSource: DataSource) {}

  /** 200 while the database answers, 503 when it does not: what load balancers and orchestrators poll. */
  @Public()
  @Get(ApiRoute.health)
  async health(@Res({ passthrough: true }) response: Response): Promise<Health> {
    try {
      await this.dataSource.query('SELECT 1');
      return { status: 'ok', db: 'up' };
    } catch {
      response.status(HttpStatus.SERVICE_UNAVAILABLE);
      return { status: 'error', db: 'down' };
    }
  }
}
