import { type CanActivate, type ExecutionContext, Inject, Injectable } from '@nestjs/common';
import type { Request, Response } from 'express';
import { clientNetwork } from '../../../common/client-network.js';
import { RateLimitedError } from '../../../common/errors.js';
import { APP_CONFIG } from '../../../config/config.module.js';
import type { AppConfig } from '../../../config/env.js';
import { RateLimitRepository } from './rate-limit.repository.js';

const WINDOW_MS = 60_000;

/**
 * Limits sign-in and sign-up attempts to AUTH_RATE_LIMIT a minute per client network and route (the address as
 * Express sees it through TRUST_PROXY; an IPv6 client by its /64, see clientNetwork). Past the limit: 429 with
 * Retry-After.
 */
@Injectable()
export class AuthRateLimitGuard implements CanActivate {
  constructor(
    private readonly store: RateLimitRepository,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const http = context.switchToHttp();
    const request = http.getRequest<Request>();
    const key = `auth:${context.getHandler().name}:${clientNetwork(request.ip)}`;
    const { hits, secondsLeft } = await this.store.hit(key, WINDOW_MS);
    if (hits > this.config.authRateLimit) {
      http.getResponse<Response>().setHeader('Retry-After', String(secondsLeft));
      throw new RateLimitedError(`Too many attempts; try again in ${secondsLeft} seconds`);
    }
    return true;
  }
}
