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

  describe('one line on its own', () => {
    const twoLines = order({
      products: [
        { product: 'p1', name: 'Sunset Tee', price: 24.99, count: 2 },
        { product: 'p2', name: 'Sunset Mug', price: 4, count: 3 },
      ],
      amount: 61.98,
    });

    it('refunds the chosen line after a confirmation and shows it refunded', async () => {
      jest.spyOn(window, 'confirm').mockReturnValue(true);
      const api = installFakeApi()
        .on('GET', ApiRoute.ordersAll, { body: [twoLines] })
        .on('POST', ApiRoute.orderLineRefund, () => ({
          body: {
            ...twoLines,
            products: [
              twoLines.products[0],
              { ...twoLines.products[1], refund: { id: 'cr_1', amount: 12, at: '2026-11-22T10:00:00.000Z' } },
            ],
          } satisfies Order,
        }));
      renderWithProviders(<ManageOrders />);
      const row = await screen.findByRole('listitem', { name: 'Order O0000000' });
      await userEvent.click(within(row).getByRole('button', { name: 'Refund Sunset Mug' }));
      expect(await within(row).findByText('(refunded $12.00)')).toBeInTheDocument();
      expect(within(row).queryByRole('button', { name: 'Refund Sunset Mug' })).not.toBeInTheDocument();
      expect(within(row).getByRole('button', { name: 'Refund Sunset Tee' })).toBeInTheDocument();
      const [request] = api.calls('POST', ApiRoute.orderLineRefund);
      expect(request.path).toBe(`/order/${twoLines._id}/refund/${admin.user._id}`);
      expect(request.json).toEqual({ product: 'p2' });
    });

    it('shows why a line could not be refunded, and sends nothing when the admin thinks again', async () => {
      jest.spyOn(console, 'error').mockImplementation(() => undefined);
      const confirm = jest.spyOn(window, 'confirm').mockReturnValue(false);
      const message = 'The payment has not settled yet, so a single line cannot be refunded';
      const api = installFakeApi()
        .on('GET', ApiRoute.ordersAll, { body: [twoLines] })
        .on('POST', ApiRoute.orderLineRefund, { status: 409, body: { error: message, code: 'CONFLICT' } });
      renderWithProviders(<ManageOrders />);
      const row = await screen.findByRole('listitem', { name: 'Order O0000000' });
      await userEvent.click(within(row).getByRole('button', { name: 'Refund Sunset Mug' }));
      expect(api.calls('POST', ApiRoute.orderLineRefund)).toHaveLength(0);
      confirm.mockReturnValue(true);
      await userEvent.click(within(row).getByRole('button', { name: 'Refund Sunset Mug' }));
      expect(await within(row).findByRole('alert')).toHaveTextContent(message);
    });

    it("shows each line's size, and refunds the line of the size chosen, naming the size", async () => {
      jest.spyOn(window, 'confirm').mockReturnValue(true);
      const sized = order({
        products: [
          { product: 'p1', name: 'Sunset Tee', price: 20, count: 1, size: 'S' },
          { product: 'p1', name: 'Sunset Tee', price: 20, count: 2, size: 'XL' },
        ],
        amount: 60,
      });
      const api = installFakeApi()
        .on('GET', ApiRoute.ordersAll, { body: [sized] })
        .on('POST', ApiRoute.orderLineRefund, () => ({
          body: {
            ...sized,
            products: [sized.products[0], { ...sized.products[1], refund: { id: 'cr_2', amount: 40, at: '2026-11-22T10:00:00.000Z' } }],
          } satisfies Order,
        }));
      renderWithProviders(<ManageOrders />);
      const row = await screen.findByRole('listitem', { name: 'Order O0000000' });
      expect(within(row).getByText('Size S')).toBeInTheDocument();
      expect(within(row).getByText('Size XL')).toBeInTheDocument();
      await userEvent.click(within(row).getByRole('button', { name: 'Refund Sunset Tee (XL)' }));
      expect(window.confirm).toHaveBeenCalledWith('Refund "Sunset Tee (XL)" to the buyer\'s card?');
      expect(await within(row).findByText('(refunded $40.00)')).toBeInTheDocument();
      expect(within(row).getByRole('button', { name: 'Refund Sunset Tee (S)' })).toBeInTheDocument();
      expect(api.calls('POST', ApiRoute.orderLineRefund)[0].json).toEqual({ product: 'p1', size: 'XL' });
    });

    it('offers no line refund on a single-line or cancelled order', async () => {
      installFakeApi().on('GET', ApiRoute.ordersAll, {
        body: [
          order({ _id: 'aaaaaaaa-0000-4000-8000-000000000000' }),
          { ...twoLines, _id: 'bbbbbbbb-0000-4000-8000-000000000000', status: 'Cancelled' },
        ],
      });
      renderWithProviders(<ManageOrders />);
      await screen.findByRole('listitem', { name: 'Order AAAAAAAA' });
      expect(screen.queryByRole('button', { name: /^Refund / })).not.toBeInTheDocument();
    });
  });

  describe('the shipping on its own', () => {
    const shipped = order({
      amount: 29.99,
      pricing: { subtotal: 24.99, discount: 0, shipping: 5, tax: 0, pricesIncludeTax: false, taxes: [], shippingMethod: 'Standard' },
    });

    it('refunds the shipping after a confirmation, shows it refunded and offers it no more', async () => {
      jest.spyOn(window, 'confirm').mockReturnValue(true);
      const api = installFakeApi()
        .on('GET', ApiRoute.ordersAll, { body: [shipped] })
        .on('POST', ApiRoute.orderShippingRefund, () => ({
          body: {
            ...shipped,
            pricing: { ...shipped.pricing!, shippingRefund: { id: 'cr_9', amount: 5, at: '2026-11-22T10:00:00.000Z' } },
          } satisfies Order,
        }));
      renderWithProviders(<ManageOrders />);
      const row = await screen.findByRole('listitem', { name: 'Order O0000000' });
      await userEvent.click(within(row).getByRole('button', { name: 'Refund shipping ($5.00)' }));
      expect(await within(row).findByText('Shipping refunded')).toBeInTheDocument();
      expect(within(row).queryByRole('button', { name: /Refund shipping/ })).not.toBeInTheDocument();
      const [request] = api.calls('POST', ApiRoute.orderShippingRefund);
      expect(request.path).toBe(`/order/${shipped._id}/refund-shipping/${admin.user._id}`);
    });

    it('shows why the shipping could not be refunded', async () => {
      jest.spyOn(console, 'error').mockImplementation(() => undefined);
      jest.spyOn(window, 'confirm').mockReturnValue(true);
      const message = 'The payment has not settled yet, so the shipping cannot be refunded on its own';
      installFakeApi()
        .on('GET', ApiRoute.ordersAll, { body: [shipped] })
        .on('POST', ApiRoute.orderShippingRefund, { status: 409, body: { error: message, code: 'CONFLICT' } });
      renderWithProviders(<ManageOrders />);
      const row = await screen.findByRole('listitem', { name: 'Order O0000000' });
      await userEvent.click(within(row).getByRole('button', { name: 'Refund shipping ($5.00)' }));
      expect(await within(row).findByRole('alert')).toHaveTextContent(message);
    });
  });
});
