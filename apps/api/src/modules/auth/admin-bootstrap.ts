import { Inject, Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import { APP_CONFIG } from '../../config/config.module.js';
import type { AppConfig } from '../../config/env.js';
import { UseCls } from '../../database/transactions.js';
import { AuthService } from './auth.service.js';

/** Makes ADMIN_EMAIL / ADMIN_PASSWORD an admin at every start (created or promoted; idempotent). */
@Injectable()
export class AdminBootstrap implements OnApplicationBootstrap {
  constructor(
    private readonly auth: AuthService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  @UseCls()
  async onApplicationBootstrap(): Promise<void> {
    if (this.config.admin) await this.auth.ensureAdmin(this.config.admin);
  }
}
