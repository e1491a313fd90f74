import { ApiRoute } from '@store/contract';
import { screen, within } from '@testing-library/react';
import { saveSession } from '@/lib/session';
import { installFakeApi } from '@/testing/fake-api';
import { customer, order } from '@/testing/fixtures';
import { renderWithProviders } from '@/testing/render-app';
import { OrderHistory } from './order-history';

describe("buyer's orders", () => {
  beforeEach(() => saveSession(customer));

  it("lists the signed-in buyer's own orders with items, amount and status", async () => {
    const api = installFakeApi().on('GET', ApiRoute.ordersOfUser, { body: [order({ _id: 'abcdef12-0000-4000-8000-000000000000' })] });
    renderWithProviders(<OrderHistory />);
    const row = await screen.findByRole('listitem', { name: 'Order ABCDEF12' });
    expect(within(row).getByText(/Sunset Tee × 2/)).toBeInTheDocument();
    expect(within(row).getByText('$49.98')).toBeInTheDocument();
    expect(within(row).getByText('Received')).toBeInTheDocument();
    const [request] = api.calls('GET', ApiRoute.ordersOfUser);
    expect(request.path).toBe(`/orders/user/${customer.user._id}`);
    expect(request.headers.authorization).toBe(`Bearer ${customer.token}`);
  });

  it('shows the address an order ships to, on one line', async () => {
    const shippingAddress = {
      name: 'Sam Shopper',
      line1: '1 Main Street',
      line2: 'Apt 4',
      city: 'Springfield',
      postalCode: '12345',
      country: 'US' as const,
    };
    installFakeApi().on('GET', ApiRoute.ordersOfUser, {
      body: [
        order({ _id: 'abcdef12-0000-4000-8000-000000000000', shippingAddress }),
        order({ _id: 'bcdef123-0000-4000-8000-000000000000' }),
      ],
    });
    renderWithProviders(<OrderHistory />);
    const row = await screen.findByRole('listitem', { name: 'Order ABCDEF12' });
    expect(within(row).getByLabelText('Shipping address')).toHaveTextContent(
      'Ships to Sam Shopper, 1 Main Street, Apt 4, Springfield, 12345, United States',
    );
    expect(within(screen.getByRole('listitem', { name: 'Order BCDEF123' })).queryByLabelText('Shipping address')).not.toBeInTheDocument();
  });

  it('shows the size of each line bought in a size', async () => {
    installFakeApi().on('GET', ApiRoute.ordersOfUser, {
      body: [
        order({
          _id: 'abcdef12-0000-4000-8000-000000000000',
          products: [
            { product: 'p1', name: 'Sunset Tee', price: 20, count: 1, size: 'M' },
            { product: 'p1', name: 'Sunset Tee', price: 20, count: 2, size: 'XXL' },
          ],
        }),
      ],
    });
    renderWithProviders(<OrderHistory />);
    const row = await screen.findByRole('listitem', { name: 'Order ABCDEF12' });
    expect(
      within(row)
        .getAllByRole('listitem')
        .map((line) => line.textContent),
    ).toEqual(['Sunset TeeSize M × 1 @ $20.00', 'Sunset TeeSize XXL × 2 @ $20.00']);
  });

  it('says when there are none', async () => {
    installFakeApi().on('GET', ApiRoute.ordersOfUser, { body: [] });
    renderWithProviders(<OrderHistory />);
    expect(await screen.findByText('You have no orders yet.')).toBeInTheDocument();
  });
});
