import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { admin } from '@/testing/fixtures';
import { AdminDashboard } from './admin-dashboard';

describe('admin dashboard', () => {
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
      '/admin/orders',
      '/admin/audit',
    ]);
    expect(hrefs).not.toContain('/admin/products/update');
  });

  it("shows the admin's name, email and role", () => {
    expect(screen.getByText('Ada Admin')).toBeInTheDocument();
    expect(screen.getByText('ada@example.com')).toBeInTheDocument();
    expect(screen.getByText('Admin')).toBeInTheDocument();
  });
});
