import { ApiRoute, type GuestOrder, type GuestQuoteRequest, type Product, type Quote } from '@store/contract';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { addToCart, readCart } from '@/lib/cart';
import { installFakeApi } from '@/testing/fake-api';
import { product } from '@/testing/fixtures';
import { renderApp } from '@/testing/render-app';

jest.mock('braintree-web-drop-in', () => ({ __esModule: true, default: { create: jest.fn() } }));

const STANDARD = '11111111-1111-4111-8111-111111111111';
const TOKEN = 'R3Vlc3Qtb3JkZXItbGluay10b2tlbi1leGFtcGxlMDA';

let tee: Product;
beforeEach(() => {
  tee = product({ name: 'Logo Tee', price: 20 });
});

/** A guest's quote as the server answers it for a US shop: $5 Standard shipping, SAVE10 for 10% off, no tax. */
function quoteOf(body: GuestQuoteRequest): Quote {
  const subtotal = 20 * body.products[0].count;
  const discount = body.discountCode ? subtotal / 10 : 0;
  return {
    lines: [],
    subtotal,
    discount,
    shipping: 5,
    tax: 0,
    total: subtotal - discount + 5,
    pricesIncludeTax: false,
    taxes: [],
    shippingMethods: [{ id: STANDARD, name: 'Standard', price: 5 }],
    shippingMethod: { id: STANDARD, name: 'Standard' },
    ...(body.discountCode ? { discountCode: 'SAVE10' } : {}),
    needsDestination: false,
  };
}

const ORDER: GuestOrder = {
  _id: '5f0c1a2e-4444-4b7a-9c3e-000000000004',
  number: 12,
  products: [{ product: 'p', name: 'Logo Tee', price: 20, count: 2 }],
  amount: 41,
  status: 'Received',
  createdAt: '2026-11-21T08:00:00.000Z',
  shippingAddress: { name: 'Gus Guest', line1: '1 Main Street', city: 'Springfield', postalCode: '12345', country: 'US' },
  pricing: {
    subtotal: 40,
    discount: 4,
    shipping: 5,
    tax: 0,
    pricesIncludeTax: false,
    taxes: [],
    shippingMethod: 'Standard',
    discountCode: 'SAVE10',
  },
};

describe('guest checkout', () => {
  it('the signed-out cart keeps the spec text and offers checking out as a guest', async () => {
    installFakeApi();
    addToCart(tee);
    renderApp('/cart');
    expect(await screen.findByText('Please login or add something to cart')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Check out as a guest' })).toHaveAttribute('href', '/checkout/guest');
  });

  it('shows the server quote exactly, pays it with the e-mail, address, method and code, and opens the order', async () => {
    const api = installFakeApi()
      .on('GET', ApiRoute.guestPaymentToken, { body: { clientToken: 'client-token-1', gateway: 'test' } })
      .on('POST', ApiRoute.guestQuote, (request) => ({ body: quoteOf(request.json as GuestQuoteRequest) }))
      .on('POST', ApiRoute.guestPayment, {
        body: {
          success: true,
          transaction: { id: 't', amount: 41, status: 's' },
          order: { _id: ORDER._id, status: 'Received', amount: 41 },
          orderToken: TOKEN,
        },
      })
      .on('GET', ApiRoute.guestOrder, { body: ORDER })
      .on('GET', ApiRoute.guestOrderReturns, { body: [] });
    [tee, tee].forEach(addToCart);
    renderApp('/checkout/guest');
    await waitFor(() => expect(screen.getByTestId('guest-total')).toHaveTextContent('$45.00'));

    // Nothing is paid while the e-mail is missing: the field says why.
    await userEvent.type(screen.getByLabelText('Card number'), '4111 1111 1111 1111');
    await userEvent.click(screen.getByRole('button', { name: 'Buy' }));
    expect(await screen.findByText(/valid email address/i)).toBeInTheDocument();
    expect(api.calls('POST', ApiRoute.guestPayment)).toHaveLength(0);

    await userEvent.type(screen.getByLabelText('E-mail'), 'Gus@Example.com');
    await userEvent.type(screen.getByLabelText('Full name'), 'Gus Guest');
    await userEvent.type(screen.getByLabelText('Address line 1'), '1 Main Street');
    await userEvent.type(screen.getByLabelText('City'), 'Springfield');
    await userEvent.type(screen.getByLabelText('Postal code'), '12345');
    await userEvent.selectOptions(screen.getByLabelText('Country'), 'US');
    await userEvent.type(screen.getByLabelText('Discount code'), 'save10');
    await userEvent.click(screen.getByRole('button', { name: 'Apply' }));
    await waitFor(() => expect(screen.getByTestId('guest-total')).toHaveTextContent('$41.00'));
    expect(screen.getByTestId('price-breakdown')).toHaveTextContent('Discount (SAVE10)-$4.00');

    await userEvent.click(screen.getByRole('button', { name: 'Buy' }));
    expect(await screen.findByText('Order #12')).toBeInTheDocument();
    expect(screen.getByText('Thank you! Your payment was successful.')).toBeInTheDocument();
    expect(api.calls('POST', ApiRoute.guestPayment)[0].json).toEqual({
      paymentInfo: {
        email: 'gus@example.com',
        paymentMethodNonce: 'fake-valid-visa-nonce',
        amount: 41,
        products: [{ _id: tee._id, count: 2 }],
        shippingAddress: { name: 'Gus Guest', line1: '1 Main Street', city: 'Springfield', postalCode: '12345', country: 'US' },
        shippingMethod: STANDARD,
        discountCode: 'save10',
      },
    });
    // The quote was asked with the e-mail, so a code's uses per customer counted this guest.
    expect(api.calls('POST', ApiRoute.guestQuote).some((call) => (call.json as GuestQuoteRequest).email === 'gus@example.com')).toBe(true);
    expect(api.calls('GET', ApiRoute.guestOrder)[0].query.get('token')).toBe(TOKEN);
    expect(readCart()).toEqual([]);
  });

  it('a link with a token that is no order says so', async () => {
    installFakeApi().on('GET', ApiRoute.guestOrder, { status: 404, body: { error: 'Order not found', code: 'NOT_FOUND' } });
    renderApp(`/guest/order#wrong`);
    expect(await screen.findByText(/could not find an order for this link/)).toBeInTheDocument();
  });
});
