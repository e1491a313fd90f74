import { Component, type ReactNode } from 'react';
import { Link, type Location, useLocation } from 'react-router-dom';
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
export function ErrorPage({ error }: { error: unknown }) {
  console.error(error);
  return (
    <div className="container py-5">
      <h1 className="h3">Something went wrong</h1>
      <p>Please go back to the shop and try again.</p>
      <a href={paths.home} className="btn btn-success">
        Back to the shop
      </a>
    </div>
  );
}

interface ErrorBoundaryState {
  failed: boolean;
  error?: unknown;
  location: Location;
}

/**
 * The error page in place of the whole app (layout and page) when rendering throws, as the data router's
 * `errorElement` on the layout route was; another location (Back) renders the app again.
 */
class PageErrorBoundary extends Component<{ location: Location; children: ReactNode }, ErrorBoundaryState> {
  override state: ErrorBoundaryState = { failed: false, location: this.props.location };

  static getDerivedStateFromError(error: unknown): Partial<ErrorBoundaryState> {
    return { failed: true, error };
  }

  static getDerivedStateFromProps(props: { location: Location }, state: ErrorBoundaryState): Partial<ErrorBoundaryState> | null {
    return props.location === state.location ? null : { failed: false, error: undefined, location: props.location };
  }

  override render() {
    return this.state.failed ? <ErrorPage error={this.state.error} /> : this.props.children;
  }
}

/** {@link PageErrorBoundary} at the router's location. */
export function ErrorBoundary({ children }: { children: ReactNode }) {
  return <PageErrorBoundary location={useLocation()}>{children}</PageErrorBoundary>;
}
