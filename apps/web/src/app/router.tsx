import { matchRoutes, type PatchRoutesOnNavigationFunction, type RouteObject } from 'react-router-dom';
import { AppLayout } from './layout/app-layout';
import { paths } from '@/lib/paths';
import { HomePage } from './routes/home';
import { ErrorPage, NotFoundPage } from './routes/not-found';

/*
 * Route-level code splitting: only the home page (and the shell) is in the entry bundle. Every other page is a
 * chunk fetched when its route is first matched, or earlier when a link to it is hovered or focused
 * (see prefetch-routes.ts). The loaders are shared so a prefetch and the router fetch the same chunk once.
 * The signed-in and admin pages' routes themselves are a chunk too (signed-in-routes.tsx): the browser's router
 * learns them when a navigation first needs them (`discoverRoutes`), so a shopper's home page carries none of them.
 */
export const routeChunks = {
  signup: () => import('./routes/signup'),
  signin: () => import('./routes/signin'),
  passwordReset: () => import('./routes/password-reset'),
  verifyEmail: () => import('./routes/verify-email'),
  stockAlert: () => import('./routes/stock-alert'),
  cart: () => import('./routes/cart'),
  product: () => import('./routes/product'),
  joinStaff: () => import('./routes/join-staff'),
  guest: () => import('./routes/guest'),
};

/** Which chunk a lazy route loads and which export of it is the page; tests use it to mount pages eagerly. */
export interface LazyPage {
  (): Promise<{ Component: React.ComponentType }>;
  /** The chunk's name (a key of its table of chunks) */
  chunk: string;
  exportName: string;
  /** Fetches the chunk (a prefetch and the route share it) */
  loadChunk: () => Promise<unknown>;
}

/** A lazy route whose component is the named export `exportName` of chunk `chunk` of `chunks`. */
export function lazyPage<Chunks extends Record<string, () => Promise<unknown>>>(
  chunks: Chunks,
  chunk: keyof Chunks & string,
  exportName: string,
): LazyPage {
  const loadChunk = chunks[chunk];
  const load = async () => {
    const module = (await loadChunk()) as Record<string, React.ComponentType>;
    return { Component: module[exportName] };
  };
  return Object.assign(load, { chunk, exportName, loadChunk });
}

/** The id of the layout route, under which the signed-in and admin routes are patched in. */
export const APP_ROUTE_ID = 'app';

/**
 * The route table (docs/web.md), with `signedIn` (signed-in-routes.tsx) among the layout's children: the server and
 * the tests take them all at once; the browser starts without them. Paths match case-insensitively, so /Signup and
 * /signup are one page.
 */
export function appRoutes(signedIn: RouteObject[] = []): RouteObject[] {
  return [
    {
      id: APP_ROUTE_ID,
      element: <AppLayout />,
      errorElement: <ErrorPage />,
      children: [
        { path: paths.home, element: <HomePage /> },
        { path: paths.signup, lazy: lazyPage(routeChunks, 'signup', 'SignupPage') },
        { path: paths.signin, lazy: lazyPage(routeChunks, 'signin', 'SigninPage') },
        { path: paths.forgotPassword, lazy: lazyPage(routeChunks, 'passwordReset', 'ForgotPasswordPage') },
        { path: paths.resetPassword, lazy: lazyPage(routeChunks, 'passwordReset', 'ResetPasswordPage') },
        { path: paths.verifyEmail, lazy: lazyPage(routeChunks, 'verifyEmail', 'VerifyEmailPage') },
        { path: paths.stockAlertConfirm, lazy: lazyPage(routeChunks, 'stockAlert', 'ConfirmStockAlertPage') },
        { path: paths.stockAlertUnsubscribe, lazy: lazyPage(routeChunks, 'stockAlert', 'UnsubscribeStockAlertPage') },
        { path: paths.cart, lazy: lazyPage(routeChunks, 'cart', 'CartPage') },
        { path: paths.product, lazy: lazyPage(routeChunks, 'product', 'ProductPage') },
        { path: paths.joinStaff, lazy: lazyPage(routeChunks, 'joinStaff', 'JoinStaffPage') },
        { path: paths.guestCheckout, lazy: lazyPage(routeChunks, 'guest', 'GuestCheckoutPage') },
        { path: paths.guestOrder, lazy: lazyPage(routeChunks, 'guest', 'GuestOrderPage') },
        ...signedIn,
        { path: '*', element: <NotFoundPage /> },
      ],
    },
  ];
}

/** The browser's route table: the public pages; the signed-in and admin ones join it through `discoverRoutes`. */
export const routes: RouteObject[] = appRoutes();

/** The signed-in and admin pages' routes, fetched once. */
export const loadSignedInRoutes = () => import('./signed-in-routes').then((module) => module.signedInRoutes);

/**
 * Whether an address may be a signed-in or admin page: its deepest match is not a page of the table matching the
 * whole address (it is the catch-all, the layout, or the part of a longer address the router's partial match
 * found, such as the home page of a longer address).
 */
function mayBeSignedIn(matches: ReadonlyArray<{ route: RouteObject; pathname: string }> | null, path: string): boolean {
  const leaf = matches?.at(-1);
  const whole = (pathname: string) => pathname.replace(/\/+$/, '');
  return !leaf || leaf.route.path === undefined || leaf.route.path === '*' || whole(leaf.pathname) !== whole(path);
}

/**
 * The router's `patchRoutesOnNavigation`: an address that may be a signed-in or admin page gets those routes,
 * fetched and added (the router keeps them, and skips routes it already has); a page the table has (the product
 * page) needs nothing.
 */
export const discoverRoutes: PatchRoutesOnNavigationFunction = async ({ matches, patch, path }) => {
  if (mayBeSignedIn(matches, path)) patch(APP_ROUTE_ID, await loadSignedInRoutes());
};

/**
 * Before the browser's router is made: an address that may be a signed-in or admin page gets those routes in
 * `table` (before the catch-all), so a first load of the admin dashboard is that page at once.
 */
export async function addSignedInRoutesFor(table: RouteObject[], location: { pathname: string }): Promise<void> {
  if (mayBeSignedIn(matchRoutes(table, location), location.pathname)) table[0].children!.splice(-1, 0, ...(await loadSignedInRoutes()));
}

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
