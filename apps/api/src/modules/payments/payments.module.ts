import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { OrdersModule } from '../orders/orders.module.js';
import { IdempotencyKeyEntity } from './idempotency-key.entity.js';
import { IdempotencyStore } from './idempotency.store.js';
import { PaymentGatewayModule } from './payment-gateway.module.js';
import { PaymentsController } from './payments.controller.js';
import { PaymentsService } from './payments.service.js';
import { ReservationSweeper } from './reservation-sweeper.js';

/** Payments: the client token and the checkout, behind the {@link PaymentGateway} port. */
@Module({
  imports: [TypeOrmModule.forFeature([IdempotencyKeyEntity]), OrdersModule, PaymentGatewayModule],
  controllers: [PaymentsController],
  providers: [PaymentsService, IdempotencyStore, ReservationSweeper],
})
export class PaymentsModule {}
