import type { ReactNode } from 'react';
import { Link, useParams } from 'react-router-dom';
import { Page } from '../../components/page';
import { AdminDashboard } from '../../features/admin/components/admin-dashboard';
import { CreateCategoryForm, UpdateCategoryForm } from '../../features/admin/components/category-form';
import { ManageCategories } from '../../features/admin/components/manage-categories';
import { ManageProducts } from '../../features/admin/components/manage-products';
import { ProductForm, UpdateProductForm } from '../../features/admin/components/product-form';
import { ManageOrders } from '../../features/orders/components/manage-orders';
import { authOf, useRequiredSession } from '../../lib/session';
import { paths } from '../paths';

function AdminPage({ title, description, children }: { title: string; description: string; children: ReactNode }) {
  return (
    <Page title={title} description={description}>
      <Link to={paths.adminDashboard} className="btn btn-sm btn-outline-dark mb-4">
        &larr; Admin Home
      </Link>
      {children}
    </Page>
  );
}

export function AdminDashboardPage() {
  const session = useRequiredSession();
  return (
    <Page title="Welcome to admin area" description="Manage all of your products here">
      <AdminDashboard user={session.user} />
    </Page>
  );
}

export function CreateCategoryPage() {
  const session = useRequiredSession();
  return (
    <AdminPage title="Create a category here" description="Add a new category for new t-shirts">
      <div className="col-lg-8">
        <CreateCategoryForm auth={authOf(session)} />
      </div>
    </AdminPage>
  );
}

export function ManageCategoriesPage() {
  const session = useRequiredSession();
  return (
    <AdminPage title="Manage categories" description="Rename or delete categories">
      <ManageCategories auth={authOf(session)} />
    </AdminPage>
  );
}

export function UpdateCategoryPage() {
  const session = useRequiredSession();
  const { categoryId = '' } = useParams();
  return (
    <AdminPage title="Update a category here" description="Give the category a new name">
      <div className="col-lg-8">
        <UpdateCategoryForm key={categoryId} auth={authOf(session)} categoryId={categoryId} />
      </div>
    </AdminPage>
  );
}

export function CreateProductPage() {
  const session = useRequiredSession();
  return (
    <AdminPage title="Add a product here!" description="Welcome to product creation section">
      <ProductForm auth={authOf(session)} />
    </AdminPage>
  );
}

export function ManageProductsPage() {
  const session = useRequiredSession();
  return (
    <AdminPage title="Manage products" description="Update or delete products">
      <ManageProducts auth={authOf(session)} />
    </AdminPage>
  );
}

export function UpdateProductPage() {
  const session = useRequiredSession();
  const { productId = '' } = useParams();
  return (
    <AdminPage title="Update a product here!" description="Welcome to product update section">
      <UpdateProductForm key={productId} auth={authOf(session)} productId={productId} />
    </AdminPage>
  );
}

export function ManageOrdersPage() {
  const session = useRequiredSession();
  return (
    <AdminPage title="Manage Your Orders" description="Follow every order from payment to delivery">
      <ManageOrders auth={authOf(session)} />
    </AdminPage>
  );
}
