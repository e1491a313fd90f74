import { Link, useParams } from 'react-router-dom';
import { Page } from '@/components/page';
import { OrderConfirmation } from '@/features/orders/components/order-confirmation';
import { paths } from '@/lib/paths';

/** Where the cart's success message leads after paying: the order as the server recorded it. */
export function OrderConfirmationPage() {
  const { orderId = '' } = useParams();
  return (
    <Page title="Thank you for your order" description="Your order is confirmed.">
      <OrderConfirmation orderId={orderId} />
      <div className="d-flex flex-wrap gap-2 mt-4">
        <Link to={paths.userDashboard} className="btn btn-outline-success">
          See all your orders
        </Link>
        <Link to={paths.home} className="btn btn-success">
          Continue shopping
        </Link>
      </div>
    </Page>
  );
}
