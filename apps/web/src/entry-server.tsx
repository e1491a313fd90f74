import { Writable } from 'node:stream';
import { dehydrate } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { renderToPipeableStream } from 'react-dom/server';
import { matchRoutes, StaticRouter } from 'react-router-dom';
import { type PageData, type PageNeeds, pageNeeds as publicPageNeeds, seedQueries } from '@/app/page-data';
import { AppProviders } from '@/app/providers';
import { AppRoutes, appRoutes } from '@/app/router';
import { HOME_DESCRIPTION, HOME_TITLE } from '@/app/routes/home';
import { signedInRoutes } from '@/app/signed-in-routes';
import { NOT_FOUND_DESCRIPTION, NOT_FOUND_TITLE } from '@/app/routes/not-found';
import { metaDescription } from '@/app/routes/product';
import { pageTitle } from '@/components/page';
import { createQueryClient } from '@/lib/query-client';
import { markRenderedOnServer } from '@/lib/rendered-on-server';

/**
 * The server's entry (vite build --ssr, docs/web.md): renders a public page from the same route table and
 * components the browser hydrates. The API (apps/api/src/web-app) reads the page's data from its caches, asks
 * {@link pageNeeds} what to read and {@link renderPage} for the markup; no request leaves the process.
 */
markRenderedOnServer();

/** Every route, the signed-in and admin pages' too: the server tells their addresses from unknown ones. */
const routes = appRoutes(signedInRoutes);

/**
 * The needs of the page at `pathname` + `search`: a public page's ({@link publicPageNeeds}), `notFound` for an
 * address no route has (only the catch-all matches it: the server answers it 404 with the app's not-found page),
 * and undefined for the pages the browser renders (sign-in, cart, dashboards, admin).
 */
export function pageNeeds(pathname: string, search: string): PageNeeds | undefined {
  const needs = publicPageNeeds(pathname, search);
  if (needs) return needs;
  const matches = matchRoutes(routes, pathname);
  return !matches || matches[matches.length - 1].route.path === '*' ? { page: 'notFound' } : undefined;
}

export type { PageData, PageNeeds };

/** The product page's lazy route module: the browser loads it before it hydrates, so the head preloads it. */
const PRODUCT_PAGE_MODULE = 'src/app/routes/product.tsx';

export interface RenderedPage {
  status: number;
  /** What React hoists for the head (the preload of the first photos), apart from `html`. */
  head: string;
  /** The source modules (keys of the build's manifest) of the page's lazy route, for the head's modulepreload. */
  modules: string[];
  /** The markup of `#root`. */
  html: string;
  /** The dehydrated query cache, as JSON (for `<script type="application/json">`). */
  data: string;
  /** The tab title and meta description the page sets once it runs, for the page's head. */
  title: string;
  description: string;
}

/** Renders the page at `url` (path and query) from `data`, which the server read for `needs`. */
export async function renderPage(url: string, needs: PageNeeds, data: PageData): Promise<RenderedPage> {
  const queryClient = createQueryClient({ retry: false });
  seedQueries(queryClient, needs, data);
  // The browser's tree (app.tsx) but for the router: a StaticRouter at `url`, and no error boundary (on the server a
  // page that throws fails the render, and the API answers it as an error).
  const markup = await renderToString(
    <StrictMode>
      <AppProviders queryClient={queryClient}>
        <StaticRouter location={url}>
          <AppRoutes routes={routes} />
        </StaticRouter>
      </AppProviders>
    </StrictMode>,
  );
  // React puts the preloads of high-priority images before the app's markup; they belong in the head, and only the
  // app's own markup belongs in `#root`, which the browser hydrates.
  const [, hoisted = '', html = markup] = /^((?:<link [^>]*>)*)([\s\S]*)$/.exec(markup) ?? [];
  const missing = (needs.page === 'product' && !data.product) || needs.page === 'notFound';
  const head =
    needs.page === 'home'
      ? { title: HOME_TITLE, description: HOME_DESCRIPTION }
      : needs.page === 'notFound'
        ? { title: NOT_FOUND_TITLE, description: NOT_FOUND_DESCRIPTION }
        : data.product
          ? { title: data.product.name, description: metaDescription(data.product.description) }
          : { title: 'Product not found', description: 'This t-shirt is no longer in the shop, or the link to it is wrong.' };
  return {
    status: missing ? 404 : 200,
    head: hoisted,
    modules: needs.page === 'product' ? [PRODUCT_PAGE_MODULE] : [],
    html,
    // Every query, the product that is not there included (its error is what the page shows).
    data: JSON.stringify(dehydrate(queryClient, { shouldDehydrateQuery: () => true })),
    title: pageTitle(head.title),
    description: head.description,
  };
}

/** The whole markup of `element`, streamed by React and collected once it is all ready (the server caches it). */
function renderToString(element: React.ReactElement): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        chunks.push(Buffer.from(chunk));
        done();
      },
      final(done) {
        resolve(Buffer.concat(chunks).toString('utf8'));
        done();
      },
    });
    let failed: unknown;
    const stream = renderToPipeableStream(element, {
      // Every boundary in place, however large (the home page's filters are one, around a lazy chunk): React
      // otherwise sends a large one apart, with an inline script to put it in place, which the
      // Content-Security-Policy (no inline script) rightly blocks.
      progressiveChunkSize: Number.MAX_SAFE_INTEGER,
      onAllReady: () => (failed ? reject(failed) : stream.pipe(sink)),
      onShellError: reject,
      onError: (error) => {
        failed ??= error;
      },
    });
  });
}
