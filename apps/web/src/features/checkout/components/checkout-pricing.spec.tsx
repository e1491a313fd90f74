import { ApiRoute, type Product, type Quote, type QuoteRequest, type ShippingAddress } from '@store/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { addToCart } from '@/lib/cart';
import { installFakeApi, type FakeApi } from '@/testing/fake-api';
import { customer, product, signInAs } from '@/testing/fixtures';
import { renderApp } from '@/testing/render-app';

jest.mock('braintree-web-drop-in', () => ({ __esModule: true, default: { create: jest.fn() } }));

const SAVED: ShippingAddress = { name: 'Sam Shopper', line1: '1 Main Street', city: 'Springfield', postalCode: '12345', country: 'US' };
const STANDARD = '11111111-1111-4111-8111-111111111111';
const EXPRESS = '22222222-2222-4222-8222-222222222222';

let tee: Product;
beforeEach(() => {
  tee = product({ name: 'Logo Tee', price: 20 });
});

/**
 * A server whose quote works as docs/pricing.md says for a US shop: two methods, 5% tax added, the code SAVE10
 * (10% off) and nothing else. The quote is computed from the request, so what the page shows is what it asked for.
 */
function pricingApi(): FakeApi {
  return installFakeApi()
    .on('GET', ApiRoute.paymentToken, { body: { clientToken: 'client-token-1', gateway: 'test' } })
    .on('GET', ApiRoute.lastAddress, { body: { address: SAVED } })
    .on('POST', ApiRoute.quote, (request) => {
      const body = request.json as QuoteRequest;
      if (body.discountCode && body.discountCode.toUpperCase() !== 'SAVE10') {
        const message = `There is no discount code ${body.discountCode.toUpperCase()}`;
        return { status: 400, body: { error: message, code: 'VALIDATION_FAILED', details: [{ field: 'discountCode', message }] } };
      }
      if (body.destination?.country === 'FR') {
        const message = 'We do not ship to France yet';
        return { status: 400, body: { error: message, code: 'VALIDATION_FAILED', details: [{ field: 'destination.country', message }] } };
      }
      const subtotal = 20 * body.products[0].count;
      const discount = body.discountCode ? subtotal / 10 : 0;
      const method = body.shippingMethod === EXPRESS ? { id: EXPRESS, name: 'Express' } : { id: STANDARD, name: 'Standard' };
      const shipping = method.id === EXPRESS ? 15 : 5;
      // New York has a rate of its own (8%); the rest of the US pays 5%.
      const ny = body.destination?.region === 'NY';
      const tax = Math.round((subtotal - discount) * (ny ? 8 : 5)) / 100;
      const quote: Quote = {
        lines: [],
        subtotal,
        discount,
        shipping,
        tax,
        total: subtotal - discount + shipping + tax,
        pricesIncludeTax: false,
        taxes: [ny ? { name: 'NY sales tax', rate: 8, amount: tax } : { name: 'Sales tax', rate: 5, amount: tax }],
        shippingMethods: [
          { id: STANDARD, name: 'Standard', price: 5 },
          { id: EXPRESS, name: 'Express', price: 15 },
        ],
        shippingMethod: method,
        ...(body.discountCode ? { discountCode: 'SAVE10' } : {}),
        needsDestination: false,
        ...(body.destination?.country === 'US' ? { taxRegions: ['NY'] } : {}),
      };
      return { body: quote };
    });
}

const checkoutPanel = () => screen.getByRole('region', { name: 'Checkout' });

