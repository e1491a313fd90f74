import { formatDollars } from '@store/contract';
import type { Order } from '@store/contract';

export function OrderItems({ order }: { order: Order }) {
  return (
    <ul className="list-unstyled mb-0 small">
      {order.products.map((line) => (
        <li key={`${line.product}-${line.variant ?? line.size ?? ''}`}>
          {line.name}
          {line.options && line.options !== line.size ? (
            <span className="badge text-bg-light border ms-1">{line.options}</span>
          ) : line.size ? (
            <span className="badge text-bg-light border ms-1">Size {line.size}</span>
          ) : null}{' '}
          &times; {line.count} <span className="text-body-secondary">@ {formatDollars(line.price)}</span>
          {line.refund ? <span className="text-success"> (refunded {formatDollars(line.refund.amount)})</span> : null}
        </li>
      ))}
    </ul>
  );
}

export function formatOrderDate(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : date.toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });
}

/** The short form people can read out on the phone; the full id stays in the title attribute. */
export function shortOrderId(id: string): string {
  return id.slice(0, 8).toUpperCase();
}
