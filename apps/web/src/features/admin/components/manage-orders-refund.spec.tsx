import { ApiRoute, type Order } from '@store/contract';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { saveSession } from '@/lib/session';
import { installFakeApi } from '@/testing/fake-api';
import { admin, order } from '@/testing/fixtures';
import { renderWithProviders } from '@/testing/render-app';
import { ManageOrders } from './manage-orders';

describe('manage orders: cancelling with a refund', () => {
  beforeEach(() => saveSession(admin));

  it('shows the refund the server answered', async () => {
    const first = order();
    installFakeApi()
      .on('GET', ApiRoute.ordersAll, { body: [first] })
      .on('PUT', ApiRoute.orderStatus, () => ({
        body: {
          ...first,
          status: 'Cancelled',
          refund: { id: 'txn_1', amount: 49.98, kind: 'void', at: '2026-11-22T10:00:00.000Z' },
        } satisfies Order,
      }));
    renderWithProviders(<ManageOrders />);
    const row = await screen.findByRole('listitem', { name: 'Order O0000000' });
    await userEvent.selectOptions(within(row).getByLabelText('Move to'), 'Cancelled');
    await userEvent.click(within(row).getByRole('button', { name: 'Update' }));
    expect(await within(row).findByLabelText('Refund')).toHaveTextContent('$49.98 returned: payment voided before settlement (ref. txn_1)');
    expect(within(row).getByText('Final status')).toBeInTheDocument();
  });

  it('shows why the order was not cancelled when the refund failed, and leaves it as it was', async () => {
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const message = 'The payment could not be refunded, so the order was not cancelled: Processor Declined';
    installFakeApi()
      .on('GET', ApiRoute.ordersAll, { body: [order()] })
      .on('PUT', ApiRoute.orderStatus, { status: 502, body: { error: message, code: 'PAYMENT_PROVIDER_ERROR' } });
    renderWithProviders(<ManageOrders />);
    const row = await screen.findByRole('listitem', { name: 'Order O0000000' });
    await userEvent.selectOptions(within(row).getByLabelText('Move to'), 'Cancelled');
    await userEvent.click(within(row).getByRole('button', { name: 'Update' }));
    expect(await within(row).findByRole('alert')).toHaveTextContent(message);
    expect(within(row).getAllByText('Received')[0]).toHaveClass('badge');
    expect(within(row).queryByLabelText('Refund')).not.toBeInTheDocument();
  });
});
