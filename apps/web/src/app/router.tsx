import type { RouteObject } from 'react-router-dom';
import { RequireAdmin, RequireSignIn } from './guards';
import { AppLayout } from './layout/app-layout';
import { paths } from '@/lib/paths';
import {
  AdminDashboardPage,
  AuditTrailPage,
  CreateCategoryPage,
  CreateProductPage,
  ManageCategoriesPage,
  ManageOrdersPage,
  ManageProductsPage,
  UpdateCategoryPage,
  UpdateProductPage,
} from './routes/admin';
import { CartPage } from './routes/cart';
import { HomePage } from './routes/home';
import { ErrorPage, NotFoundPage } from './routes/not-found';
import { SigninPage } from './routes/signin';
import { SignupPage } from './routes/signup';
import { UserDashboardPage } from './routes/user-dashboard';

/** The route table of spec section 2. Paths match case-insensitively, so /Signup and /signup are one page. */
export const routes: RouteObject[] = [
  {
    element: <AppLayout />,
    errorElement: <ErrorPage />,
    children: [
      { path: paths.home, element: <HomePage /> },
      { path: paths.signup, element: <SignupPage /> },
      { path: paths.signin, element: <SigninPage /> },
      { path: paths.cart, element: <CartPage /> },
      {
        element: <RequireSignIn />,
        children: [{ path: paths.userDashboard, element: <UserDashboardPage /> }],
      },
      {
        element: <RequireAdmin />,
        children: [
          { path: paths.adminDashboard, element: <AdminDashboardPage /> },
          { path: paths.adminCreateCategory, element: <CreateCategoryPage /> },
          { path: paths.adminCategories, element: <ManageCategoriesPage /> },
          { path: paths.adminUpdateCategory, element: <UpdateCategoryPage /> },
          { path: paths.adminCreateProduct, element: <CreateProductPage /> },
          { path: paths.adminProducts, element: <ManageProductsPage /> },
          { path: paths.adminUpdateProduct, element: <UpdateProductPage /> },
          { path: paths.adminOrders, element: <ManageOrdersPage /> },
          { path: paths.adminAudit, element: <AuditTrailPage /> },
        ],
      },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];
