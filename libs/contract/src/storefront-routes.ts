/**
 * The shop front's public /api routes: what the home page reads (the catalogue, the tax display, signing out from its
 * nav bar) and the product page's public calls (the fit note, back-in-stock alerts). Every route is one constant, read as `ApiRoute.<name>` (api-routes.ts); the routes are in files
 * by who calls them only so that a page's bundle takes the files it names, not every route.
 */
export const signout = '/signout';
export const categories = '/categories';
export const category = '/category/:categoryId';
export const products = '/products';
export const product = '/product/:productId';
/** The product's first photo (the grid's card). */
export const productPhoto = '/product/photo/:productId';
/** Whether shelf prices include tax ("incl. VAT" on cards and the product page; public). */
export const priceDisplay = '/prices/display';
/** A product's fit note from its returns and exchanges (public). */
export const productFit = '/product/fit/:productId';
/** A shopper not signed in asks to hear when a sold-out variant is back (a confirmation link is mailed). */
export const stockAlerts = '/stock-alerts';
/** Follows the mailed confirmation link (no session). */
export const stockAlertConfirm = '/stock-alerts/confirm';
/** Follows the unsubscribe link every alert mail carries (no session). */
export const stockAlertUnsubscribe = '/stock-alerts/unsubscribe';
