import type { User } from '@store/contract';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { paths } from '@/lib/paths';
import { staffPermissions } from '@/lib/session';
import { STAFF_ROLE_LABELS } from '@/lib/staff-role-labels';
import { Panel } from './panel';

/**
 * Only routes that exist: the spec's dashboard also linked /admin/products/update, which has no route. Each link
 * is offered to the roles that can use it (the server refuses the rest whatever is shown): the create forms to
 * those who may edit, People to owners.
 */
const ADMIN_LINKS: { to: string; label: string; shownTo?: 'editors' | 'owners' }[] = [
  { to: paths.adminCreateCategory, label: 'Create Categories', shownTo: 'editors' },
  { to: paths.adminCategories, label: 'Manage Categories' },
  { to: paths.adminCreateProduct, label: 'Create Product', shownTo: 'editors' },
  { to: paths.adminProducts, label: 'Manage Products' },
  { to: paths.adminCatalogueCsv, label: 'Import / Export CSV' },
  { to: paths.adminOrders, label: 'Manage Orders' },
  { to: paths.adminReturns, label: 'Returns' },
  { to: paths.adminPricing, label: 'Pricing' },
  { to: paths.adminAudit, label: 'Audit Trail' },
  { to: paths.adminPeople, label: 'People', shownTo: 'owners' },
  { to: paths.adminTwoFactor, label: 'Two-factor sign-in' },
];

export function AdminDashboard({ user }: { user: User }) {
  const { staffRole, isOwner, canEdit } = staffPermissions(user);
  const links = ADMIN_LINKS.filter((link) => (link.shownTo === 'owners' ? isOwner : link.shownTo === 'editors' ? canEdit : true));
  return (
    <div className="row g-4">
      <div className="col-md-4">
        <Panel as="nav" id="admin-nav" title="Admin Navigation" headerClassName="bg-dark text-white">
          <ul className="list-group list-group-flush">
            {links.map((link) => (
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
                {staffRole ? <span className="badge text-bg-secondary ms-1">{STAFF_ROLE_LABELS[staffRole]}</span> : null}
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
