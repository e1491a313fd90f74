import type { User } from '@store/contract';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { paths } from '@/lib/paths';
import { Panel } from './panel';

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
        <Panel as="nav" id="admin-nav" title="Admin Navigation" headerClassName="bg-dark text-white">
          <ul className="list-group list-group-flush">
            {ADMIN_LINKS.map((link) => (
              <li key={link.to} className="list-group-item">
                <Link to={link.to} className="link-success fw-semibold text-decoration-none">
                  {link.label}
                </Link>
              </li>
            ))}
          </ul>
        </Panel>
      </div>
      <div className="col-md-8">
        <Panel id="admin-info" title="Admin Information">
          <dl className="list-group list-group-flush mb-0">
            <InfoRow label="Name">
              <dd className="mb-0 fw-semibold">{user.name}</dd>
            </InfoRow>
            <InfoRow label="Email">
              <dd className="mb-0 fw-semibold">{user.email}</dd>
            </InfoRow>
            <InfoRow label="Role">
              <dd className="mb-0">
                <span className="badge text-bg-danger">Admin</span>
              </dd>
            </InfoRow>
          </dl>
        </Panel>
      </div>
    </div>
  );
}

function InfoRow({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="list-group-item d-flex gap-2">
      <dt className="fw-normal text-body-secondary admin-info-label">{label}</dt>
      {children}
    </div>
  );
}
