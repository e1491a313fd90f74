import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { admin } from '@/testing/fixtures';
import { AdminDashboard } from './admin-dashboard';

describe('admin dashboard', () => {
  const linksFor = (staffRole: 'staff' | 'read-only') => {
    const { container } = render(
      <MemoryRouter>
        <AdminDashboard user={{ ...admin.user, staffRole }} />
      </MemoryRouter>,
    );
    return within(container)
      .getAllByRole('link')
      .map((link) => link.textContent);
  };

  beforeEach(() =>
    render(
      <MemoryRouter>
        <AdminDashboard user={admin.user} />
      </MemoryRouter>,
    ),
  );

  it('links to every admin screen, and to no route that does not exist', () => {
    const hrefs = screen.getAllByRole('link').map((link) => link.getAttribute('href'));
    expect(hrefs).toEqual([
      '/admin/create/category',
      '/admin/categories',
      '/admin/create/product',
      '/admin/products',
      '/admin/catalogue/csv',
      '/admin/orders',
      '/admin/returns',
      '/admin/pricing',
      '/admin/audit',
      '/admin/people',
      '/admin/two-factor',
    ]);
    expect(hrefs).not.toContain('/admin/products/update');
  });

  it("shows the admin's name, email and role", () => {
    expect(screen.getByText('Ada Admin')).toBeInTheDocument();
    expect(screen.getByText('ada@example.com')).toBeInTheDocument();
    expect(screen.getByText('Admin')).toBeInTheDocument();
  });

  it('offers People to owners only, and the create forms to owners and staff', () => {
    expect(linksFor('staff')).toEqual([
      'Create Categories',
      'Manage Categories',
      'Create Product',
      'Manage Products',
      'Import / Export CSV',
      'Manage Orders',
      'Returns',
      'Pricing',
      'Audit Trail',
      'Two-factor sign-in',
    ]);
    expect(linksFor('read-only')).toEqual([
      'Manage Categories',
      'Manage Products',
      'Import / Export CSV',
      'Manage Orders',
      'Returns',
      'Pricing',
      'Audit Trail',
      'Two-factor sign-in',
    ]);
  });
});
