import { type OrderReturn, orderNumber, RETURN_REASON_LABELS } from '@store/contract';
import type { MailDraft } from './mail-draft.js';

export type ReturnMailStep = 'requested' | 'approved' | 'rejected' | 'received' | 'refunded' | 'shipped' | 'expired';

/**
 * The buyer's mail about one step of a return or exchange. It names no order in the outbox's `order_id` (the one
 * mail per order and kind rule is for an order's own mails; an order may have several returns), so a retried step
 * is kept from mailing twice by its transaction, which moved the return on exactly once.
 */
export function returnMail(step: ReturnMailStep, ret: OrderReturn, recipient: string, shopName: string): MailDraft {
  const what = ret.kind === 'exchange' ? 'exchange' : 'return';
  const order = `order ${orderNumber({ _id: ret.order._id, number: ret.order.number })}`;
  const lines = ret.lines.map(
    (line) =>
      `- ${line.quantity} x ${line.name}${line.options ? ` (${line.options})` : ''}${
        line.exchangeOptions ? ` for ${line.exchangeOptions}` : ''
      }${line.refund !== undefined ? `: $${line.refund.toFixed(2)}` : ''}`,
  );
  const body: Record<ReturnMailStep, { subject: string; text: string[] }> = {
    requested: {
      subject: `We received your ${what} request for ${order}`,
      text: [
        `Reason: ${RETURN_REASON_LABELS[ret.reason]}.`,
        ...(ret.holdUntil
          ? [`We are holding the new size for you until ${ret.holdUntil.slice(0, 10)}: please send the item back before then.`]
          : []),
        'We will e-mail you once we have looked at it.',
      ],
    },
    approved: { subject: `Your ${what} for ${order} is approved`, text: ['Please send the items back to us.'] },
    rejected: { subject: `Your ${what} for ${order} was declined`, text: ['Reply to this e-mail if you have any question.'] },
    received: { subject: `We received the items of your ${what} for ${order}`, text: [] },
    refunded: {
      subject: `Your return for ${order} is refunded`,
      text: [`We refunded $${(ret.refund?.amount ?? 0).toFixed(2)} to your card.`],
    },
    shipped: {
      subject: `Your exchange for ${order} is on its way`,
      text: [`Carrier: ${ret.shipment?.carrier ?? ''}`, `Tracking number: ${ret.shipment?.tracking ?? ''}`],
    },
    expired: {
      subject: `Your exchange for ${order} has expired`,
      text: ['We did not receive the items in time, so the size we held for you is back on sale.'],
    },
  };
  const { subject, text } = body[step];
  return {
    kind: `return-${step}`,
    orderId: null,
    recipient,
    subject,
    text: [`Hello ${ret.user.name},`, '', subject + '.', '', ...lines, '', ...text, '', shopName].join('\n'),
  };
}
