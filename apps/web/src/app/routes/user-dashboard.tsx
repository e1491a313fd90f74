import { Page } from '@/components/page';
import { SignoutEverywhere } from '@/components/sign-out-everywhere';
import { AddressBook } from '@/features/account/components/address-book';
import { MyData } from '@/features/account/components/my-data';
import { Profile } from '@/features/account/components/profile';
import { ChangePasswordForm } from '@/features/auth/components/password-reset-forms';
import { OrderHistory } from '@/features/orders/components/order-history';
import { useRequiredSession } from '@/lib/session';

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
