import { ApiRoute, IDEMPOTENCY_KEY_HEADER, type Product, SHIPPING_COUNTRY_CODES, type ShippingAddress } from '@store/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { CART_STORAGE_KEY, addToCart } from '@/lib/cart';
import { installFakeApi, type FakeApi } from '@/testing/fake-api';
import { customer, product, signInAs } from '@/testing/fixtures';
import { renderApp } from '@/testing/render-app';

// Braintree's Drop-in loads its card fields from Braintree's servers, which no test can reach: the one stand-in.
const dropin = { requestPaymentMethod: jest.fn(), teardown: jest.fn(() => Promise.resolve()) };
const create = jest.fn((_options: { authorization: string; container: HTMLElement }) => Promise.resolve(dropin));
jest.mock('braintree-web-drop-in', () => ({ __esModule: true, default: { create: (options: never) => create(options) } }));

let sunset: Product;
let navy: Product;
beforeEach(() => {
  sunset = product({ name: 'Sunset Tee', price: 24.99 });
  navy = product({ name: 'Navy Tee', price: 16 });
  // The cart page re-reads its products: every test has a server, even one that never pays.
  installFakeApi();
});

/** The buyer's last address, which the checkout offers (most tests pay with it as offered). */
const SAVED: ShippingAddress = { name: 'Sam Shopper', line1: '1 Main Street', city: 'Springfield', postalCode: '12345', country: 'US' };

function paymentApi(gateway: 'test' | 'braintree' = 'test', lastAddress: ShippingAddress | null = SAVED): FakeApi {
  return installFakeApi()
    .on('GET', ApiRoute.paymentToken, { body: { clientToken: 'client-token-1', gateway } })
    .on('GET', ApiRoute.lastAddress, { body: { address: lastAddress } });
}

const cartPanel = () => screen.getByRole('region', { name: /Your cart/ });
const checkoutPanel = () => screen.getByRole('region', { name: 'Checkout' });

async function typeCardAndBuy(cardNumber: string) {
  await userEvent.type(await screen.findByLabelText('Card number'), cardNumber);
  await userEvent.click(screen.getByRole('button', { name: 'Buy' }));
}

async function payWith(cardNumber: string) {
  // The last address arrives with the form: wait for it, so Buy pays with it.
  await waitFor(() => expect(screen.getByLabelText('City')).toHaveValue(SAVED.city));
  await typeCardAndBuy(cardNumber);
}

describe('cart page', () => {
  it('lists each entry with Remove from cart, and the total of the prices', () => {
    [sunset, sunset, navy].forEach(addToCart);
    renderApp('/cart');
    expect(within(cartPanel()).getAllByRole('listitem')).toHaveLength(3);
    expect(within(cartPanel()).getAllByRole('button', { name: 'Remove from cart' })).toHaveLength(3);
    expect(screen.getByTestId('cart-total')).toHaveTextContent('$65.98');
  });

  it('Remove from cart removes one entry and updates the total', async () => {
    [sunset, sunset, navy].forEach(addToCart);
    renderApp('/cart');
    const [firstSunset] = within(cartPanel()).getAllByRole('listitem', { name: 'Sunset Tee' });
    await userEvent.click(within(firstSunset).getByRole('button', { name: 'Remove from cart' }));
    expect(within(cartPanel()).getAllByRole('listitem')).toHaveLength(2);
    expect(screen.getByTestId('cart-total')).toHaveTextContent('$40.99');
    expect(JSON.parse(localStorage.getItem(CART_STORAGE_KEY)!)).toHaveLength(2);
  });
});

