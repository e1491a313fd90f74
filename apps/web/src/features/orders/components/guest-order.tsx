import type { GuestOrder } from '@store/contract';
import { Alert } from '@/components/alert';
import { Spinner } from '@/components/spinner';
import { ApiError, errorMessage } from '@/lib/api-client';
import { useGuestOrder } from '../api/get-guest-order';
import { useGuestOrderReturns } from '../api/list-guest-order-returns';
import { useRequestGuestReturn } from '../api/request-guest-return';
import { OrderReceipt } from './order-receipt';
import { ReturnList, ReturnRequestForm } from './order-returns';

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
    <>
      <OrderReceipt order={order}>
        <p>Keep the link from your confirmation e-mail: it is the way back to this page, and shows the order as it moves along.</p>
      </OrderReceipt>
      <GuestReturns token={token} order={order} />
    </>
  );
}

/** The guest's returns and exchanges of this order, and the form to ask for one, both through the link's token. */
function GuestReturns({ token, order }: { token: string; order: GuestOrder }) {
  const returns = useGuestOrderReturns(token);
  const request = useRequestGuestReturn(token);
  return (
    <section className="mt-4" aria-labelledby="guest-returns">
      <h2 id="guest-returns" className="h5">
        Returns and exchanges
      </h2>
      <ReturnList returns={returns.data ?? []} />
      <ReturnRequestForm order={order} request={request} />
    </section>
  );
}
