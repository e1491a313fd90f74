import { formatDollars } from '@store/contract';
import { Link } from 'react-router-dom';
import { ProductImage } from '@/components/product-image';
import { type CartItem, removeFromCart } from '@/lib/cart';
import { paths } from '@/lib/paths';

/** The cart's entries, one row each (two adds make two rows), each with Remove from cart; empty, a way to the shop. */
export function CartList({ items }: { items: CartItem[] }) {
  if (items.length === 0) {
    return (
      <div className="text-center py-5 border rounded-3 bg-white">
        <p className="lead mb-3">Your cart is empty.</p>
        <Link to={paths.home} className="btn btn-success">
          Browse t-shirts
        </Link>
      </div>
    );
  }
  return (
    <section aria-labelledby="cart-heading">
      <h2 id="cart-heading" className="h4 mb-3">
        Your cart ({items.length} {items.length === 1 ? 'item' : 'items'})
      </h2>
      <ul className="list-group shadow-sm">
        {items.map((item, index) => (
          <li key={`${item._id}-${index}`} className="list-group-item d-flex gap-3 align-items-center py-3" aria-label={item.name}>
            <ProductImage productId={item._id} version={item.updatedAt} name={item.name} className="rounded cart-photo" size={80} />
            <div className="flex-grow-1 min-w-0">
              <h3 className="h6 mb-1">{item.name}</h3>
              {item.variantLabel ? (
                <p className="small mb-1">{item.variantLabel}</p>
              ) : item.size ? (
                <p className="small mb-1">Size {item.size}</p>
              ) : null}
              <p className="small text-body-secondary mb-0 text-truncate">{item.description}</p>
            </div>
            <div className="text-end">
              <div className="fw-semibold mb-2">{formatDollars(item.price)}</div>
              <button
                type="button"
                className="btn btn-outline-danger btn-sm text-nowrap"
                onClick={() => removeFromCart(item._id, item.size, item.variant)}
              >
                Remove from cart
              </button>
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}
