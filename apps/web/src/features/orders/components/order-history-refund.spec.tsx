import { ApiRoute } from '@store/contract';
import { screen, within } from '@testing-library/react';
import { saveSession } from '@/lib/session';
import { installFakeApi } from '@/testing/fake-api';
import { customer, order } from '@/testing/fixtures';
import { renderWithProviders } from '@/testing/render-app';
import { OrderHistory } from './order-history';

describe("buyer's orders: refunds", () => {
  beforeEach(() => saveSession(customer));

  it('shows how the money of a cancelled order went back', async () => {
    installFakeApi().on('GET', ApiRoute.ordersOfUser, {
      body: [order({ status: 'Cancelled', refund: { id: 'cr_9', amount: 49.98, kind: 'refund', at: '2026-11-22T10:00:00.000Z' } })],
    });
    renderWithProviders(<OrderHistory />);
    const row = await screen.findByRole('listitem', { name: 'Order O0000000' });
    expect(within(row).getByLabelText('Refund')).toHaveTextContent('$49.98 returned: refunded to the card (ref. cr_9)');
  });

  it('shows nothing of the kind for an order that was not refunded', async () => {
    installFakeApi().on('GET', ApiRoute.ordersOfUser, { body: [order()] });
    renderWithProviders(<OrderHistory />);
    const row = await screen.findByRole('listitem', { name: 'Order O0000000' });
    expect(within(row).queryByLabelText('Refund')).not.toBeInTheDocument();
  });
});
