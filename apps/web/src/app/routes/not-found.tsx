import { Link, isRouteErrorResponse, useRouteError } from 'react-router-dom';
import { Page } from '@/components/page';
import { paths } from '@/lib/paths';

/** The not-found page's own words (the server's head for an unknown address says the same). */
export const NOT_FOUND_TITLE = 'Page not found';
export const NOT_FOUND_DESCRIPTION = 'There is no page at this address.';

/** Nothing at this address (or, with its own words, no such thing: a product that is gone), and the way back. */
export function NotFoundPage({ title = NOT_FOUND_TITLE, description = NOT_FOUND_DESCRIPTION }) {
  return (
    <Page title={title} description={description}>
      <Link to={paths.home} className="btn btn-success">
        Back to the shop
      </Link>
    </Page>
  );
}

/** Shown instead of a blank screen when a page throws. */
export function ErrorPage() {
  const error = useRouteError();
  console.error(error);
  const status = isRouteErrorResponse(error) ? error.status : undefined;
  return (
    <div className="container py-5">
      <h1 className="h3">{status === 404 ? 'Page not found' : 'Something went wrong'}</h1>
      <p>Please go back to the shop and try again.</p>
      <a href={paths.home} className="btn btn-success">
        Back to the shop
      </a>
    </div>
  );
}
