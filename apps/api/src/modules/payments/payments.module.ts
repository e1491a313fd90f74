import { Logger, Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { APP_CONFIG } from '../../config/config.module.js';
import type { AppConfig } from '../../config/env.js';
import { OrdersModule } from '../orders/orders.module.js';
import { BraintreeGateway } from './braintree.gateway.js';
import { IdempotencyKeyEntity } from './idempotency-key.entity.js';
import { IdempotencyStore } from './idempotency.store.js';
import { PaymentGateway } from './payment-gateway.js';
import { PaymentsController } from './payments.controller.js';
import { PaymentsService } from './payments.service.js';
import { ReservationSweeper } from './reservation-sweeper.js';
import { TestGateway } from './test.gateway.js';

/** Braintree when the configuration has its keys (see PAYMENT_GATEWAY in env.ts); otherwise the offline test gateway. */
function selectGateway(config: AppConfig): PaymentGateway {
  if (config.braintree) return new BraintreeGateway(config.braintree);
  if (config.nodeEnv === 'production') {
    // Production reaches here only with PAYMENT_GATEWAY=test chosen explicitly; say so loudly at every start.
    new Logger('Payments').warn('PAYMENT_GATEWAY=test: payments use the offline TEST gateway and no real money is taken');
  }
  return new TestGateway();
}

/** Payments: the client token and the checkout, behind the {@link PaymentGateway} port. */
@Module({
  imports: [TypeOrmModule.forFeature([IdempotencyKeyEntity]), OrdersModule],
  controllers: [PaymentsController],
  providers: [
    { provide: PaymentGateway, inject: [APP_CONFIG], useFactory: selectGateway },
    PaymentsService,
    IdempotencyStore,
    ReservationSweeper,
  ],
})
export class PaymentsModule {}
