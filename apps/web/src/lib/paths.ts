import { Role } from '@store/contract';
import { generatePath } from 'react-router-dom';

/**
 * Every route of the web app, in one place: the router mounts these patterns and every link
 * and redirect is built from them. Matching is case-insensitive, so `/Signup` and `/Signin` (the spec's spelling)
 * reach the same pages as `/signup` and `/signin`.
 */
export const paths = {
  home: '/',
  signup: '/signup',
  signin: '/signin',
  /** Asks for a password reset link by e-mail */
  forgotPassword: '/forgot-password',
  /** The reset mail's link: `?token=` */
  resetPassword: '/reset-password',
  /** The e-mail's link to confirm an address: `?token=` */
  verifyEmail: '/verify-email',
  /** A back-in-stock alert's confirmation link: `?token=` (the server's mails build it the same way) */
  stockAlertConfirm: '/stock-alerts/confirm',
  /** The unsubscribe link of every back-in-stock mail: `?token=` */
  stockAlertUnsubscribe: '/stock-alerts/unsubscribe',
  cart: '/cart',
  /** Paying without an account: e-mail, address, shipping method, code and card */
  guestCheckout: '/checkout/guest',
  /**
   * A guest's order, from the link in its confirmation e-mail: `/guest/order#<token>` (the server's e-mails build it
   * the same way; the token stays in the fragment, which browsers never send to a server)
   */
  guestOrder: '/guest/order',
  /** One product: its large photo, sizes and what is left of each */
  product: '/product/:productId',
  userDashboard: '/user/dashboard',
  /** After paying: the order's number, items, total and address */
  orderConfirmation: '/order/:orderId/confirmation',
  /** A shipped order's returns and exchanges, and the form to ask for one */
  orderReturns: '/order/:orderId/returns',
  adminDashboard: '/admin/dashboard',
  adminCreateCategory: '/admin/create/category',
  adminCategories: '/admin/categories',
  adminUpdateCategory: '/admin/category/update/:categoryId',
  adminCreateProduct: '/admin/create/product',
  adminProducts: '/admin/products',
  adminUpdateProduct: '/admin/product/update/:productId',
  adminOrders: '/admin/orders',
  /** One order's packing slip, to print and put in the parcel */
  adminPackingSlip: '/admin/order/:orderId/packing-slip',
  adminAudit: '/admin/audit',
  /** Shipping zones and methods, tax rates, discount codes and whether prices include tax */
  adminPricing: '/admin/pricing',
  adminCatalogueCsv: '/admin/catalogue/csv',
  /** The shop's people: owners invite, change roles, remove */
  adminPeople: '/admin/people',
  /** The signed-in member's two-factor sign-in: set up (QR code, recovery codes) or turn off */
  adminTwoFactor: '/admin/two-factor',
  /** Returns and exchanges to approve, receive, refund or ship; reorder suggestions */
  adminReturns: '/admin/returns',
  /** A staff invitation's link: `/staff/join#<token>` (the server's e-mails build it the same way) */
  joinStaff: '/staff/join',
} as const;

export const hrefs = {
  product: (productId: string): string => generatePath(paths.product, { productId }),
  orderReturns: (orderId: string): string => generatePath(paths.orderReturns, { orderId }),
  adminUpdateCategory: (categoryId: string): string => generatePath(paths.adminUpdateCategory, { categoryId }),
  adminUpdateProduct: (productId: string): string => generatePath(paths.adminUpdateProduct, { productId }),
  adminPackingSlip: (orderId: string): string => generatePath(paths.adminPackingSlip, { orderId }),
};

/** Where a signed-in user lands after sign-in when no guard sent them: admins to the admin dashboard. */
export function homeForRole(role: Role): string {
  return role === Role.Admin ? paths.adminDashboard : paths.userDashboard;
}
