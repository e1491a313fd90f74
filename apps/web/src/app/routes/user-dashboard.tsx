import { Page } from '@/components/page';
import { SignoutEverywhere } from '@/components/sign-out-everywhere';
import { AddressBook } from '@/features/account/components/address-book';
import { MyData } from '@/features/account/components/my-data';
import { Profile } from '@/features/account/components/profile';
import { ChangePasswordForm } from '@/features/auth/components/password-reset-forms';
import { OrderHistory } from '@/features/orders/components/order-history';
import { OrderReturns } from '@/features/orders/components/order-returns';
import { useRequiredSession } from '@/lib/session';
import { Link, useParams } from 'react-router-dom';
import { paths } from '@/lib/paths';

/** The account page: details, orders with their status, password, addresses, sessions, and the user's data. */
export function UserDashboardPage() {
  const session = useRequiredSession();
  return (
    <Page title="User Dashboard" description={`Welcome, ${session.user.name}.`}>
      <Profile />
      <h2 className="h4 mb-3">Your orders</h2>
      <OrderHistory />
      <h2 className="h4 mt-5 mb-3">Your password</h2>
      <div className="col-lg-6">
        <ChangePasswordForm />
      </div>
      <div className="mt-5">
        <AddressBook />
      </div>
      <SignoutEverywhere />
      <MyData />
    </Page>
  );
}

/** `/order/:orderId/returns`: a shipped order's returns and exchanges, and the form to ask for one (docs/returns.md). */
export function OrderReturnsPage() {
  const { orderId = '' } = useParams();
  return (
    <Page title="Return or exchange" description="Send items back for your money or another size or colour.">
      <OrderReturns orderId={orderId} />
      <Link to={paths.userDashboard} className="btn btn-outline-success mt-4">
        Back to your orders
      </Link>
    </Page>
  );
}
