/**
 * The public /api routes the product page and the shop's mailed links call (the fit note, back-in-stock alerts):
 * apart from the home page's (storefront-routes.ts), so that its bundle does not carry them. Read as
 * `ApiRoute.<name>` (api-routes.ts).
 */
/** A product's fit note from its returns and exchanges (public). */
export const productFit = '/product/fit/:productId';
/** A shopper not signed in asks to hear when a sold-out variant is back (a confirmation link is mailed). */
export const stockAlerts = '/stock-alerts';
/** Follows the mailed confirmation link (no session). */
export const stockAlertConfirm = '/stock-alerts/confirm';
/** Follows the unsubscribe link every alert mail carries (no session). */
export const stockAlertUnsubscribe = '/stock-alerts/unsubscribe';
