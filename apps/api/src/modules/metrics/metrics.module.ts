import { Global, Module } from '@nestjs/common';
import { MetricsServer } from './metrics-server.js';
import { StoreMetrics } from './store-metrics.js';

/**
 * Prometheus metrics: {@link StoreMetrics} is injectable everywhere (global) for modules that report their own
 * figures (checkouts, the sweep, caches); {@link MetricsServer} exposes them on METRICS_PORT.
 */
@Global()
@Module({ providers: [StoreMetrics, MetricsServer], exports: [StoreMetrics] })
export class MetricsModule {}
