import { type RouteObject, useRoutes } from 'react-router-dom';
import { RequireAdmin, RequireSignIn } from './guards';
import { paths } from '@/lib/paths';
import { lazyPage, routeChunks } from './router';
import { NotFoundPage } from './routes/not-found';

/** The signed-in and admin pages' chunks, fetched when visited (or when a link to them is hovered or focused). */
export const signedInRouteChunks = {
  user: () => import('./routes/user-dashboard'),
  admin: () => import('./routes/admin'),
};

/**
 * The routes behind sign-in (docs/web.md): the account pages and the admin screens, each behind its guard. A chunk of
 * their own, which the browser's table renders from its catch-all (`SignedInPages`); the server and the tests take
 * them with the others (`appRoutes` in router.tsx).
 */
export const signedInRoutes: RouteObject[] = [
  {
    element: <RequireSignIn />,
    children: [
      { path: paths.userDashboard, Component: lazyPage(signedInRouteChunks, 'user', 'UserDashboardPage') },
      { path: paths.orderConfirmation, Component: lazyPage(routeChunks, 'cart', 'OrderConfirmationPage') },
      { path: paths.orderReturns, Component: lazyPage(signedInRouteChunks, 'user', 'OrderReturnsPage') },
    ],
  },
  {
    element: <RequireAdmin />,
    children: [
      { path: paths.adminDashboard, Component: lazyPage(signedInRouteChunks, 'admin', 'AdminDashboardPage') },
      { path: paths.adminCreateCategory, Component: lazyPage(signedInRouteChunks, 'admin', 'CreateCategoryPage') },
      { path: paths.adminCategories, Component: lazyPage(signedInRouteChunks, 'admin', 'ManageCategoriesPage') },
      { path: paths.adminUpdateCategory, Component: lazyPage(signedInRouteChunks, 'admin', 'UpdateCategoryPage') },
      { path: paths.adminCreateProduct, Component: lazyPage(signedInRouteChunks, 'admin', 'CreateProductPage') },
      { path: paths.adminProducts, Component: lazyPage(signedInRouteChunks, 'admin', 'ManageProductsPage') },
      { path: paths.adminUpdateProduct, Component: lazyPage(signedInRouteChunks, 'admin', 'UpdateProductPage') },
      { path: paths.adminOrders, Component: lazyPage(signedInRouteChunks, 'admin', 'ManageOrdersPage') },
      { path: paths.adminPackingSlip, Component: lazyPage(signedInRouteChunks, 'admin', 'PackingSlipPage') },
      { path: paths.adminAudit, Component: lazyPage(signedInRouteChunks, 'admin', 'AuditTrailPage') },
      { path: paths.adminPricing, Component: lazyPage(signedInRouteChunks, 'admin', 'PricingPage') },
      { path: paths.adminCatalogueCsv, Component: lazyPage(signedInRouteChunks, 'admin', 'CatalogueCsvPage') },
      { path: paths.adminPeople, Component: lazyPage(signedInRouteChunks, 'admin', 'PeoplePage') },
      { path: paths.adminTwoFactor, Component: lazyPage(signedInRouteChunks, 'admin', 'TwoFactorPage') },
      { path: paths.adminReturns, Component: lazyPage(signedInRouteChunks, 'admin', 'ReturnsPage') },
    ],
  },
];

const signedInPages: RouteObject[] = [...signedInRoutes, { path: '*', element: <NotFoundPage /> }];

/**
 * The browser's catch-all (router.tsx): a signed-in or admin page, else the not-found page. Its routes match the whole
 * address, as the catch-all's own path (`*`) leaves all of it to them.
 */
export function SignedInPages() {
  return useRoutes(signedInPages);
}
