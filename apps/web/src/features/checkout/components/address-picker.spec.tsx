import { ApiRoute, type PaymentInfo, type SavedAddress, type ShippingAddress } from '@store/contract';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { addToCart } from '@/lib/cart';
import { installFakeApi } from '@/testing/fake-api';
import { customer, product, signInAs } from '@/testing/fixtures';
import { renderApp } from '@/testing/render-app';

const LAST: ShippingAddress = { name: 'Sam Shopper', line1: '3 Old Road', city: 'Oldtown', postalCode: '11111', country: 'US' };
const HOME: SavedAddress = {
  _id: 'a1',
  isDefault: true,
  shippingAddress: { name: 'Sam Shopper', line1: '1 Home Lane', city: 'Springfield', postalCode: '12345', country: 'US' },
};
const WORK: SavedAddress = {
  _id: 'a2',
  isDefault: false,
  shippingAddress: { name: 'Sam at Work', line1: '9 Work Road', line2: 'Floor 2', city: 'Toronto', postalCode: 'M5V 2T6', country: 'CA' },
};

function api(addresses: SavedAddress[]) {
  return installFakeApi()
    .on('GET', ApiRoute.paymentToken, { body: { clientToken: 'client-token-1', gateway: 'test' } })
    .on('GET', ApiRoute.lastAddress, { body: { address: LAST } })
    .on('GET', ApiRoute.addresses, { body: { addresses } })
    .on('POST', ApiRoute.payment, {
      body: {
        success: true,
        transaction: { id: 'txn_1', amount: 10, status: 'submitted_for_settlement' },
        order: { _id: 'o1', status: 'Received', amount: 10 },
      },
    });
}

describe('the address book at checkout', () => {
  it('starts with the default address, and pays to another one picked from the book', async () => {
    const fake = api([HOME, WORK]);
    signInAs(customer);
    addToCart(product({ name: 'Book Tee', price: 10 }));
    renderApp('/cart');
    await waitFor(() => expect(screen.getByLabelText('Address line 1')).toHaveValue(HOME.shippingAddress.line1));
    const picker = screen.getByLabelText('Ship to a saved address');
    expect(picker).toHaveValue(HOME._id);

    await userEvent.selectOptions(picker, WORK._id);
    expect(screen.getByLabelText('Full name')).toHaveValue('Sam at Work');
    expect(screen.getByLabelText('Address line 2 (optional)')).toHaveValue('Floor 2');
    expect(screen.getByLabelText('Country')).toHaveValue('CA');
    await userEvent.type(screen.getByLabelText('Card number'), '4111 1111 1111 1111');
    await userEvent.click(screen.getByRole('button', { name: 'Buy' }));

    await screen.findByText('Thank you! Your payment of $10.00 was successful.');
    const [payment] = fake.calls('POST', ApiRoute.payment);
    expect((payment.json as { paymentInfo: PaymentInfo }).paymentInfo.shippingAddress).toEqual(WORK.shippingAddress);
  });

  it("offers the last order's address, and no picker, to a buyer without saved addresses", async () => {
    api([]);
    signInAs(customer);
    addToCart(product({ name: 'Book Tee', price: 10 }));
    renderApp('/cart');
    await waitFor(() => expect(screen.getByLabelText('Address line 1')).toHaveValue(LAST.line1));
    expect(screen.queryByLabelText('Ship to a saved address')).not.toBeInTheDocument();
  });
});
