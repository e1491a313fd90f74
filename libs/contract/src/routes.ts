/**
 * Every /api route, as the path pattern the API mounts and the web client fills in.
 * One source for both sides: a renamed path breaks the build of both, not a runtime call.
 */
export const API_PREFIX = '/api';

export const ApiRoute = {
  health: '/health',

  signup: '/signup',
  signin: '/signin',
  /** The second step of a sign-in with two-factor on: the challenge `signin` answered, and a code. */
  signinTwoFactor: '/signin/two-factor',
  signout: '/signout',
  /** Ends every session of the signed-in user (every token signed before, on every device). */
  signoutEverywhere: '/signout/everywhere',
  /** Sends a password reset link to an address (the same answer whether or not an account has it). */
  passwordForgot: '/password/forgot',
  /** Sets a new password with a reset link's token; ends every session of the account. */
  passwordReset: '/password/reset',
  /** The signed-in user changes their password (the current one required); answers a new session. */
  passwordChange: '/user/:userId/password',
  user: '/user/:userId',
  /** The account page's profile (GET) and its name (PUT). */
  account: '/user/:userId/account',
  /** Follows an e-mailed link that confirms an address (no session). */
  emailVerify: '/email/verify',
  /** Mails the signed-in user a new link to confirm their address ("send again"). */
  emailVerification: '/user/:userId/email/verification',
  /** Asks to move the account to another address (a link goes to the new one). */
  emailChange: '/user/:userId/email',
  /** The address book: GET the list, POST a new address. */
  addresses: '/user/:userId/addresses',
  /** One address of the book: PUT to replace it (or make it the default), DELETE to remove it. */
  address: '/user/:userId/addresses/:addressId',
  /** Everything the shop holds about the signed-in user, as a JSON download. */
  myData: '/user/:userId/data',
  /** Deletes the signed-in user's account (the password confirms). */
  accountDelete: '/user/:userId/delete',
  /** The shipping address of the buyer's latest paid order, offered at the next checkout. */
  lastAddress: '/user/:userId/address/last',

  categories: '/categories',
  category: '/category/:categoryId',
  categoryCreate: '/category/create/:userId',
  categoryUpdate: '/category/:categoryId/:userId',
  categoryDelete: '/category/:categoryId/:userId',

  products: '/products',
  product: '/product/:productId',
  productCreate: '/product/create/:userId',
  productUpdate: '/product/:productId/:userId',
  productDelete: '/product/:productId/:userId',
  /** The product's first photo (the grid's card). */
  productPhoto: '/product/photo/:productId',
  /** The whole catalogue as CSV, one row per variant (staff). */
  catalogueExport: '/catalogue/export/:userId',
  /** The dry run of an import: every bad row, or what it would do; nothing written (staff). */
  catalogueImportCheck: '/catalogue/import/check/:userId',
  /** Starts an import (checked again first): 202 and the job, applied in batches (staff). */
  catalogueImportStart: '/catalogue/import/:userId',
  /** An import's progress (staff). */
  catalogueImport: '/catalogue/import/:importId/:userId',

  /** The cart's price (lines, discount, shipping, tax, total) for a destination, method and code; no side effects. */
  quote: '/checkout/quote/:userId',
  /** A guest's quote (no account): the same answer; `email` optional. */
  guestQuote: '/checkout/guest/quote',
  priceDisplay: '/prices/display',
  /** The admin's Pricing screen: the shop's tax setting, shipping zones and methods, tax rates, discount codes. */
  pricingAdmin: '/pricing/:userId',
  pricingSettings: '/pricing/settings/:userId',
  shippingZoneCreate: '/pricing/zone/:userId',
  shippingZoneDelete: '/pricing/zone/:zoneId/:userId',
  shippingMethodCreate: '/pricing/method/:userId',
  shippingMethodDelete: '/pricing/method/:methodId/:userId',
  taxRateCreate: '/pricing/tax/:userId',
  taxRateDelete: '/pricing/tax/:rateId/:userId',
  discountCodeCreate: '/pricing/code/:userId',
  discountCodeDelete: '/pricing/code/:codeId/:userId',

  paymentToken: '/payment/gettoken/:userId',
  payment: '/payment/braintree/:userId',
  /** A guest's card form token and payment (no account; limited per client address and per e-mail). */
  guestPaymentToken: '/payment/guest/gettoken',
  guestPayment: '/payment/guest/braintree',

  ordersOfUser: '/orders/user/:userId',
  ordersAll: '/order/all/:userId',
  /** One paid order, for its buyer (or an admin): the confirmation page after paying. */
  order: '/order/:orderId/user/:userId',
  /** A guest order, by the token of its e-mailed link (`?token=`), never by its id. */
  guestOrder: '/order/guest',
  ordersExport: '/order/export/:userId',
  ordersOverview: '/order/overview/:userId',
  orderStatus: '/order/:orderId/status/:userId',
  orderLineRefund: '/order/:orderId/refund/:userId',
  orderShippingRefund: '/order/:orderId/refund-shipping/:userId',

  /** An order's returns and exchanges: GET them (its buyer or staff), POST a request (its buyer). */
  orderReturns: '/order/:orderId/returns/:userId',
  /** Every return and exchange, newest first (staff). */
  returnsAll: '/returns/all/:userId',
  /** Per-variant reorder suggestions for the next `days` (staff). */
  reorderSuggestions: '/returns/reorder/:userId',
  returnApprove: '/return/:returnId/approve/:userId',
  returnReject: '/return/:returnId/reject/:userId',
  returnReceive: '/return/:returnId/receive/:userId',
  /** Refunds a received return through the gateway (owners). */
  returnRefund: '/return/:returnId/refund/:userId',
  /** Records the exchange's new variant as shipped. */
  returnShip: '/return/:returnId/ship/:userId',
  /** A product's fit note from its returns and exchanges (public). */
  productFit: '/product/fit/:productId',

  audit: '/audit/:userId',

  /** The shop's people and open invitations (owners only). */
  staff: '/staff/:userId',
  staffInvite: '/staff/invite/:userId',
  /** PUT a new role, DELETE to remove from the staff (owners only). */
  staffMember: '/staff/:staffId/:userId',
  /** The invitee sets their password through the e-mailed link (no session). */
  staffAccept: '/staff/accept',
  /** An owner resets a member's two-factor sign-in (a lost phone); the member sets it up again. */
  staffTwoFactorReset: '/staff/:staffId/two-factor/:userId',

  /** The signed-in member's two-factor state; POST enrol / confirm / disable (see two-factor.ts). */
  twoFactor: '/two-factor/:userId',
  twoFactorEnrol: '/two-factor/enrol/:userId',
  twoFactorConfirm: '/two-factor/confirm/:userId',
  twoFactorDisable: '/two-factor/disable/:userId',
  /** A new set of recovery codes (a code from the app required); the old ones stop working. */
  twoFactorRecoveryCodes: '/two-factor/recovery-codes/:userId',
  /** The e-mail backlog and what failed (admins). */
  mailStatus: '/mail/status/:userId',
  /** Sends a test mail at once and answers with what the mail server said (admins). */
  mailTest: '/mail/test/:userId',
} as const;

export type ApiRouteName = keyof typeof ApiRoute;

/** The `:name` parameters of a path pattern, as an object type. */
export type PathParams<P extends string> = P extends `${string}:${infer Name}/${infer Rest}`
  ? { [K in Name]: string } & PathParams<`/${Rest}`>
  : P extends `${string}:${infer Name}`
    ? { [K in Name]: string }
    : Record<never, never>;

/**
 * Fills a route pattern with its parameters, URL-encoding each one.
 * `apiPath(ApiRoute.categoryUpdate, { categoryId, userId })` -> `/category/<id>/<userId>`.
 */
export function apiPath<P extends string>(pattern: P, params: PathParams<P>): string {
  const values = params as Record<string, string>;
  return pattern.replace(/:([A-Za-z]+)/g, (_, name: string) => {
    const value = values[name];
    if (value === undefined) throw new Error(`Missing path parameter "${name}" for ${pattern}`);
    return encodeURIComponent(value);
  });
}
