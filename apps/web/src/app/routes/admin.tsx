import type { ReactNode } from 'react';
import { Link, useParams } from 'react-router-dom';
import { Page } from '@/components/page';
import { SignoutEverywhere } from '@/components/sign-out-everywhere';
import { AdminDashboard } from '@/features/admin/components/admin-dashboard';
import { AuditTrail } from '@/features/admin/components/audit-trail';
import { CatalogueTransfer } from '@/features/admin/components/catalogue-transfer';
import { CreateCategoryForm, UpdateCategoryForm } from '@/features/admin/components/category-form';
import { ManageCategories } from '@/features/admin/components/manage-categories';
import { ManageProducts } from '@/features/admin/components/manage-products';
import { ProductForm, UpdateProductForm } from '@/features/admin/components/product-form';
import { ManageOrders } from '@/features/admin/components/manage-orders';
import { People } from '@/features/admin/components/people';
import { PricingRules } from '@/features/admin/components/pricing-rules';
import { Returns } from '@/features/admin/components/returns';
import { MailStatus } from '@/features/admin/components/mail-status';
import { SalesOverview } from '@/features/admin/components/sales-overview';
import { TwoFactorSettings } from '@/features/auth/components/two-factor-settings';
import { useRequiredSession } from '@/lib/session';
import { paths } from '@/lib/paths';

function AdminPage({ title, description, children }: { title: string; description: string; children: ReactNode }) {
  return (
    <Page title={title} description={description}>
      <Link to={paths.adminDashboard} className="btn btn-sm btn-outline-dark mb-4">
        &larr; Admin Dashboard
      </Link>
      {children}
    </Page>
  );
}

export function AdminDashboardPage() {
  const session = useRequiredSession();
  return (
    <Page title="Admin Dashboard" description="Manage the categories, t-shirts and orders of the shop">
      <AdminDashboard user={session.user} />
      <SalesOverview />
      <MailStatus />
      <SignoutEverywhere />
    </Page>
  );
}

export function CreateCategoryPage() {
  return (
    <AdminPage title="Create a category" description="Group t-shirts so shoppers find them">
      <div className="col-lg-8">
        <CreateCategoryForm />
      </div>
    </AdminPage>
  );
}

export function ManageCategoriesPage() {
  return (
    <AdminPage title="Manage categories" description="Rename or delete the categories of the shop">
      <ManageCategories />
    </AdminPage>
  );
}

export function UpdateCategoryPage() {
  const { categoryId = '' } = useParams();
  return (
    <AdminPage title="Rename a category" description="Give the category a new name">
      <div className="col-lg-8">
        <UpdateCategoryForm key={categoryId} categoryId={categoryId} />
      </div>
    </AdminPage>
  );
}

export function CreateProductPage() {
  return (
    <AdminPage title="Create a product" description="Add a new t-shirt to the shop">
      <ProductForm />
    </AdminPage>
  );
}

export function ManageProductsPage() {
  return (
    <AdminPage title="Manage products" description="Edit or remove the t-shirts of the shop">
      <ManageProducts />
    </AdminPage>
  );
}

export function UpdateProductPage() {
  const { productId = '' } = useParams();
  return (
    <AdminPage title="Update a product" description="Change any field; leave the photo empty to keep the current one">
      <UpdateProductForm key={productId} productId={productId} />
    </AdminPage>
  );
}

export function ManageOrdersPage() {
  return (
    <AdminPage title="Manage Your Orders" description="Follow every order from payment to delivery">
      <ManageOrders />
    </AdminPage>
  );
}

export function AuditTrailPage() {
  return (
    <AdminPage title="Audit trail" description="Who changed what in the shop, and when">
      <AuditTrail />
    </AdminPage>
  );
}

export function PricingPage() {
  return (
    <AdminPage title="Pricing" description="Shipping, taxes and discount codes: what the checkout charges">
      <PricingRules />
    </AdminPage>
  );
}

export function ReturnsPage() {
  return (
    <AdminPage title="Returns" description="Returns and exchanges to approve, receive, refund or ship, and what to reorder">
      <Returns />
    </AdminPage>
  );
}

export function CatalogueCsvPage() {
  return (
    <AdminPage title="Import and export" description="The whole catalogue as a CSV file, one row per variant">
      <CatalogueTransfer />
    </AdminPage>
  );
}

export function PeoplePage() {
  return (
    <AdminPage title="People" description="Who runs the shop with you, and what each may do">
      <People />
    </AdminPage>
  );
}

export function TwoFactorPage() {
  return (
    <AdminPage title="Two-factor sign-in" description="A code from your phone after your password, so a stolen password is not enough">
      <TwoFactorSettings />
    </AdminPage>
  );
}
