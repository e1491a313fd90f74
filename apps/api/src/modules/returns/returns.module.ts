import { Module } from '@nestjs/common';
import { AuditModule } from '../audit/audit.module.js';
import { InventoryModule } from '../inventory/index.js';
import { NotificationsModule } from '../notifications/notifications.module.js';
import { OrdersModule } from '../orders/orders.module.js';
import { UsersModule } from '../users/users.module.js';
import { ReturnSweeper } from './return-sweeper.js';
import { ReturnsController } from './returns.controller.js';
import { ReturnsRepository } from './returns.repository.js';
import { ReturnsService } from './returns.service.js';

/**
 * Returns and size exchanges, and the fit loop they feed (docs/returns.md). Stock moves go through the inventory
 * module, refunds through OrdersService (which owns the line refund maths and the gateway call), mails through the
 * outbox; every step is audited.
 */
@Module({
  imports: [OrdersModule, InventoryModule, AuditModule, NotificationsModule, UsersModule],
  controllers: [ReturnsController],
  providers: [ReturnsService, ReturnsRepository, ReturnSweeper],
  exports: [ReturnsService],
})
export class ReturnsModule {}
