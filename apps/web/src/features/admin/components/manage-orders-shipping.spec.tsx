import { ApiRoute, type Order, type Session } from '@store/contract';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { saveSession } from '@/lib/session';
import { installFakeApi } from '@/testing/fake-api';
import { admin, order } from '@/testing/fixtures';
import { renderApp, renderWithProviders } from '@/testing/render-app';
import { ManageOrders } from './manage-orders';

const twoLines = order({
  products: [
    { product: 'p1', name: 'Sunset Tee', price: 24.99, count: 2, variant: 11, options: 'Blue / M', sku: 'SUN-BLUE-M' },
    { product: 'p2', name: 'Sunset Mug', price: 4, count: 3, variant: 12 },
  ],
  amount: 61.98,
});

const shipped = (extra: Partial<Order> = {}): Order => ({
  ...twoLines,
  status: 'Processing',
  fulfilment: 'Partly shipped',
  shipments: [
    {
      _id: 's1',
      carrier: 'ups',
      carrierName: 'UPS',
      trackingNumber: '1Z999AA1',
      trackingUrl: 'https://www.ups.com/track?tracknum=1Z999AA1',
      lines: [{ product: 'p1', variant: 11, name: 'Sunset Tee', options: 'Blue / M', count: 2 }],
      shippedAt: '2026-11-22T10:00:00.000Z',
    },
  ],
  ...extra,
});