describe('checkout', () => {
  it("says 'Please login or add something to cart' to a signed-out shopper, with no Buy", () => {
    addToCart(sunset);
    renderApp('/cart');
    expect(within(checkoutPanel()).getByText('Please login or add something to cart')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Buy' })).not.toBeInTheDocument();
  });

  it('says the same to a signed-in shopper with an empty cart', async () => {
    const api = paymentApi();
    signInAs(customer);
    renderApp('/cart');
    await waitFor(() => expect(api.calls('GET', ApiRoute.paymentToken)).toHaveLength(1));
    expect(within(checkoutPanel()).getByText('Please login or add something to cart')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Buy' })).not.toBeInTheDocument();
  });

  it('with the test gateway, shows a clearly labelled test-card form', async () => {
    paymentApi();
    signInAs(customer);
    addToCart(sunset);
    renderApp('/cart');
    expect(await screen.findByLabelText('Card number')).toBeInTheDocument();
    expect(screen.getByText('TEST MODE')).toBeInTheDocument();
    expect(screen.getByText(/no real card is charged/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Buy' })).toBeEnabled();
    expect(create).not.toHaveBeenCalled();
  });

  it('pays for the cart (ids, counts, amount, idempotency key), then shows success and empties the cart', async () => {
    const api = paymentApi().on('POST', ApiRoute.payment, {
      body: {
        success: true,
        transaction: { id: 'txn_1', amount: 65.98, status: 'submitted_for_settlement' },
        order: { _id: 'o1', status: 'Received', amount: 65.98 },
      },
    });
    signInAs(customer);
    [sunset, sunset, navy].forEach(addToCart);
    renderApp('/cart');
    await payWith('4111 1111 1111 1111');

    expect(await screen.findByText('Thank you! Your payment of $65.98 was successful.')).toBeInTheDocument();
    expect(localStorage.getItem(CART_STORAGE_KEY)).toBeNull();
    expect(screen.getByText('Your cart is empty.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'see your orders' })).toHaveAttribute('href', '/user/dashboard');
    expect(screen.getByRole('link', { name: 'view your order confirmation' })).toHaveAttribute('href', '/order/o1/confirmation');

    const [request] = api.calls('POST', ApiRoute.payment);
    expect(request.path).toBe(`/payment/braintree/${customer.user._id}`);
    expect(request.headers.authorization).toBe(`Bearer ${customer.token}`);
    expect(request.headers[IDEMPOTENCY_KEY_HEADER.toLowerCase()]).toMatch(/^[0-9a-f-]{32,36}$/);
    expect(request.json).toEqual({
      paymentInfo: {
        paymentMethodNonce: 'fake-valid-visa-nonce',
        amount: 65.98,
        products: [
          { _id: sunset._id, count: 2 },
          { _id: navy._id, count: 1 },
        ],
        shippingAddress: SAVED,
      },
    });
  });

  it('asks for the address when there is no last one, shows each field error and pays only once it is valid', async () => {
    const api = paymentApi('test', null).on('POST', ApiRoute.payment, {
      body: { success: true, transaction: { id: 't', amount: 24.99, status: 's' }, order: { _id: 'o', status: 'Received', amount: 24.99 } },
    });
    signInAs(customer);
    addToCart(sunset);
    renderApp('/cart');
    await waitFor(() => expect(api.calls('GET', ApiRoute.lastAddress)).toHaveLength(1));
    // The name to ship to starts as the buyer's own.
    expect(await screen.findByLabelText('Full name')).toHaveValue(customer.user.name);
    await userEvent.clear(screen.getByLabelText('Full name'));
    await userEvent.type(screen.getByLabelText('Postal code'), '1#');
    await userEvent.type(screen.getByLabelText('Phone (optional)'), 'call me');
    await typeCardAndBuy('4111 1111 1111 1111');

    // The API's own messages (ShippingAddressDto), without the wire path the field's label already says.
    const errorOf = (label: string) => document.getElementById(`${screen.getByLabelText(label).id}-error`);
    expect(errorOf('Full name')).toHaveTextContent('Must contain a visible character');
    expect(errorOf('Address line 1')).toHaveTextContent('Must contain a visible character');
    expect(errorOf('City')).toHaveTextContent('Must contain a visible character');
    expect(errorOf('Postal code')).toHaveTextContent('Must be 2 to 12 letters, digits, spaces or hyphens');
    expect(errorOf('Country')).toHaveTextContent(`Must be one of ${SHIPPING_COUNTRY_CODES.join(', ')}`);
    expect(errorOf('Phone (optional)')).toHaveTextContent(
      'Must be 6 to 24 digits, spaces, dots, hyphens or brackets, with an optional leading +',
    );
    expect(errorOf('Address line 2 (optional)')).toBeNull();
    expect(screen.getByLabelText('Full name')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('Full name')).toHaveFocus();
    expect(api.calls('POST', ApiRoute.payment)).toHaveLength(0);

    await userEvent.type(screen.getByLabelText('Full name'), '  Ann Buyer ');
    await userEvent.type(screen.getByLabelText('Address line 1'), '2 Quay Street');
    await userEvent.type(screen.getByLabelText('City'), 'Dublin');
    await userEvent.clear(screen.getByLabelText('Postal code'));
    await userEvent.type(screen.getByLabelText('Postal code'), 'D02 X285');
    await userEvent.selectOptions(screen.getByLabelText('Country'), 'Ireland');
    await userEvent.clear(screen.getByLabelText('Phone (optional)'));
    await userEvent.click(screen.getByRole('button', { name: 'Buy' }));
    await screen.findByText(/was successful/);
    expect(api.calls('POST', ApiRoute.payment)[0].json).toMatchObject({
      paymentInfo: {
        shippingAddress: { name: 'Ann Buyer', line1: '2 Quay Street', city: 'Dublin', postalCode: 'D02 X285', country: 'IE' },
      },
    });
    expect(
      Object.keys(
        (api.calls('POST', ApiRoute.payment)[0].json as { paymentInfo: { shippingAddress: object } }).paymentInfo.shippingAddress,
      ),
    ).toEqual(['name', 'line1', 'city', 'postalCode', 'country']);
  });

  it("on a decline logs 'PAYMENT FAILED', shows the server's error in red and keeps the cart", async () => {
    const log = jest.spyOn(console, 'log').mockImplementation(() => undefined);
    const api = paymentApi().on('POST', ApiRoute.payment, {
      status: 402,
      body: { success: false, error: 'Your card was declined (Processor Declined)', code: 'PAYMENT_DECLINED' },
    });
    signInAs(customer);
    addToCart(sunset);
    renderApp('/cart');
    await payWith('4000 1111 1111 1115');

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveClass('alert-danger');
    expect(alert).toHaveTextContent('Your card was declined (Processor Declined)');
    expect(log).toHaveBeenCalledWith('PAYMENT FAILED', expect.anything());
    expect(JSON.parse(localStorage.getItem(CART_STORAGE_KEY)!)).toHaveLength(1);
    expect(api.calls('POST', ApiRoute.payment)[0].json).toMatchObject({
      paymentInfo: { paymentMethodNonce: 'fake-processor-declined-visa-nonce' },
    });

    // A new attempt is a new purchase: it must not replay the declined one.
    await userEvent.click(screen.getByRole('button', { name: 'Buy' }));
    await waitFor(() => expect(api.calls('POST', ApiRoute.payment)).toHaveLength(2));
    const [first, second] = api.calls('POST', ApiRoute.payment).map((r) => r.headers[IDEMPOTENCY_KEY_HEADER.toLowerCase()]);
    expect(second).not.toBe(first);
  });

  it('retries with the same idempotency key when the answer was lost, so the card is not charged twice', async () => {
    jest.spyOn(console, 'log').mockImplementation(() => undefined);
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    let lost = true;
    const api = paymentApi().on('POST', ApiRoute.payment, () => {
      if (lost) {
        lost = false;
        throw new TypeError('Failed to fetch');
      }
      return {
        body: {
          success: true,
          transaction: { id: 't', amount: 24.99, status: 's' },
          order: { _id: 'o', status: 'Received', amount: 24.99 },
        },
      };
    });
    signInAs(customer);
    addToCart(sunset);
    renderApp('/cart');
    await payWith('4111111111111111');
    expect(await screen.findByRole('alert')).toHaveTextContent('Could not reach the store');
    await userEvent.click(screen.getByRole('button', { name: 'Buy' }));
    await screen.findByText(/was successful/);
    const [first, second] = api.calls('POST', ApiRoute.payment).map((r) => r.headers[IDEMPOTENCY_KEY_HEADER.toLowerCase()]);
    expect(second).toBe(first);
  });

  it('accepts only the test card numbers', async () => {
    const api = paymentApi();
    signInAs(customer);
    addToCart(sunset);
    renderApp('/cart');
    await payWith('1234 5678 9012 3456');
    expect(screen.getByText('Use one of the test card numbers above')).toBeInTheDocument();
    expect(screen.getByLabelText('Card number')).toHaveFocus();
    expect(api.calls('POST', ApiRoute.payment)).toHaveLength(0);
  });

  it('with a wrong card and a wrong address, puts the focus on the first address error (the first on the page)', async () => {
    const api = paymentApi('test', null);
    signInAs(customer);
    addToCart(sunset);
    renderApp('/cart');
    await waitFor(() => expect(api.calls('GET', ApiRoute.lastAddress)).toHaveLength(1));
    await typeCardAndBuy('1234 5678 9012 3456');
    expect(screen.getByText('Use one of the test card numbers above')).toBeInTheDocument();
    expect(document.getElementById('ship-line1-error')).toHaveTextContent('Must contain a visible character');
    // Let the card form's own focus (a timeout in react-hook-form, when it focuses errors) have its turn.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.getByLabelText('Address line 1')).toHaveFocus();
    expect(api.calls('POST', ApiRoute.payment)).toHaveLength(0);
  });

  it("with Braintree, loads Braintree's Drop-in with the client token and pays with its nonce", async () => {
    dropin.requestPaymentMethod.mockResolvedValue({ nonce: 'nonce-from-dropin', type: 'CreditCard' });
    const api = paymentApi('braintree').on('POST', ApiRoute.payment, {
      body: { success: true, transaction: { id: 't', amount: 24.99, status: 's' }, order: { _id: 'o', status: 'Received', amount: 24.99 } },
    });
    signInAs(customer);
    addToCart(sunset);
    renderApp('/cart');

    const buy = await screen.findByRole('button', { name: 'Buy' });
    await waitFor(() => expect(buy).toBeEnabled());
    expect(create).toHaveBeenCalledWith(expect.objectContaining({ authorization: 'client-token-1' }));
    expect(screen.queryByLabelText('Card number')).not.toBeInTheDocument();
    await userEvent.click(buy);
    await screen.findByText(/was successful/);
    expect(api.calls('POST', ApiRoute.payment)[0].json).toMatchObject({
      paymentInfo: { paymentMethodNonce: 'nonce-from-dropin', amount: 24.99 },
    });
  });
});

describe('cart refresh', () => {
  const NOT_FOUND = { status: 404, body: { error: 'Product not found', code: 'NOT_FOUND' } };
  const LATER = '2026-12-01T00:00:00.000Z';

  it('shows the current prices when a price changed since the tee was added, and says so', async () => {
    [sunset, sunset].forEach(addToCart);
    installFakeApi().on('GET', ApiRoute.product, { body: { ...sunset, price: 20, updatedAt: LATER } });
    renderApp('/cart');
    expect(await screen.findByText('Some prices changed since you added them; the cart shows the current prices.')).toBeInTheDocument();
    expect(screen.getByTestId('cart-total')).toHaveTextContent('$40.00');
    const stored = JSON.parse(localStorage.getItem(CART_STORAGE_KEY)!) as Array<{ price: number; count: number }>;
    expect(stored.map((item) => [item.price, item.count])).toEqual([
      [20, 1],
      [20, 1],
    ]);
  });

  it('drops products the shop no longer sells, and says so', async () => {
    [sunset, navy].forEach(addToCart);
    installFakeApi().on('GET', ApiRoute.product, ({ params }) => (params.productId === navy._id ? NOT_FOUND : { body: sunset }));
    renderApp('/cart');
    expect(await screen.findByText('A t-shirt in your cart is no longer sold and was removed.')).toBeInTheDocument();
    expect(within(cartPanel()).getAllByRole('listitem', { name: 'Sunset Tee' })).toHaveLength(1);
    expect(within(cartPanel()).queryByRole('listitem', { name: 'Navy Tee' })).not.toBeInTheDocument();
  });

  it('says nothing when the cart is up to date', async () => {
    addToCart(sunset);
    const api = installFakeApi();
    renderApp('/cart');
    await waitFor(() => expect(api.calls('GET', ApiRoute.product)).toHaveLength(1));
    expect(screen.queryByText(/no longer sold|prices changed/)).not.toBeInTheDocument();
    expect(screen.getByTestId('cart-total')).toHaveTextContent('$24.99');
  });

  it('re-reads the cart when the server refuses a payment because the total changed', async () => {
    addToCart(sunset);
    let current = sunset;
    paymentApi()
      .on('GET', ApiRoute.product, () => ({ body: current }))
      .on('POST', ApiRoute.payment, () => {
        current = { ...sunset, price: 30, updatedAt: LATER };
        return {
          status: 409,
          body: { error: 'The cart total is $30.00, not $24.99; prices have changed, review your cart', code: 'CONFLICT' },
        };
      });
    signInAs(customer);
    renderApp('/cart');
    await payWith('4111 1111 1111 1111');
    expect(await screen.findByText(/prices have changed, review your cart/)).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('cart-total')).toHaveTextContent('$30.00'));
    expect(screen.getByText('Some prices changed since you added them; the cart shows the current prices.')).toBeInTheDocument();
  });
});
