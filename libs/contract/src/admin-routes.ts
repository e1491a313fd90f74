/** The /api routes of the staff's screens: catalogue writes, pricing, orders, people, two-factor, mail (`ApiRoute.<name>`). */
export const categoryCreate = '/category/create/:userId';
export const categoryUpdate = '/category/:categoryId/:userId';
export const categoryDelete = '/category/:categoryId/:userId';
export const productCreate = '/product/create/:userId';
export const productUpdate = '/product/:productId/:userId';
export const productDelete = '/product/:productId/:userId';
/** The whole catalogue as CSV, one row per variant (staff). */
export const catalogueExport = '/catalogue/export/:userId';
/** The dry run of an import: every bad row, or what it would do; nothing written (staff). */
export const catalogueImportCheck = '/catalogue/import/check/:userId';
/** Starts an import (checked again first): 202 and the job, applied in batches (staff). */
export const catalogueImportStart = '/catalogue/import/:userId';
/** An import's progress (staff). */
export const catalogueImport = '/catalogue/import/:importId/:userId';
/** The admin's Pricing screen: the shop's tax setting, shipping zones and methods, tax rates, discount codes. */
export const pricingAdmin = '/pricing/:userId';
export const pricingSettings = '/pricing/settings/:userId';
export const shippingZoneCreate = '/pricing/zone/:userId';
export const shippingZoneDelete = '/pricing/zone/:zoneId/:userId';
export const shippingMethodCreate = '/pricing/method/:userId';
export const shippingMethodDelete = '/pricing/method/:methodId/:userId';
export const taxRateCreate = '/pricing/tax/:userId';
export const taxRateDelete = '/pricing/tax/:rateId/:userId';
export const discountCodeCreate = '/pricing/code/:userId';
export const discountCodeDelete = '/pricing/code/:codeId/:userId';
export const ordersAll = '/order/all/:userId';
export const ordersExport = '/order/export/:userId';
export const ordersOverview = '/order/overview/:userId';
export const orderStatus = '/order/:orderId/status/:userId';
export const orderLineRefund = '/order/:orderId/refund/:userId';
export const audit = '/audit/:userId';
/** The shop's people and open invitations (owners only). */
export const staff = '/staff/:userId';
export const staffInvite = '/staff/invite/:userId';
/** PUT a new role, DELETE to remove from the staff (owners only). */
export const staffMember = '/staff/:staffId/:userId';
/** An owner resets a member's two-factor sign-in (a lost phone); the member sets it up again. */
export const staffTwoFactorReset = '/staff/:staffId/two-factor/:userId';
/** The signed-in member's two-factor state; POST enrol / confirm / disable (see two-factor.ts). */
export const twoFactor = '/two-factor/:userId';
export const twoFactorEnrol = '/two-factor/enrol/:userId';
export const twoFactorConfirm = '/two-factor/confirm/:userId';
export const twoFactorDisable = '/two-factor/disable/:userId';
/** The e-mail backlog and what failed (admins). */
export const mailStatus = '/mail/status/:userId';
/** Sends a test mail at once and answers with what the mail server said (admins). */
export const mailTest = '/mail/test/:userId';
/** The dry run of a zip of photos named by handle or SKU and colour: what each would become; nothing written (staff). */
export const cataloguePhotosCheck = '/catalogue/photos/check/:userId';
/** Adds a zip's photos to the galleries (checked again first; all or nothing) (staff). */
export const cataloguePhotosImport = '/catalogue/photos/:userId';
export const orderShippingRefund = '/order/:orderId/refund-shipping/:userId';
/** Ships some or all of a paid order's lines (admin). */
export const orderShipments = '/order/:orderId/shipments/:userId';
/** Marks one shipment of an order delivered (admin). */
export const shipmentDelivered = '/order/:orderId/shipments/:shipmentId/delivered/:userId';
/** Every return and exchange, newest first (staff). */
export const returnsAll = '/returns/all/:userId';
/** Per-variant reorder suggestions for the next `days` (staff). */
export const reorderSuggestions = '/returns/reorder/:userId';
export const returnApprove = '/return/:returnId/approve/:userId';
export const returnReject = '/return/:returnId/reject/:userId';
export const returnReceive = '/return/:returnId/receive/:userId';
/** Refunds a received return through the gateway (owners). */
export const returnRefund = '/return/:returnId/refund/:userId';
/** Records the exchange's new variant as shipped. */
export const returnShip = '/return/:returnId/ship/:userId';
/** How many alerts wait on each variant of a product (staff). */
export const stockAlertsOfProduct = '/stock-alerts/product/:productId/:userId';
