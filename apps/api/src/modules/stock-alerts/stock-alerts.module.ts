import { Module } from '@nestjs/common';
import { ChangeFeedModule } from '../../database/change-feed.js';
import { AuthModule } from '../auth/auth.module.js';
import { NotificationsModule } from '../notifications/notifications.module.js';
import { StockAlertPass } from './stock-alert-pass.js';
import { StockAlertsController } from './stock-alerts.controller.js';
import { StockAlertsRepository } from './stock-alerts.repository.js';
import { StockAlertsService } from './stock-alerts.service.js';

/**
 * Back-in-stock alerts: asking, confirming, unsubscribing, the admin's waiting counts, and the notify pass that
 * mails them through the outbox when a variant has stock again (whatever put it back: it follows the catalogue's
 * change feed). {@link StockAlertsService.waitingCounts} is its door for other modules (reorder suggestions).
 */
@Module({
  imports: [AuthModule, NotificationsModule, ChangeFeedModule],
  controllers: [StockAlertsController],
  providers: [StockAlertsRepository, StockAlertsService, StockAlertPass],
  exports: [StockAlertsService, StockAlertPass],
})
export class StockAlertsModule {}
