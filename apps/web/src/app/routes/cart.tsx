import { Link } from 'react-router-dom';
import { Page } from '../../components/page';
import { CartList } from '../../features/cart/components/cart-list';
import { Checkout } from '../../features/checkout/components/checkout';
import { emptyCart, removeFromCart, useCart } from '../../lib/cart';
import { useSession } from '../../lib/session';
import { paths } from '../paths';

export function CartPage() {
  const items = useCart();
  const session = useSession();
  return (
    <Page title="Shopping cart" description="Check your t-shirts, then pay securely.">
      <div className="row g-4">
        <div className="col-lg-7">
          <CartList
            items={items}
            onRemove={removeFromCart}
            emptyAction={
              <Link to={paths.home} className="btn btn-success">
                Browse t-shirts
              </Link>
            }
          />
        </div>
        <div className="col-lg-5">
          <Checkout
            items={items}
            session={session}
            onPaid={emptyCart}
            afterPaid={
              session ? (
                <Link to={paths.userDashboard} className="alert-link">
                  see your orders
                </Link>
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
        </div>
      </div>
    </Page>
  );
}
