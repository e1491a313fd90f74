import { ApiRoute, type Product } from '@store/contract';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { addToCart, CART_STORAGE_KEY, type CartItem } from '@/lib/cart';
import { addSizeToCart } from '@/lib/cart-changes';
import { installFakeApi } from '@/testing/fake-api';
import { customer, product, signInAs } from '@/testing/fixtures';
import { renderApp } from '@/testing/render-app';

let sized: Product;
let plain: Product;
beforeEach(() => {
  sized = product({
    name: 'Sized Tee',
    price: 20,
    stock: 9,
    sizes: [
      { size: 'M', stock: 4 },
      { size: 'L', stock: 5 },
    ],
  });
  plain = product({ name: 'Plain Tee', price: 15 });
  // The cart page re-reads its products: every test has a server, even one that never pays.
  installFakeApi();
});

const cartPanel = () => screen.getByRole('region', { name: /Your cart/ });
const stored = () => JSON.parse(localStorage.getItem(CART_STORAGE_KEY)!) as CartItem[];

describe('cart entries in sizes', () => {
  it("shows each entry's size, and Remove from cart removes the entry of that size", async () => {
    addSizeToCart(sized, 'M');
    addSizeToCart(sized, 'L');
    addToCart(plain);
    renderApp('/cart');
    const entries = within(cartPanel()).getAllByRole('listitem', { name: 'Sized Tee' });
    expect(entries.map((entry) => within(entry).getByText(/^Size /).textContent)).toEqual(['Size M', 'Size L']);
    expect(within(within(cartPanel()).getByRole('listitem', { name: 'Plain Tee' })).queryByText(/^Size /)).not.toBeInTheDocument();

    await userEvent.click(within(entries[1]).getByRole('button', { name: 'Remove from cart' }));
    expect(stored().map((item) => [item.name, item.size])).toEqual([
      ['Sized Tee', 'M'],
      ['Plain Tee', undefined],
    ]);
    expect(screen.getByTestId('cart-total')).toHaveTextContent('$35.00');
  });

  it('pays with the size on the lines of a sized product, one line per size, and none on the others', async () => {
    const api = installFakeApi()
      .on('GET', ApiRoute.paymentToken, { body: { clientToken: 'client-token-1', gateway: 'test' } })
      // The buyer's last address is offered and paid with as it is: this test is about the lines.
      .on('GET', ApiRoute.lastAddress, {
        body: { address: { name: 'Sam Shopper', line1: '1 Main Street', city: 'Springfield', postalCode: '12345', country: 'US' } },
      })
      .on('POST', ApiRoute.payment, {
        body: {
          success: true,
          transaction: { id: 'txn_1', amount: 75, status: 'submitted_for_settlement' },
          order: { _id: 'o1', status: 'Received', amount: 75 },
        },
      });
    signInAs(customer);
    addSizeToCart(sized, 'M');
    addToCart(plain);
    addSizeToCart(sized, 'L');
    addSizeToCart(sized, 'M');
    renderApp('/cart');
    await userEvent.type(await screen.findByLabelText('Card number'), '4111 1111 1111 1111');
    await userEvent.click(screen.getByRole('button', { name: 'Buy' }));

    expect(await screen.findByText('Thank you! Your payment of $75.00 was successful.')).toBeInTheDocument();
    const [request] = api.calls('POST', ApiRoute.payment);
    expect((request.json as { paymentInfo: { products: unknown } }).paymentInfo.products).toEqual([
      { _id: sized._id, count: 2, size: 'M' },
      { _id: plain._id, count: 1 },
      { _id: sized._id, count: 1, size: 'L' },
    ]);
  });
});
