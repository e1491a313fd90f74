/** The stock alerts module's public surface: other modules import from here (or the module file) only. */
export { StockAlertsModule } from './stock-alerts.module.js';
export { StockAlertsService } from './stock-alerts.service.js';
export { StockAlertPass } from './stock-alert-pass.js';
