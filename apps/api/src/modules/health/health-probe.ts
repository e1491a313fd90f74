import { Inject, Injectable, type OnApplicationShutdown } from '@nestjs/common';
import pg from 'pg';
import { DataSource } from 'typeorm';
import { APP_CONFIG } from '../../config/config.module.js';
import type { AppConfig } from '../../config/env.js';

/**
 * The readiness check's own connection to Postgres, apart from the pool. Through the pool, a probe waited for a
 * free connection like any request, so a burst of slow requests holding all ten made `/api/health` answer 503
 * and an orchestrator pull every replica, while the database was fine. This connection answers whatever the pool
 * is doing; a probe that fails or outlives DB_HEALTH_TIMEOUT_MS drops it, and the next probe connects afresh (a
 * restarted or resumed database is seen at once, not behind a stuck query).
 */
@Injectable()
export class HealthProbe implements OnApplicationShutdown {
  private connection: Promise<pg.Client> | undefined;
  private stopped = false;

  constructor(
    private readonly dataSource: DataSource,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** True when the database answers `SELECT 1` on the probe's connection within DB_HEALTH_TIMEOUT_MS. */
  async databaseUp(): Promise<boolean> {
    if (this.stopped) return false;
    const connection = (this.connection ??= this.connect());
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error('health check timed out')), this.config.db.healthTimeoutMs);
    });
    try {
      await Promise.race([connection.then((client) => client.query('SELECT 1')), timeout]);
      return true;
    } catch {
      this.drop(connection);
      return false;
    } finally {
      clearTimeout(timer);
    }
  }

  onApplicationShutdown(): void {
    this.stopped = true;
    if (this.connection) this.drop(this.connection);
  }

  private async connect(): Promise<pg.Client> {
    const options = this.dataSource.options as { url?: string };
    const client = new pg.Client({
      connectionString: options.url,
      connectionTimeoutMillis: this.config.db.healthTimeoutMs,
      keepAlive: true,
      application_name: 'tshirt-store-api-health',
    });
    // A lost connection is found by the next probe (its query fails, and it connects again).
    client.on('error', () => undefined);
    await client.connect();
    return client;
  }

  /** Forgets `connection` (if it is still the current one) and closes it without waiting. */
  private drop(connection: Promise<pg.Client>): void {
    if (this.connection === connection) this.connection = undefined;
    connection.then(
      (client) => client.end().catch(() => undefined),
      () => undefined,
    );
  }
}
