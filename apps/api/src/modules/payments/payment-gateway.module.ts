import { Logger, Module } from '@nestjs/common';
import { APP_CONFIG } from '../../config/config.module.js';
import type { AppConfig } from '../../config/env.js';
import { Database } from '../../database/transactions.js';
import { BraintreeGateway } from './braintree.gateway.js';
import { PaymentGateway } from './payment-gateway.js';
import { MemoryLedger } from './test-gateway-ledger.js';
import { TestGatewayLedgerRepository } from './test-gateway-ledger.repository.js';
import { TEST_GATEWAY_SETTLE_AFTER_MS, TestGateway } from './test.gateway.js';

/** Braintree when the configuration has its keys (see PAYMENT_GATEWAY in env.ts); otherwise the offline test gateway. */
function selectGateway(config: AppConfig, db: Database): PaymentGateway {
  if (config.braintree) return new BraintreeGateway(config.braintree);
  if (config.nodeEnv === 'production') {
    // Production reaches here only with PAYMENT_GATEWAY=test chosen explicitly; say so loudly at every start.
    new Logger('Payments').warn('PAYMENT_GATEWAY=test: payments use the offline TEST gateway and no real money is taken');
  }
  const ledger = config.payments.testGatewayLedger === 'postgres' ? new TestGatewayLedgerRepository(db) : new MemoryLedger();
  return new TestGateway(TEST_GATEWAY_SETTLE_AFTER_MS, ledger);
}

/**
 * The {@link PaymentGateway} port on its own, so that both the checkout (PaymentsModule, which needs orders)
 * and the cancel-with-refund flow (OrdersModule) can use the one gateway instance without the two modules
 * importing each other.
 */
@Module({
  providers: [{ provide: PaymentGateway, inject: [APP_CONFIG, Database], useFactory: selectGateway }],
  exports: [PaymentGateway],
})
export class PaymentGatewayModule {}
