import { Module } from '@nestjs/common';
import { AuthModule } from '../auth/auth.module.js';
import { OrdersModule } from '../orders/orders.module.js';
import { PricingModule } from '../pricing/index.js';
import { IdempotencyKeysRepository } from './idempotency-keys.repository.js';
import { IdempotencyStore } from './idempotency.store.js';
import { PaymentGatewayModule } from './payment-gateway.module.js';
import { PaymentsController } from './payments.controller.js';
import { PaymentsService } from './payments.service.js';
import { ReservationSweeper } from './reservation-sweeper.js';

/** Payments: the client token and the checkout, behind the {@link PaymentGateway} port. */
@Module({
  imports: [AuthModule, OrdersModule, PricingModule, PaymentGatewayModule],
  controllers: [PaymentsController],
  providers: [PaymentsService, IdempotencyStore, IdempotencyKeysRepository, ReservationSweeper],
})
export class PaymentsModule {}
