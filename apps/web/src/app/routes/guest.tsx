import { Link, useLocation, useNavigate } from 'react-router-dom';
import { Alert } from '@/components/alert';
import { Page } from '@/components/page';
import { CartList } from '@/features/cart/components/cart-list';
import { useCartRefresh } from '@/features/cart/use-cart-refresh';
import { GuestCheckout } from '@/features/checkout/components/guest-checkout';
import { GuestOrderView } from '@/features/orders/components/guest-order';
import { emptyCart, useCart } from '@/lib/cart';
import { paths } from '@/lib/paths';
import { useSession } from '@/lib/session';

/**
 * Checking out without an account (docs/payments.md, "Guest checkout"): the cart and the guest's form. Once paid, the
 * cart is emptied and the order's page opens (the same link the confirmation e-mail carries).
 */
export function GuestCheckoutPage() {
  const items = useCart();
  const session = useSession();
  const navigate = useNavigate();
  const { notice, refresh } = useCartRefresh();
  return (
    <Page title="Guest checkout" description="Pay without an account: your confirmation and order link come by e-mail.">
      {notice ? <Alert variant="info">{notice}</Alert> : null}
      {session ? (
        <Alert variant="info">
          You are signed in: <Link to={paths.cart}>pay from your cart</Link> to keep the order with your account.
        </Alert>
      ) : null}
      <div className="row g-4">
        <div className="col-lg-6">
          <CartList items={items} />
          <p className="small text-body-secondary mt-3">
            Have an account? <Link to={paths.signin}>Sign in</Link> and pay from your <Link to={paths.cart}>cart</Link>.
          </p>
        </div>
        <div className="col-lg-6">
          {items.length > 0 ? (
            <GuestCheckout
              items={items}
              onRefused={refresh}
              onPaid={(result) => {
                emptyCart();
                // The first answer carries the order's token; a replayed one does not (the e-mail has the link).
                navigate(`${paths.guestOrder}${result.orderToken ? `#${result.orderToken}` : ''}`, { state: { paid: true } });
              }}
            />
          ) : null}
        </div>
      </div>
    </Page>
  );
}

/** A guest's order, opened from the confirmation e-mail's link (or right after paying). */
export function GuestOrderPage() {
  const location = useLocation();
  const token = location.hash.replace(/^#/, '');
  const paid = (location.state as { paid?: boolean } | null)?.paid === true;
  return (
    <Page title="Your order" description="Your order's status, items and shipping address.">
      {paid ? (
        <Alert variant="success">
          <div className="fw-semibold">Thank you! Your payment was successful.</div>
          <div>A confirmation e-mail with the link to this page is on its way.</div>
        </Alert>
      ) : null}
      {token !== '' || !paid ? <GuestOrderView token={token} /> : null}
      <div className="d-flex flex-wrap gap-2 mt-4">
        <Link to={paths.home} className="btn btn-success">
          Continue shopping
        </Link>
      </div>
    </Page>
  );
}
