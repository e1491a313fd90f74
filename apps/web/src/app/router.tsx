import { matchRoutes, type RouteObject } from 'react-router-dom';
import { RequireAdmin, RequireSignIn } from './guards';
import { AppLayout } from './layout/app-layout';
import { paths } from '@/lib/paths';
import { HomePage } from './routes/home';
import { ErrorPage, NotFoundPage } from './routes/not-found';

/*
 * Route-level code splitting: only the home page (and the shell) is in the entry bundle. Every other page is a
 * chunk fetched when its route is first matched, or earlier when a link to it is hovered or focused
 * (see prefetch-routes.ts). The loaders are shared so a prefetch and the router fetch the same chunk once.
 */
export const routeChunks = {
  signup: () => import('./routes/signup'),
  signin: () => import('./routes/signin'),
  passwordReset: () => import('./routes/password-reset'),
  verifyEmail: () => import('./routes/verify-email'),
  stockAlert: () => import('./routes/stock-alert'),
  cart: () => import('./routes/cart'),
  product: () => import('./routes/product'),
  user: () => import('./routes/user-dashboard'),
  admin: () => import('./routes/admin'),
  joinStaff: () => import('./routes/join-staff'),
  guest: () => import('./routes/guest'),
};

/** Which chunk a lazy route loads and which export of it is the page; tests use it to mount pages eagerly. */
export interface LazyPage {
  (): Promise<{ Component: React.ComponentType }>;
  chunk: keyof typeof routeChunks;
  exportName: string;
}

/** A lazy route whose component is the named export `exportName` of `chunk`. */
function lazyPage(chunk: keyof typeof routeChunks, exportName: string): LazyPage {
  const load = async () => {
    const module = (await routeChunks[chunk]()) as unknown as Record<string, React.ComponentType>;
    return { Component: module[exportName] };
  };
  return Object.assign(load, { chunk, exportName });
}

/** The route table (docs/web.md). Paths match case-insensitively, so /Signup and /signup are one page. */
export const routes: RouteObject[] = [
  {
    element: <AppLayout />,
    errorElement: <ErrorPage />,
    children: [
      { path: paths.home, element: <HomePage /> },
      { path: paths.signup, lazy: lazyPage('signup', 'SignupPage') },
      { path: paths.signin, lazy: lazyPage('signin', 'SigninPage') },
      { path: paths.forgotPassword, lazy: lazyPage('passwordReset', 'ForgotPasswordPage') },
      { path: paths.resetPassword, lazy: lazyPage('passwordReset', 'ResetPasswordPage') },
      { path: paths.verifyEmail, lazy: lazyPage('verifyEmail', 'VerifyEmailPage') },
      { path: paths.stockAlertConfirm, lazy: lazyPage('stockAlert', 'ConfirmStockAlertPage') },
      { path: paths.stockAlertUnsubscribe, lazy: lazyPage('stockAlert', 'UnsubscribeStockAlertPage') },
      { path: paths.cart, lazy: lazyPage('cart', 'CartPage') },
      { path: paths.product, lazy: lazyPage('product', 'ProductPage') },
      { path: paths.joinStaff, lazy: lazyPage('joinStaff', 'JoinStaffPage') },
      { path: paths.guestCheckout, lazy: lazyPage('guest', 'GuestCheckoutPage') },
      { path: paths.guestOrder, lazy: lazyPage('guest', 'GuestOrderPage') },
      {
        element: <RequireSignIn />,
        children: [
          { path: paths.userDashboard, lazy: lazyPage('user', 'UserDashboardPage') },
          { path: paths.orderConfirmation, lazy: lazyPage('cart', 'OrderConfirmationPage') },
          { path: paths.orderReturns, lazy: lazyPage('user', 'OrderReturnsPage') },
        ],
      },
      {
        element: <RequireAdmin />,
        children: [
          { path: paths.adminDashboard, lazy: lazyPage('admin', 'AdminDashboardPage') },
          { path: paths.adminCreateCategory, lazy: lazyPage('admin', 'CreateCategoryPage') },
          { path: paths.adminCategories, lazy: lazyPage('admin', 'ManageCategoriesPage') },
          { path: paths.adminUpdateCategory, lazy: lazyPage('admin', 'UpdateCategoryPage') },
          { path: paths.adminCreateProduct, lazy: lazyPage('admin', 'CreateProductPage') },
          { path: paths.adminProducts, lazy: lazyPage('admin', 'ManageProductsPage') },
          { path: paths.adminUpdateProduct, lazy: lazyPage('admin', 'UpdateProductPage') },
          { path: paths.adminOrders, lazy: lazyPage('admin', 'ManageOrdersPage') },
          { path: paths.adminPackingSlip, lazy: lazyPage('admin', 'PackingSlipPage') },
          { path: paths.adminAudit, lazy: lazyPage('admin', 'AuditTrailPage') },
          { path: paths.adminPricing, lazy: lazyPage('admin', 'PricingPage') },
          { path: paths.adminCatalogueCsv, lazy: lazyPage('admin', 'CatalogueCsvPage') },
          { path: paths.adminPeople, lazy: lazyPage('admin', 'PeoplePage') },
          { path: paths.adminTwoFactor, lazy: lazyPage('admin', 'TwoFactorPage') },
          { path: paths.adminReturns, lazy: lazyPage('admin', 'ReturnsPage') },
        ],
      },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];

/**
 * Loads the lazy routes that match `location` and makes them plain routes, so a router created afterwards
 * renders them at once: the browser must hydrate a server-rendered page with the page itself, not with nothing
 * while its chunk loads.
 */
export async function loadLazyRoutes(table: RouteObject[], location: { pathname: string }): Promise<void> {
  const matches = matchRoutes(table, location) ?? [];
  await Promise.all(
    matches.map(async ({ route }) => {
      if (typeof route.lazy !== 'function') return;
      const loaded = await route.lazy();
      Object.assign(route, loaded, { lazy: undefined });
    }),
  );
}
