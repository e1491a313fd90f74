import { formatDollars } from '@store/contract';
import type { OrderRefund } from '@store/contract';

/** How a cancelled order's money went back: voided before settlement, or refunded to the card. */
export function RefundNote({ refund }: { refund: OrderRefund }) {
  const how = refund.kind === 'void' ? 'payment voided before settlement' : 'refunded to the card';
  return (
    <div className="small text-success mt-1" aria-label="Refund">
      {formatDollars(refund.amount)} returned: {how}
      <span className="text-body-secondary"> (ref. {refund.id})</span>
    </div>
  );
}