describe('checkout with a quote', () => {
  it('shows the quoted breakdown, lets the buyer pick a method and a code, and pays exactly the quote', async () => {
    const api = pricingApi().on('POST', ApiRoute.payment, {
      body: { success: true, transaction: { id: 't', amount: 49.35, status: 's' }, order: { _id: 'o', status: 'Received', amount: 49.35 } },
    });
    signInAs(customer);
    [tee, tee].forEach(addToCart);
    renderApp('/cart');
    await waitFor(() => expect(screen.getByLabelText('City')).toHaveValue(SAVED.city));
    // 40 + 5 standard + 2.00 tax
    await waitFor(() => expect(screen.getByTestId('cart-total')).toHaveTextContent('$47.00'));
    await userEvent.click(within(checkoutPanel()).getByLabelText('Express ($15.00)'));
    await waitFor(() => expect(screen.getByTestId('cart-total')).toHaveTextContent('$57.00'));

    await userEvent.type(screen.getByLabelText('Discount code'), 'nope');
    await userEvent.click(screen.getByRole('button', { name: 'Apply' }));
    expect(await screen.findByText('There is no discount code NOPE')).toBeInTheDocument();
    expect(screen.getByLabelText('Discount code')).toHaveAttribute('aria-invalid', 'true');
    await userEvent.type(screen.getByLabelText('Card number'), '4111 1111 1111 1111');
    await userEvent.click(screen.getByRole('button', { name: 'Buy' }));
    expect(api.calls('POST', ApiRoute.payment)).toHaveLength(0);

    await userEvent.clear(screen.getByLabelText('Discount code'));
    await userEvent.type(screen.getByLabelText('Discount code'), 'save10');
    await userEvent.click(screen.getByRole('button', { name: 'Apply' }));
    // 40 - 4 + 15 + 1.80
    await waitFor(() => expect(screen.getByTestId('cart-total')).toHaveTextContent('$52.80'));
    const breakdown = screen.getByTestId('price-breakdown');
    expect(breakdown).toHaveTextContent('Discount (SAVE10)-$4.00');
    expect(breakdown).toHaveTextContent('Shipping (Express)$15.00');
    expect(breakdown).toHaveTextContent('Sales tax 5%$1.80');

    await userEvent.click(screen.getByRole('button', { name: 'Buy' }));
    await screen.findByText(/was successful/);
    expect(api.calls('POST', ApiRoute.payment)[0].json).toEqual({
      paymentInfo: {
        paymentMethodNonce: 'fake-valid-visa-nonce',
        amount: 52.8,
        products: [{ _id: tee._id, count: 2 }],
        shippingAddress: SAVED,
        shippingMethod: EXPRESS,
        discountCode: 'save10',
      },
    });
  });

  it('says before any payment when the country has no shipping method', async () => {
    const api = pricingApi();
    signInAs(customer);
    addToCart(tee);
    renderApp('/cart');
    await waitFor(() => expect(screen.getByLabelText('City')).toHaveValue(SAVED.city));
    await userEvent.selectOptions(screen.getByLabelText('Country'), 'France');
    expect(await screen.findByText('We do not ship to France yet')).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('Card number'), '4111 1111 1111 1111');
    await userEvent.click(screen.getByRole('button', { name: 'Buy' }));
    expect(api.calls('POST', ApiRoute.payment)).toHaveLength(0);
  });

  it('asks for the region where tax rates are per region, quotes its rate and pays with it', async () => {
    const api = pricingApi().on('POST', ApiRoute.payment, {
      body: { success: true, transaction: { id: 't', amount: 26.6, status: 's' }, order: { _id: 'o', status: 'Received', amount: 26.6 } },
    });
    signInAs(customer);
    addToCart(tee);
    renderApp('/cart');
    await waitFor(() => expect(screen.getByLabelText('City')).toHaveValue(SAVED.city));
    // 20 + 5 + 1.00 (5%)
    await waitFor(() => expect(screen.getByTestId('cart-total')).toHaveTextContent('$26.00'));
    await screen.findByLabelText('State / region');
    // A country without regional rates asks for none.
    await userEvent.selectOptions(screen.getByLabelText('Country'), 'Canada');
    await waitFor(() => expect(screen.queryByLabelText('State / region')).not.toBeInTheDocument());
    await userEvent.selectOptions(screen.getByLabelText('Country'), 'United States');
    const region = await screen.findByLabelText('State / region');
    expect(
      within(region)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Another region', 'NY']);
    await userEvent.selectOptions(region, 'NY');
    // 20 + 5 + 1.60 (8%)
    await waitFor(() => expect(screen.getByTestId('cart-total')).toHaveTextContent('$26.60'));
    expect(screen.getByTestId('price-breakdown')).toHaveTextContent('NY sales tax 8%$1.60');
    expect(api.calls('POST', ApiRoute.quote).at(-1)!.json).toMatchObject({ destination: { country: 'US', region: 'NY' } });

    await userEvent.type(screen.getByLabelText('Card number'), '4111 1111 1111 1111');
    await userEvent.click(screen.getByRole('button', { name: 'Buy' }));
    await screen.findByText(/was successful/);
    const { paymentInfo } = api.calls('POST', ApiRoute.payment)[0].json as { paymentInfo: Record<string, unknown> };
    expect(paymentInfo).toMatchObject({ amount: 26.6, region: 'NY', shippingAddress: SAVED });
    expect(paymentInfo.shippingAddress).not.toHaveProperty('region');
  });
});
