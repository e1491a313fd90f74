import { Link, useSearchParams } from 'react-router-dom';
import { Page } from '@/components/page';
import { ConfirmStockAlert, UnsubscribeStockAlert } from '@/features/stock-alerts/components/stock-alert-link';
import { paths } from '@/lib/paths';
import { AuthCard } from '../layout/auth-card';

/** Opened from the confirmation mail's link (`?token=`), signed in or not. */
export function ConfirmStockAlertPage() {
  const [params] = useSearchParams();
  return (
    <Page title="Confirm your back-in-stock alert">
      <AuthCard footer={<Link to={paths.home}>Back to the shop</Link>}>
        <ConfirmStockAlert token={params.get('token') ?? ''} />
      </AuthCard>
    </Page>
  );
}

/** Opened from the unsubscribe link every alert mail carries (`?token=`). */
export function UnsubscribeStockAlertPage() {
  const [params] = useSearchParams();
  return (
    <Page title="Unsubscribe from a back-in-stock alert">
      <AuthCard footer={<Link to={paths.home}>Back to the shop</Link>}>
        <UnsubscribeStockAlert token={params.get('token') ?? ''} />
      </AuthCard>
    </Page>
  );
}
