import { type ComponentType, lazy, useState } from 'react';
import { matchRoutes, type RouteObject, useRoutes } from 'react-router-dom';
import { AppLayout } from './layout/app-layout';
import { paths } from '@/lib/paths';
import { HomePage } from './routes/home';
import { NotFoundPage } from './routes/not-found';

/*
 * React Router in its declarative mode (docs/web.md, Routing): `useRoutes` over this table inside a BrowserRouter
 * (app.tsx), a StaticRouter on the server (entry-server.tsx). The app has no loaders, actions or fetchers (its data
 * comes from TanStack Query), so the data router's machinery would be code the home page downloads for nothing.
 *
 * Route-level code splitting: only the home page (and the shell) is in the entry bundle. Every other page is a
 * chunk fetched when its route is first rendered, or earlier when a link to it is hovered or focused
 * (see prefetch-routes.ts). The loaders are shared so a prefetch and the page fetch the same chunk once.
 * The signed-in and admin pages' routes themselves are a chunk too (signed-in-routes.tsx): the browser's table
 * renders them from its catch-all, which fetches them when an address needs them, so a shopper's home page carries
 * none of them.
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

/** A page whose code is a chunk of its own: a component, with what tells and fetches its chunk. */
export interface LazyPage {
  (): React.JSX.Element;
  /** The chunk's name (a key of its table of chunks); tests use it and `exportName` to mount pages eagerly. */
  chunk: string;
  exportName: string;
  /** Fetches the chunk (a prefetch and the page share it) and keeps the page, so that it then renders at once. */
  preload: () => Promise<void>;
}

/**
 * The page that is the named export `exportName` of chunk `chunk` of `chunks`. Until its chunk is in, it suspends
 * (React.lazy): every navigation is a transition (BrowserRouter's), so the page on screen stays until then, as it
 * would until a data router's lazy route had loaded. Once preloaded, it is the page itself, with no suspension:
 * a server-rendered page hydrates with what the server rendered.
 */
export function lazyPage<Chunks extends Record<string, () => Promise<unknown>>>(
  chunks: Chunks,
  chunk: keyof Chunks & string,
  exportName: string,
): LazyPage {
  let loaded: ComponentType | undefined;
  const preload = async () => {
    loaded ??= ((await chunks[chunk]()) as Record<string, ComponentType>)[exportName];
  };
  const Pending = lazy(async () => {
    await preload();
    return { default: loaded! };
  });
  function Page() {
    // Chosen once per mount: swapping `Pending` for the loaded page on a later render would remount the page.
    const [Component] = useState(() => loaded ?? Pending);
    return <Component />;
  }
  return Object.assign(Page, { chunk, exportName, preload });
}

const isLazyPage = (component: unknown): component is LazyPage => typeof component === 'function' && 'preload' in component;

/**
 * The browser's catch-all: the signed-in and admin pages (signed-in-routes.tsx), or the not-found page for an address
 * that is none of them. Their chunk is fetched when an address only the catch-all matches is first rendered.
 */
const SignedInOrNotFound = lazyPage({ signedIn: () => import('./signed-in-routes') }, 'signedIn', 'SignedInPages');

/**
 * The route table (docs/web.md). With `signedIn` (the server's and the tests', signed-in-routes.tsx), those routes
 * are among the layout's children and the catch-all is the not-found page; without (the browser's), the catch-all
 * renders them once fetched. Paths match case-insensitively, so /Signup and /signup are one page.
 */
export function appRoutes(signedIn?: RouteObject[]): RouteObject[] {
  return [
    {
      element: <AppLayout />,
      children: [
        { path: paths.home, element: <HomePage /> },
        { path: paths.signup, Component: lazyPage(routeChunks, 'signup', 'SignupPage') },
        { path: paths.signin, Component: lazyPage(routeChunks, 'signin', 'SigninPage') },
        { path: paths.forgotPassword, Component: lazyPage(routeChunks, 'passwordReset', 'ForgotPasswordPage') },
        { path: paths.resetPassword, Component: lazyPage(routeChunks, 'passwordReset', 'ResetPasswordPage') },
        { path: paths.verifyEmail, Component: lazyPage(routeChunks, 'verifyEmail', 'VerifyEmailPage') },
        { path: paths.stockAlertConfirm, Component: lazyPage(routeChunks, 'stockAlert', 'ConfirmStockAlertPage') },
        { path: paths.stockAlertUnsubscribe, Component: lazyPage(routeChunks, 'stockAlert', 'UnsubscribeStockAlertPage') },
        { path: paths.cart, Component: lazyPage(routeChunks, 'cart', 'CartPage') },
        { path: paths.product, Component: lazyPage(routeChunks, 'product', 'ProductPage') },
        { path: paths.joinStaff, Component: lazyPage(routeChunks, 'joinStaff', 'JoinStaffPage') },
        { path: paths.guestCheckout, Component: lazyPage(routeChunks, 'guest', 'GuestCheckoutPage') },
        { path: paths.guestOrder, Component: lazyPage(routeChunks, 'guest', 'GuestOrderPage') },
        ...(signedIn ?? []),
        signedIn ? { path: '*', element: <NotFoundPage /> } : { path: '*', Component: SignedInOrNotFound },
      ],
    },
  ];
}

/** The browser's route table: the public pages, and the catch-all that brings the signed-in and admin ones. */
export const routes: RouteObject[] = appRoutes();

/** The page `routes` renders (the route table as an element: BrowserRouter or StaticRouter around it). */
export function AppRoutes({ routes }: { routes: RouteObject[] }) {
  return useRoutes(routes);
}

/** The page route `pathname` leads to in `table`. */
const pageRoute = (table: RouteObject[], pathname: string) => matchRoutes(table, pathname)?.at(-1)?.route;

/**
 * The lazy pages that render `pathname` in the browser's table: its page's own, or, for an address only the catch-all
 * matches, the signed-in pages' chunk and the page of theirs it is, if any (fetching that chunk to know).
 */
export async function lazyPagesAt(pathname: string): Promise<LazyPage[]> {
  const page: unknown = pageRoute(routes, pathname)?.Component;
  if (page !== SignedInOrNotFound) return isLazyPage(page) ? [page] : [];
  const { signedInRoutes } = await import('./signed-in-routes');
  const signedInPage = pageRoute(signedInRoutes, pathname)?.Component;
  return [SignedInOrNotFound, ...(isLazyPage(signedInPage) ? [signedInPage] : [])];
}

/**
 * Loads the code of the page at `location` before the app first renders: a server-rendered page must hydrate with
 * the page itself, not suspend, and a page the browser renders shows at once, nav bar and page together.
 */
export async function preloadPage(location: { pathname: string }): Promise<void> {
  await Promise.all((await lazyPagesAt(location.pathname)).map((page) => page.preload()));
}
