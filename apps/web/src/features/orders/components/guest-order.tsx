import { Alert } from '@/components/alert';
import { Spinner } from '@/components/spinner';
import { ApiError, errorMessage } from '@/lib/api-client';
import { useGuestOrder } from '../api/get-guest-order';
import { OrderReceipt } from './order-receipt';

export const GUEST_ORDER_NOT_FOUND = 'We could not find an order for this link. Please use the link from your confirmation e-mail.';

/** A guest's order, as the link in its confirmation e-mail shows it: status, items, price breakdown and address. */
export function GuestOrderView({ token }: { token: string }) {
  const { data: order, error } = useGuestOrder(token);
  if (token === '' || (error instanceof ApiError && (error.status === 404 || error.status === 400))) {
    return <Alert variant="danger">{GUEST_ORDER_NOT_FOUND}</Alert>;
  }
  if (error) return <Alert variant="danger">{errorMessage(error)}</Alert>;
  if (!order) return <Spinner label="Loading your order..." />;
  return (
    <OrderReceipt order={order}>
      <p>Keep the link from your confirmation e-mail: it is the way back to this page, and shows the order as it moves along.</p>
    </OrderReceipt>
  );
}
