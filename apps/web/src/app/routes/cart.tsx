import { Link, generatePath } from 'react-router-dom';
import { Alert } from '@/components/alert';
import { Page } from '@/components/page';
import { CartList } from '@/features/cart/components/cart-list';
import { useCartRefresh } from '@/features/cart/use-cart-refresh';
import { Checkout } from '@/features/checkout/components/checkout';
import { emptyCart, useCart } from '@/lib/cart';
import { useSession } from '@/lib/session';
import { paths } from '@/lib/paths';

export function CartPage() {
  const items = useCart();
  const session = useSession();
  const { notice, refresh } = useCartRefresh();
  return (
    <Page title="Shopping cart" description="Check your t-shirts, then pay securely.">
      {notice ? <Alert variant="info">{notice}</Alert> : null}
      <div className="row g-4">
        <div className="col-lg-7">
          <CartList items={items} />
        </div>
        <div className="col-lg-5">
          <Checkout
            items={items}
            session={session}
            onPaid={emptyCart}
            onRefused={refresh}
            afterPaid={(result) =>
              session ? (
                <>
                  <Link to={generatePath(paths.orderConfirmation, { orderId: result.order._id })} className="alert-link">
                    view your order confirmation
                  </Link>{' '}
                  or{' '}
                  <Link to={paths.userDashboard} className="alert-link">
                    see your orders
                  </Link>
                </>
              ) : null
            }
          />
          {!session ? (
            <p className="small text-body-secondary mt-3">
              <Link to={paths.signin} state={{ from: { pathname: paths.cart, search: '', hash: '' }, requiresAdmin: false }}>
                Sign in
              </Link>{' '}
              or <Link to={paths.signup}>create an account</Link> to pay.
            </p>
          ) : null}
          {!session && items.length > 0 ? (
            <Link to={paths.guestCheckout} className="btn btn-outline-success">
              Check out as a guest
            </Link>
          ) : null}
        </div>
      </div>
    </Page>
  );
}

// The confirmation is reached from this page's success message: its code comes with the cart's chunk, so the link
// opens it at once, and the entry bundle knows one chunk fewer.
export { OrderConfirmationPage } from './order-confirmation';
