import { Role } from '@store/contract';
import { useState } from 'react';
import { Link, NavLink } from 'react-router-dom';
import { useCart } from '@/lib/cart';
import { useSession } from '@/lib/session';
import { paths } from '@/lib/paths';

/** The current page's link is green, the others white; NavLink also marks it aria-current="page". */
const linkClass = ({ isActive }: { isActive: boolean }): string => `nav-link ${isActive ? 'nav-link-current' : 'nav-link-other'}`;

/**
 * The top bar. Home and Cart always; U. Dashboard for customers, A. Dashboard for admins; SignUp and SignIn
 * when signed out, Signout when signed in.
 */
export function NavBar({ onSignout }: { onSignout: () => void }) {
  const session = useSession();
  const cartSize = useCart().length;
  const [open, setOpen] = useState(false);
  const close = () => setOpen(false);

  return (
    <nav className="navbar navbar-expand-md navbar-dark bg-dark shadow-sm" aria-label="Main">
      <div className="container">
        <Link className="navbar-brand fw-bold d-flex align-items-center gap-2" to={paths.home} onClick={close}>
          <span className="brand-mark" aria-hidden="true" />
          T-Shirt Store
        </Link>
        <button
          className="navbar-toggler"
          type="button"
          aria-controls="main-nav"
          aria-expanded={open}
          aria-label="Toggle navigation"
          onClick={() => setOpen((o) => !o)}
        >
          <span className="navbar-toggler-icon" />
        </button>
        <div id="main-nav" className={`collapse navbar-collapse${open ? ' show' : ''}`}>
          <ul className="navbar-nav ms-auto align-items-md-center">
            <li className="nav-item">
              <NavLink to={paths.home} end className={linkClass} onClick={close}>
                Home
              </NavLink>
            </li>
            <li className="nav-item">
              <NavLink to={paths.cart} className={linkClass} onClick={close}>
                Cart
                {cartSize > 0 ? (
                  <span className="badge rounded-pill text-bg-success ms-1" aria-hidden="true">
                    {cartSize}
                  </span>
                ) : null}
              </NavLink>
            </li>
            {session?.user.role === Role.Customer ? (
              <li className="nav-item">
                <NavLink to={paths.userDashboard} className={linkClass} onClick={close}>
                  U. Dashboard
                </NavLink>
              </li>
            ) : null}
            {session?.user.role === Role.Admin ? (
              <li className="nav-item">
                <NavLink to={paths.adminDashboard} className={linkClass} onClick={close}>
                  A. Dashboard
                </NavLink>
              </li>
            ) : null}
            {!session ? (
              <>
                <li className="nav-item">
                  <NavLink to={paths.signup} className={linkClass} onClick={close}>
                    SignUp
                  </NavLink>
                </li>
                <li className="nav-item">
                  <NavLink to={paths.signin} className={linkClass} onClick={close}>
                    SignIn
                  </NavLink>
                </li>
              </>
            ) : (
              <li className="nav-item">
                <button
                  type="button"
                  className="nav-link nav-link-other btn btn-link"
                  onClick={() => {
                    close();
                    onSignout();
                  }}
                >
                  Signout
                </button>
              </li>
            )}
          </ul>
        </div>
      </div>
    </nav>
  );
}
