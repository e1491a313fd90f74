import { Module } from '@nestjs/common';
import { AuditModule } from '../audit/audit.module.js';
import { AuthModule } from '../auth/auth.module.js';
import { NotificationsModule } from '../notifications/notifications.module.js';
import { OrdersModule } from '../orders/orders.module.js';
import { ReturnsModule } from '../returns/returns.module.js';
import { StockAlertsModule } from '../stock-alerts/index.js';
import { UsersModule } from '../users/users.module.js';
import { AccountsController } from './accounts.controller.js';
import { AccountsService } from './accounts.service.js';
import { AddressesRepository } from './addresses.repository.js';

/** The signed-in user's account page: profile, address book, "my data", deleting the account. */
@Module({
  imports: [UsersModule, AuthModule, OrdersModule, AuditModule, NotificationsModule, StockAlertsModule, ReturnsModule],
  controllers: [AccountsController],
  providers: [AccountsService, AddressesRepository],
})
export class AccountsModule {}
