import { Alert } from '@/components/alert';
import { Spinner } from '@/components/spinner';
import { ApiError, errorMessage } from '@/lib/api-client';
import { useRequiredSession } from '@/lib/session';
import { useMyOrder } from '../api/get-my-order';
import { OrderReceipt } from './order-receipt';

/** What the buyer just paid for: order number, items (with sizes), total and where it ships. */
export function OrderConfirmation({ orderId }: { orderId: string }) {
  const session = useRequiredSession();
  const { data: order, error } = useMyOrder(orderId);
  if (error) {
    return (
      <Alert variant="danger">
        {error instanceof ApiError && (error.status === 404 || error.status === 400)
          ? 'We could not find this order among yours.'
          : errorMessage(error)}
      </Alert>
    );
  }
  if (!order) return <Spinner label="Loading your order..." />;

  return (
    <OrderReceipt order={order}>
      <p>
        A confirmation e-mail is on its way to <strong>{session.user.email}</strong>.
      </p>
    </OrderReceipt>
  );
}
