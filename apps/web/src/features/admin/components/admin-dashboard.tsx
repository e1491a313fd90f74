import type { User } from '@store/contract';
import { Link } from 'react-router-dom';
import { paths } from '@/lib/paths';

/** Only routes that exist: the spec's dashboard also linked /admin/products/update, which has no route. */
const ADMIN_LINKS = [
  { to: paths.adminCreateCategory, label: 'Create Categories' },
  { to: paths.adminCategories, label: 'Manage Categories' },
  { to: paths.adminCreateProduct, label: 'Create Product' },
  { to: paths.adminProducts, label: 'Manage Products' },
  { to: paths.adminOrders, label: 'Manage Orders' },
  { to: paths.adminAudit, label: 'Audit Trail' },
];

export function AdminDashboard({ user }: { user: User }) {
  return (
    <div className="row g-4">
      <div className="col-md-4">
        <nav className="card shadow-sm" aria-labelledby="admin-nav-heading">
          <h2 id="admin-nav-heading" className="card-header h5 bg-dark text-white">
            Admin Navigation
          </h2>
          <ul className="list-group list-group-flush">
            {ADMIN_LINKS.map((link) => (
              <li key={link.to} className="list-group-item">
                <Link to={link.to} className="link-success fw-semibold text-decoration-none">
                  {link.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      </div>
      <div className="col-md-8">
        <section className="card shadow-sm" aria-labelledby="admin-info-heading">
          <h2 id="admin-info-heading" className="card-header h5">
            Admin Information
          </h2>
          <dl className="list-group list-group-flush mb-0">
            <div className="list-group-item d-flex gap-2">
              <dt className="fw-normal text-body-secondary admin-info-label">Name</dt>
              <dd className="mb-0 fw-semibold">{user.name}</dd>
            </div>
            <div className="list-group-item d-flex gap-2">
              <dt className="fw-normal text-body-secondary admin-info-label">Email</dt>
              <dd className="mb-0 fw-semibold">{user.email}</dd>
            </div>
            <div className="list-group-item d-flex gap-2">
              <dt className="fw-normal text-body-secondary admin-info-label">Role</dt>
              <dd className="mb-0">
                <span className="badge text-bg-danger">Admin</span>
              </dd>
            </div>
          </dl>
        </section>
      </div>
    </div>
  );
}
