import { ORDER_STATUS_MOVES, type OrderStatus } from '@store/contract';

/** The moves the server allows from `status`, so the control offers only those. */
export function nextStatuses(status: OrderStatus): readonly OrderStatus[] {
  return ORDER_STATUS_MOVES[status] ?? [];
}

const BADGE: Record<OrderStatus, string> = {
  Received: 'text-bg-primary',
  Processing: 'text-bg-info',
  Shipped: 'text-bg-warning',
  Delivered: 'text-bg-success',
  Cancelled: 'text-bg-secondary',
};

export function StatusBadge({ status }: { status: OrderStatus }) {
  return <span className={`badge ${BADGE[status] ?? 'text-bg-light'}`}>{status}</span>;
}
