import type { RouteObject } from 'react-router-dom';
import { RequireAdmin, RequireSignIn } from './guards';
import { paths } from '@/lib/paths';
import { lazyPage, routeChunks } from './router';

/** The signed-in and admin pages' chunks, fetched when visited (or when a link to them is hovered or focused). */
export const signedInRouteChunks = {
  user: () => import('./routes/user-dashboard'),
  admin: () => import('./routes/admin'),
};

/**
 * The routes behind sign-in (docs/web.md): the account pages and the admin screens, each behind its guard. A chunk of
 * their own, which the browser's router adds to its table when a navigation first needs them (`discoverRoutes` in
 * router.tsx); the server and the tests take them with the others (`appRoutes`). The ids let the router tell a
 * route it already has.
 */
export const signedInRoutes: RouteObject[] = [
  {
    id: 'signed-in',
    element: <RequireSignIn />,
    children: [
      { path: paths.userDashboard, lazy: lazyPage(signedInRouteChunks, 'user', 'UserDashboardPage') },
      { path: paths.orderConfirmation, lazy: lazyPage(routeChunks, 'cart', 'OrderConfirmationPage') },
      { path: paths.orderReturns, lazy: lazyPage(signedInRouteChunks, 'user', 'OrderReturnsPage') },
    ],
  },
  {
    id: 'admin',
    element: <RequireAdmin />,
    children: [
      { path: paths.adminDashboard, lazy: lazyPage(signedInRouteChunks, 'admin', 'AdminDashboardPage') },
      { path: paths.adminCreateCategory, lazy: lazyPage(signedInRouteChunks, 'admin', 'CreateCategoryPage') },
      { path: paths.adminCategories, lazy: lazyPage(signedInRouteChunks, 'admin', 'ManageCategoriesPage') },
      { path: paths.adminUpdateCategory, lazy: lazyPage(signedInRouteChunks, 'admin', 'UpdateCategoryPage') },
      { path: paths.adminCreateProduct, lazy: lazyPage(signedInRouteChunks, 'admin', 'CreateProductPage') },
      { path: paths.adminProducts, lazy: lazyPage(signedInRouteChunks, 'admin', 'ManageProductsPage') },
      { path: paths.adminUpdateProduct, lazy: lazyPage(signedInRouteChunks, 'admin', 'UpdateProductPage') },
      { path: paths.adminOrders, lazy: lazyPage(signedInRouteChunks, 'admin', 'ManageOrdersPage') },
      { path: paths.adminPackingSlip, lazy: lazyPage(signedInRouteChunks, 'admin', 'PackingSlipPage') },
      { path: paths.adminAudit, lazy: lazyPage(signedInRouteChunks, 'admin', 'AuditTrailPage') },
      { path: paths.adminPricing, lazy: lazyPage(signedInRouteChunks, 'admin', 'PricingPage') },
      { path: paths.adminCatalogueCsv, lazy: lazyPage(signedInRouteChunks, 'admin', 'CatalogueCsvPage') },
      { path: paths.adminPeople, lazy: lazyPage(signedInRouteChunks, 'admin', 'PeoplePage') },
      { path: paths.adminTwoFactor, lazy: lazyPage(signedInRouteChunks, 'admin', 'TwoFactorPage') },
      { path: paths.adminReturns, lazy: lazyPage(signedInRouteChunks, 'admin', 'ReturnsPage') },
    ],
  },
];
