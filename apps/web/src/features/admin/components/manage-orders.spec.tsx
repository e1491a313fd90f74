import { ApiRoute, type Order } from '@store/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { saveSession } from '@/lib/session';
import { installFakeApi } from '@/testing/fake-api';
import { admin, order } from '@/testing/fixtures';
import { renderWithProviders } from '@/testing/render-app';
import { ManageOrders } from './manage-orders';

describe('manage orders (admin)', () => {
  beforeEach(() => saveSession(admin));

  it('lists every order with buyer, items, amount, status and a control offering only the allowed moves', async () => {
    installFakeApi().on('GET', ApiRoute.ordersAll, {
      body: [
        order({ _id: 'aaaaaaaa-0000-4000-8000-000000000000' }),
        order({ _id: 'bbbbbbbb-0000-4000-8000-000000000000', status: 'Delivered' }),
      ],
    });
    renderWithProviders(<ManageOrders />);
    const received = await screen.findByRole('listitem', { name: 'Order AAAAAAAA' });
    expect(within(received).getByText('Casey Customer')).toBeInTheDocument();
    expect(within(received).getByText(/Sunset Tee × 2/)).toBeInTheDocument();
    expect(within(received).getByText('Amount: $49.98')).toBeInTheDocument();
    const control = within(received).getByLabelText('Move to');
    expect(
      within(control)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Processing', 'Cancelled']);

    const delivered = screen.getByRole('listitem', { name: 'Order BBBBBBBB' });
    expect(within(delivered).queryByLabelText('Move to')).not.toBeInTheDocument();
    expect(within(delivered).getByText('Final status')).toBeInTheDocument();
  });

  it('shows where each order ships, and nothing for an order without an address', async () => {
    const shippingAddress = {
      name: 'Ann Buyer',
      line1: '2 Quay Street',
      city: 'Dublin',
      postalCode: 'D02 X285',
      country: 'IE' as const,
      phone: '+353 1 234 5678',
    };
    installFakeApi().on('GET', ApiRoute.ordersAll, {
      body: [
        order({ _id: 'aaaaaaaa-0000-4000-8000-000000000000', shippingAddress }),
        order({ _id: 'bbbbbbbb-0000-4000-8000-000000000000' }),
      ],
    });
    renderWithProviders(<ManageOrders />);
    const shipped = await screen.findByRole('listitem', { name: 'Order AAAAAAAA' });
    const address = within(shipped).getByLabelText('Shipping address');
    expect([...address.children].map((line) => line.textContent)).toEqual([
      'Ann Buyer',
      '2 Quay Street',
      'Dublin',
      'D02 X285',
      'Ireland',
      'Phone: +353 1 234 5678',
    ]);
    expect(within(screen.getByRole('listitem', { name: 'Order BBBBBBBB' })).queryByLabelText('Shipping address')).not.toBeInTheDocument();
  });

  it('moves an order to the chosen status and shows the new one', async () => {
    const first = order();
    const api = installFakeApi()
      .on('GET', ApiRoute.ordersAll, { body: [first] })
      .on('PUT', ApiRoute.orderStatus, ({ json }) => ({ body: { ...first, ...(json as Partial<Order>) } }));
    renderWithProviders(<ManageOrders />);
    const row = await screen.findByRole('listitem', { name: 'Order O0000000' });
    await userEvent.selectOptions(within(row).getByLabelText('Move to'), 'Processing');
    await userEvent.click(within(row).getByRole('button', { name: 'Update' }));

    await waitFor(() => expect(within(row).getAllByText('Processing')[0]).toHaveClass('badge'));
    expect(
      within(within(row).getByLabelText('Move to'))
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Shipped', 'Cancelled']);
    const [request] = api.calls('PUT', ApiRoute.orderStatus);
    expect(request.path).toBe(`/order/${first._id}/status/${admin.user._id}`);
    expect(request.headers.authorization).toBe(`Bearer ${admin.token}`);
    expect(request.json).toEqual({ status: 'Processing' });
  });

  it('shows a refused move', async () => {
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    installFakeApi()
      .on('GET', ApiRoute.ordersAll, { body: [order()] })
      .on('PUT', ApiRoute.orderStatus, { status: 409, body: { error: 'A Received order cannot move to Delivered', code: 'CONFLICT' } });
    renderWithProviders(<ManageOrders />);
    const row = await screen.findByRole('listitem', { name: 'Order O0000000' });
    await userEvent.click(within(row).getByRole('button', { name: 'Update' }));
    expect(await within(row).findByRole('alert')).toHaveTextContent('A Received order cannot move to Delivered');
  });
});
