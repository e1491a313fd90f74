import { ApiRoute } from '@store/contract';
import { screen, within } from '@testing-library/react';
import { saveSession } from '@/lib/session';
import { installFakeApi } from '@/testing/fake-api';
import { customer, order } from '@/testing/fixtures';
import { renderWithProviders } from '@/testing/render-app';
import { OrderConfirmation } from './order-confirmation';

const ORDER_ID = 'abcdef12-0000-4000-8000-000000000000';

describe('order confirmation', () => {
  beforeEach(() => saveSession(customer));

  it('shows the order number, items with their sizes, the total and the shipping address', async () => {
    const paid = {
      ...order({
        _id: ORDER_ID,
        number: 1042,
        products: [
          { product: 'p1', name: 'Sunset Tee', price: 24.99, count: 2 },
          { product: 'p2', name: 'Night Tee', price: 10, count: 1 },
        ],
        amount: 59.98,
      }),
      // Fields other parts of the store add: a size on a line, an address on the order.
      products: [
        { product: 'p1', name: 'Sunset Tee', price: 24.99, count: 2, size: 'M' },
        { product: 'p2', name: 'Night Tee', price: 10, count: 1, size: null },
      ],
      shippingAddress: { name: 'Sam Shopper', line1: '1 Main Street', city: 'Springfield', postalCode: '12345', country: 'US' },
    };
    const api = installFakeApi().on('GET', ApiRoute.order, { body: paid });
    renderWithProviders(<OrderConfirmation orderId={ORDER_ID} />);

    expect(await screen.findByRole('heading', { name: 'Order #1042' })).toBeInTheDocument();
    const rows = within(screen.getByRole('table', { name: 'Items in this order' })).getAllByRole('row');
    expect(rows.map((row) => row.textContent)).toEqual(['ItemSizeQuantityPrice', 'Sunset TeeM2$49.98', 'Night Tee-1$10.00', 'Total$59.98']);
    const address = screen.getByLabelText('Shipping address');
    expect(within(address).getByText('1 Main Street')).toBeInTheDocument();
    expect(within(address).getByText('Springfield')).toBeInTheDocument();
    expect(screen.getByText(customer.user.email)).toBeInTheDocument();
    const [request] = api.calls('GET', ApiRoute.order);
    expect(request.path).toBe(`/order/${ORDER_ID}/user/${customer.user._id}`);
    expect(request.headers.authorization).toBe(`Bearer ${customer.token}`);
  });

  it('shows no address section for an order without one', async () => {
    installFakeApi().on('GET', ApiRoute.order, { body: order({ _id: ORDER_ID }) });
    renderWithProviders(<OrderConfirmation orderId={ORDER_ID} />);
    expect(await screen.findByRole('heading', { name: 'Order ABCDEF12' })).toBeInTheDocument();
    expect(screen.queryByLabelText('Shipping address')).not.toBeInTheDocument();
  });

  it("says so for an order that is not the buyer's", async () => {
    installFakeApi().on('GET', ApiRoute.order, { status: 404, body: { error: 'Order not found', code: 'NOT_FOUND' } });
    renderWithProviders(<OrderConfirmation orderId={ORDER_ID} />);
    expect(await screen.findByText('We could not find this order among yours.')).toBeInTheDocument();
  });
});
