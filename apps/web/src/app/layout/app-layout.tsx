import { useEffect, useRef } from 'react';
import { Outlet, useLocation, useNavigate } from 'react-router-dom';
import { signout } from '@/api/auth/sign-out';
import { clearSession, readSession } from '@/lib/session';
import { paths } from '@/lib/paths';
import { useScrollRestoration } from '@/lib/scroll-restoration';
import { NavBar } from './nav-bar';

/** Every page: skip link, nav bar, the page, footer. */
export function AppLayout() {
  const navigate = useNavigate();
  const location = useLocation();
  // The token of a sign-out in progress: the session is forgotten only once the home page is on screen,
  // because a guarded page that saw the session vanish would send the user to sign-in instead.
  const signingOut = useRef<{ signedIn: boolean } | null>(null);
  useScrollRestoration();

  const onSignout = () => {
    signingOut.current = { signedIn: readSession() !== null };
    navigate(paths.home);
  };

  useEffect(() => {
    if (!signingOut.current || location.pathname !== paths.home) return;
    const { signedIn } = signingOut.current;
    signingOut.current = null;
    // The api client reads the token when the call starts (synchronously), so the request still carries it
    // although the session is cleared right after.
    if (signedIn) signout().catch((error: unknown) => console.error('Sign-out request failed', error));
    clearSession();
  }, [location]);

  return (
    <div className="d-flex flex-column min-vh-100">
      <a href="#main-content" className="visually-hidden-focusable skip-link">
        Skip to content
      </a>
      <NavBar onSignout={onSignout} />
      <main id="main-content" className="flex-grow-1" tabIndex={-1}>
        <Outlet />
      </main>
      <footer className="bg-dark text-white-50 mt-auto">
        <div className="container py-4 d-flex flex-column flex-md-row justify-content-between gap-2 small">
          <span>
            <span className="text-white fw-semibold">T-Shirt Store</span> &middot; Soft cotton tees, shipped with care.
          </span>
          <span>
            Questions?{' '}
            <a className="link-light" href="mailto:help@tshirt-store.example">
              help@tshirt-store.example
            </a>
          </span>
        </div>
      </footer>
    </div>
  );
}
