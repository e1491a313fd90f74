import { type DynamicModule, Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import type { Logger } from 'pino';
import { createLogger } from './common/logging/logger.js';
import { LoggingModule } from './common/logging/logging.module.js';
import { ConfigModule } from './config/config.module.js';
import type { AppConfig } from './config/env.js';
import { dataSourceOptions } from './database/data-source.js';
import { TransactionsModule } from './database/transactions.js';
import { AuditModule } from './modules/audit/audit.module.js';
import { AuthModule } from './modules/auth/auth.module.js';
import { CategoriesModule } from './modules/categories/categories.module.js';
import { HealthModule } from './modules/health/health.module.js';
import { MetricsModule } from './modules/metrics/metrics.module.js';
import { AccountsModule } from './modules/accounts/accounts.module.js';
import { NotificationsModule } from './modules/notifications/notifications.module.js';
import { OrdersModule } from './modules/orders/orders.module.js';
import { ReturnsModule } from './modules/returns/returns.module.js';
import { PaymentsModule } from './modules/payments/payments.module.js';
import { CatalogueModule } from './modules/catalogue/catalogue.module.js';
import { InventoryModule } from './modules/inventory/inventory.module.js';
import { PhotosModule } from './modules/photos/photos.module.js';
import { PricingModule } from './modules/pricing/index.js';
import { StaffModule } from './modules/staff/staff.module.js';
import { UsersModule } from './modules/users/users.module.js';
import { WebPagesModule } from './web-app/web-pages.module.js';

@Module({})
export class AppModule {
  /** The whole API for one validated configuration and database (tests pass their own), logging through `logger`. */
  static forRoot(config: AppConfig & { databaseUrl: string }, logger: Logger = createLogger(config.log)): DynamicModule {
    return {
      module: AppModule,
      imports: [
        ConfigModule.forRoot(config),
        LoggingModule.forRoot(logger),
        TypeOrmModule.forRoot(dataSourceOptions(config.databaseUrl, config.db)),
        TransactionsModule,
        MetricsModule,
        AuthModule,
        UsersModule,
        CategoriesModule,
        CatalogueModule,
        InventoryModule,
        PhotosModule,
        PricingModule,
        PaymentsModule,
        OrdersModule,
        ReturnsModule,
        AuditModule,
        NotificationsModule,
        StaffModule,
        AccountsModule,
        HealthModule,
        WebPagesModule,
      ],
    };
  }
}
