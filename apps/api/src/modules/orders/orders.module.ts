import { Module } from '@nestjs/common';
import { AuditModule } from '../audit/audit.module.js';
import { NotificationsModule } from '../notifications/notifications.module.js';
import { PaymentGatewayModule } from '../payments/payment-gateway.module.js';
import { CatalogueModule } from '../catalogue/index.js';
import { InventoryModule } from '../inventory/index.js';
import { UsersModule } from '../users/users.module.js';
import { OrdersController } from './orders.controller.js';
import { OrdersRepository } from './orders.repository.js';
import { OrdersService } from './orders.service.js';
import { ShipmentsController } from './shipments.controller.js';
import { ShipmentsRepository } from './shipments.repository.js';
import { ShipmentsService } from './shipments.service.js';

/**
 * Orders: what was bought, at what price, and where it is on its way. Stock moves go through ProductStockService;
 * cancelling a paid order returns its money through the PaymentGateway port (PaymentGatewayModule, not
 * PaymentsModule, which itself needs OrdersService for the checkout); every admin move is audited. An order
 * becoming Received queues its e-mails (NotificationsModule's outbox) in the same transaction, and so does each
 * parcel shipped (ShipmentsService).
 */
@Module({
  imports: [CatalogueModule, InventoryModule, PaymentGatewayModule, AuditModule, UsersModule, NotificationsModule],
  controllers: [OrdersController, ShipmentsController],
  providers: [OrdersService, OrdersRepository, ShipmentsService, ShipmentsRepository],
  exports: [OrdersService],
})
export class OrdersModule {}
