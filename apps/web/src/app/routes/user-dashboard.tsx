import { Page } from '@/components/page';
import { SignoutEverywhere } from '@/components/sign-out-everywhere';
import { OrderHistory } from '@/features/orders/components/order-history';
import { useRequiredSession } from '@/lib/session';

export function UserDashboardPage() {
  const session = useRequiredSession();
  return (
    <Page title="User Dashboard" description={`Welcome, ${session.user.name}.`}>
      <h2 className="h4 mb-3">Your orders</h2>
      <OrderHistory />
      <SignoutEverywhere />
    </Page>
  );
}
