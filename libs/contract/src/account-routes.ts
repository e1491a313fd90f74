/** The /api routes of signing up and in, the e-mailed links, a signed-in shopper's account, address book, checkout and orders, and a guest's checkout and order link (`ApiRoute.<name>`). */
export const health = '/health';
export const signup = '/signup';
export const signin = '/signin';
/** The second step of a sign-in with two-factor on: the challenge `signin` answered, and a code. */
export const signinTwoFactor = '/signin/two-factor';
/** Sends a password reset link to an address (the same answer whether or not an account has it). */
export const passwordForgot = '/password/forgot';
/** Sets a new password with a reset link's token; ends every session of the account. */
export const passwordReset = '/password/reset';
/** Follows an e-mailed link that confirms an address (no session). */
export const emailVerify = '/email/verify';
/** The invitee sets their password through the e-mailed link (no session). */
export const staffAccept = '/staff/accept';
/** Ends every session of the signed-in user (every token signed before, on every device). */
export const signoutEverywhere = '/signout/everywhere';
/** The signed-in user changes their password (the current one required); answers a new session. */
export const passwordChange = '/user/:userId/password';
export const user = '/user/:userId';
/** The account page's profile (GET) and its name (PUT). */
export const account = '/user/:userId/account';
/** Mails the signed-in user a new link to confirm their address ("send again"). */
export const emailVerification = '/user/:userId/email/verification';
/** Asks to move the account to another address (a link goes to the new one). */
export const emailChange = '/user/:userId/email';
/** The address book: GET the list, POST a new address. */
export const addresses = '/user/:userId/addresses';
/** One address of the book: PUT to replace it (or make it the default), DELETE to remove it. */
export const address = '/user/:userId/addresses/:addressId';
/** Everything the shop holds about the signed-in user, as a JSON download. */
export const myData = '/user/:userId/data';
/** Deletes the signed-in user's account (the password confirms). */
export const accountDelete = '/user/:userId/delete';
/** The shipping address of the buyer's latest paid order, offered at the next checkout. */
export const lastAddress = '/user/:userId/address/last';
/** The cart's price (lines, discount, shipping, tax, total) for a destination, method and code; no side effects. */
export const quote = '/checkout/quote/:userId';
export const paymentToken = '/payment/gettoken/:userId';
export const payment = '/payment/braintree/:userId';
/** A guest's quote (no account): the same answer; `email` optional. */
export const guestQuote = '/checkout/guest/quote';
/** A guest's card form token and payment (no account; limited per client address and per e-mail). */
export const guestPaymentToken = '/payment/guest/gettoken';
export const guestPayment = '/payment/guest/braintree';
/** A guest order, by the token of its e-mailed link (`?token=`), never by its id. */
export const guestOrder = '/order/guest';
/** A guest order's returns and exchanges, by its link's token: GET them (`?token=`), POST a request (the token in the body). */
export const guestOrderReturns = '/order/guest/returns';
export const ordersOfUser = '/orders/user/:userId';
/** One paid order, for its buyer (or an admin): the confirmation page after paying. */
export const order = '/order/:orderId/user/:userId';
/** An order's returns and exchanges: GET them (its buyer or staff), POST a request (its buyer). */
export const orderReturns = '/order/:orderId/returns/:userId';
/** The signed-in user asks to hear when a sold-out variant is back (confirmed at once). */
export const stockAlertsOfUser = '/stock-alerts/user/:userId';
/** A new set of recovery codes (a code from the app required); the old ones stop working. */
export const twoFactorRecoveryCodes = '/two-factor/recovery-codes/:userId';