describe('manage orders: shipping', () => {
  beforeEach(() => saveSession(admin));

  it('ships the chosen units with a carrier and tracking number, then shows the parcel with its tracking link', async () => {
    const api = installFakeApi()
      .on('GET', ApiRoute.ordersAll, { body: [twoLines] })
      .on('POST', ApiRoute.orderShipments, () => ({ status: 201, body: shipped() }));
    renderWithProviders(<ManageOrders />);
    const row = await screen.findByRole('listitem', { name: 'Order O0000000' });
    await userEvent.click(within(row).getByRole('button', { name: 'Ship lines' }));
    const form = within(row).getByRole('form', { name: 'Ship order O0000000' });
    expect(within(form).getByLabelText('Sunset Tee (Blue / M) (of 2 left)')).toHaveValue(2);
    await userEvent.selectOptions(within(form).getByLabelText('Carrier'), 'UPS');
    await userEvent.type(within(form).getByLabelText('Tracking number'), ' 1Z999AA1 ');
    await userEvent.clear(within(form).getByLabelText('Sunset Mug (of 3 left)'));
    await userEvent.type(within(form).getByLabelText('Sunset Mug (of 3 left)'), '0');
    await userEvent.click(within(form).getByRole('button', { name: 'Ship' }));

    expect(await within(row).findByRole('link', { name: '1Z999AA1' })).toHaveAttribute(
      'href',
      'https://www.ups.com/track?tracknum=1Z999AA1',
    );
    expect(within(row).getByText('Partly shipped')).toBeInTheDocument();
    const [request] = api.calls('POST', ApiRoute.orderShipments);
    expect(request.path).toBe(`/order/${twoLines._id}/shipments/${admin.user._id}`);
    expect(request.json).toEqual({ carrier: 'ups', trackingNumber: '1Z999AA1', lines: [{ variant: 11, count: 2 }] });
    // What is left is offered next: the mug alone.
    await userEvent.click(within(row).getByRole('button', { name: 'Ship lines' }));
    expect(within(row).queryByLabelText(/Sunset Tee/)).not.toBeInTheDocument();
    expect(within(row).getByLabelText('Sunset Mug (of 3 left)')).toHaveValue(3);
  });

  it('shows the server’s refusal beside the line it names', async () => {
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    installFakeApi()
      .on('GET', ApiRoute.ordersAll, { body: [twoLines] })
      .on('POST', ApiRoute.orderShipments, {
        status: 400,
        body: {
          error: 'Cannot ship: lines.0.count at most 1 of "Sunset Tee" left to ship',
          code: 'VALIDATION_FAILED',
          details: [{ field: 'lines.0.count', message: 'at most 1 of "Sunset Tee" left to ship' }],
        },
      });
    renderWithProviders(<ManageOrders />);
    const row = await screen.findByRole('listitem', { name: 'Order O0000000' });
    await userEvent.click(within(row).getByRole('button', { name: 'Ship lines' }));
    await userEvent.type(within(row).getByLabelText('Tracking number'), '1Z999AA1');
    await userEvent.click(within(row).getByRole('button', { name: 'Ship' }));
    expect(await within(row).findByText('at most 1 of "Sunset Tee" left to ship')).toBeInTheDocument();
    expect(within(row).getByRole('alert')).toHaveTextContent('Cannot ship');
  });

  it('checks the tracking number before sending, and marks a parcel delivered', async () => {
    const api = installFakeApi()
      .on('GET', ApiRoute.ordersAll, { body: [shipped()] })
      .on('POST', ApiRoute.shipmentDelivered, () => ({
        body: shipped({ shipments: [{ ...shipped().shipments![0], deliveredAt: '2026-11-23T10:00:00.000Z' }] }),
      }));
    renderWithProviders(<ManageOrders />);
    const row = await screen.findByRole('listitem', { name: 'Order O0000000' });
    await userEvent.click(within(row).getByRole('button', { name: 'Ship lines' }));
    await userEvent.type(within(row).getByLabelText('Tracking number'), '<b>');
    await userEvent.click(within(row).getByRole('button', { name: 'Ship' }));
    expect(await within(row).findByText('Only letters, digits, spaces and hyphens')).toBeInTheDocument();
    expect(api.calls('POST', ApiRoute.orderShipments)).toEqual([]);

    await userEvent.click(within(row).getByRole('button', { name: 'Mark delivered' }));
    expect(await within(row).findByText(/Delivered/)).toBeInTheDocument();
    expect(within(row).queryByRole('button', { name: 'Mark delivered' })).not.toBeInTheDocument();
    expect(api.calls('POST', ApiRoute.shipmentDelivered)[0].path).toBe(`/order/${twoLines._id}/shipments/s1/delivered/${admin.user._id}`);
  });

  it('offers read-only staff no shipping controls', async () => {
    saveSession({ ...admin, user: { ...admin.user, staffRole: 'read-only' } } as Session);
    installFakeApi().on('GET', ApiRoute.ordersAll, { body: [shipped()] });
    renderWithProviders(<ManageOrders />);
    const row = await screen.findByRole('listitem', { name: 'Order O0000000' });
    expect(within(row).getByRole('link', { name: '1Z999AA1' })).toBeInTheDocument();
    expect(within(row).queryByRole('button', { name: 'Ship lines' })).not.toBeInTheDocument();
    expect(within(row).queryByRole('button', { name: 'Mark delivered' })).not.toBeInTheDocument();
  });

  it('prints a packing slip: what was ordered, what shipped and what is left to pack, no prices', async () => {
    installFakeApi().on('GET', ApiRoute.order, { body: shipped({ number: 1042 }) });
    renderApp(`/admin/order/${twoLines._id}/packing-slip`);
    const slip = await screen.findByRole('article', { name: 'Packing slip' });
    expect(within(slip).getByTestId('slip-order-number')).toHaveTextContent('Order #1042');
    const rows = within(slip)
      .getAllByRole('row')
      .map((tr) => [...tr.querySelectorAll('th, td')].map((cell) => cell.textContent));
    expect(rows).toEqual([
      ['Item', 'SKU', 'Ordered', 'Shipped', 'To pack'],
      ['Sunset Tee (Blue / M)', 'SUN-BLUE-M', '2', '2', '0'],
      ['Sunset Mug', '', '3', '0', '3'],
    ]);
    expect(slip).not.toHaveTextContent('$');
    expect(within(slip).getByRole('button', { name: 'Print' })).toHaveClass('btn');
  });
});
