import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { APP_CONFIG } from '../../config/config.module.js';
import { type AppConfig, ConfigError } from '../../config/env.js';
import { StoreMetrics } from './store-metrics.js';

/** The path Prometheus scrapes on METRICS_PORT. */
export const METRICS_PATH = '/metrics';

/**
 * Serves `GET /metrics` on METRICS_PORT with a plain node:http server, apart from the API's port: nginx and the
 * Ingress only route the API's port, so the figures (routes, error rates, pool) are never public. Unset
 * METRICS_PORT: no server at all (`npm start` opens one port only); the counters still run, at a cost of
 * microseconds per request.
 */
@Injectable()
export class MetricsServer implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('Metrics');
  private server: Server | undefined;

  constructor(
    private readonly metrics: StoreMetrics,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    if (this.config.metricsPort === undefined) return;
    const registry = this.metrics.registry;
    const server = createServer((request, response) => {
      if (request.method !== 'GET' || request.url?.split('?')[0] !== METRICS_PATH) {
        response.writeHead(404, { 'Content-Type': 'text/plain' }).end('Not found: metrics are at /metrics\n');
        return;
      }
      registry.metrics().then(
        (text) => response.writeHead(200, { 'Content-Type': registry.contentType }).end(text),
        (error: unknown) => {
          this.logger.error(`Collecting metrics failed: ${error instanceof Error ? error.message : String(error)}`);
          response.writeHead(500, { 'Content-Type': 'text/plain' }).end('metrics collection failed\n');
        },
      );
    });
    // A scrape must never keep the process from exiting on SIGTERM.
    server.keepAliveTimeout = 5000;
    await new Promise<void>((resolve, reject) => {
      server.once('error', (error: NodeJS.ErrnoException) =>
        reject(
          error.code === 'EADDRINUSE'
            ? new ConfigError([`METRICS_PORT: ${this.config.metricsPort} is already in use; choose a free port or unset it`])
            : error,
        ),
      );
      server.listen(this.config.metricsPort, '0.0.0.0', resolve);
    });
    server.unref();
    this.server = server;
    this.logger.log(`Metrics on http://0.0.0.0:${this.port()}${METRICS_PATH} (not for the public network)`);
  }

  /** The port actually bound (METRICS_PORT=0 picks a free one: tests), or undefined when disabled. */
  port(): number | undefined {
    return (this.server?.address() as AddressInfo | null)?.port;
  }

  async onApplicationShutdown(): Promise<void> {
    const server = this.server;
    if (!server) return;
    this.server = undefined;
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }
}
