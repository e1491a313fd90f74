import type { RouteObject } from 'react-router-dom';
import * as admin from '@/app/routes/admin';
import * as cart from '@/app/routes/cart';
import * as guest from '@/app/routes/guest';
import * as passwordReset from '@/app/routes/password-reset';
import * as joinStaff from '@/app/routes/join-staff';
import * as product from '@/app/routes/product';
import * as signin from '@/app/routes/signin';
import * as signup from '@/app/routes/signup';
import * as stockAlert from '@/app/routes/stock-alert';
import * as user from '@/app/routes/user-dashboard';
import * as verifyEmail from '@/app/routes/verify-email';
import type { LazyPage, routeChunks } from '@/app/router';
import type { signedInRouteChunks } from '@/app/signed-in-routes';

const modules: Record<keyof typeof routeChunks | keyof typeof signedInRouteChunks, Record<string, unknown>> = {
  admin,
  cart,
  guest,
  joinStaff,
  passwordReset,
  product,
  signin,
  signup,
  stockAlert,
  user,
  verifyEmail,
};

/**
 * The app's route table with every lazy page mounted directly, so a component test renders a page in the same
 * tick as the real app renders it once its chunk is in (the lazy loading itself is exercised by the browser tests).
 */
export function eagerRoutes(table: RouteObject[]): RouteObject[] {
  return table.map((route) => {
    const page = route.Component as Partial<LazyPage> | null | undefined;
    const children = route.children ? eagerRoutes(route.children) : undefined;
    if (!page?.chunk || !page.exportName) return { ...route, children } as RouteObject;
    return {
      ...route,
      children,
      Component: modules[page.chunk as keyof typeof modules][page.exportName] as React.ComponentType,
    } as RouteObject;
  });
}
