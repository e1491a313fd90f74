import { Page } from '@/components/page';
import { ChangePasswordForm } from '@/features/auth/components/password-reset-forms';
import { SignoutEverywhere } from '@/components/sign-out-everywhere';
import { OrderHistory } from '@/features/orders/components/order-history';
import { useRequiredSession } from '@/lib/session';

export function UserDashboardPage() {
  const session = useRequiredSession();
  return (
    <Page title="User Dashboard" description={`Welcome, ${session.user.name}.`}>
      <h2 className="h4 mb-3">Your orders</h2>
      <OrderHistory />
      <h2 className="h4 mt-5 mb-3">Your password</h2>
      <div className="col-lg-6">
        <ChangePasswordForm />
      </div>
      <SignoutEverywhere />
    </Page>
  );
}
