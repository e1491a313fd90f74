import { ApiRoute } from '@store/contract';
import { screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { saveSession } from '@/lib/session';
import { installFakeApi } from '@/testing/fake-api';
import { customer, order } from '@/testing/fixtures';
import { renderWithProviders } from '@/testing/render-app';
import { OrderHistory } from './order-history';

describe("buyer's orders: shipments", () => {
  beforeEach(() => saveSession(customer));

  it('shows each parcel with its carrier, a tracking link when the carrier has one, and what is in it', async () => {
    installFakeApi().on('GET', ApiRoute.ordersOfUser, {
      body: [
        order({
          status: 'Shipped',
          fulfilment: 'Shipped',
          shipments: [
            {
              _id: 's1',
              carrier: 'royal-mail',
              carrierName: 'Royal Mail',
              trackingNumber: 'AB123GB',
              trackingUrl: 'https://www.royalmail.com/track-your-item#/tracking-results/AB123GB',
              lines: [{ product: 'p1', variant: 1, name: 'Sunset Tee', count: 1 }],
              shippedAt: '2026-11-21T10:00:00.000Z',
            },
            {
              _id: 's2',
              carrier: 'other',
              carrierName: 'Other',
              trackingNumber: 'LOCAL-7',
              lines: [{ product: 'p1', variant: 1, name: 'Sunset Tee', count: 1 }],
              shippedAt: '2026-11-22T10:00:00.000Z',
              deliveredAt: '2026-11-23T10:00:00.000Z',
            },
          ],
        }),
      ],
    });
    // A shipped order links to its returns page: the history needs a router.
    renderWithProviders(
      <MemoryRouter>
        <OrderHistory />
      </MemoryRouter>,
    );
    const row = await screen.findByRole('listitem', { name: 'Order O0000000' });
    const first = within(row).getByRole('listitem', { name: 'Parcel AB123GB' });
    expect(within(first).getByRole('link', { name: 'AB123GB' })).toHaveAttribute(
      'href',
      'https://www.royalmail.com/track-your-item#/tracking-results/AB123GB',
    );
    expect(first).toHaveTextContent('Royal Mail');
    expect(first).toHaveTextContent('Sunset Tee × 1');
    const second = within(row).getByRole('listitem', { name: 'Parcel LOCAL-7' });
    expect(within(second).queryByRole('link')).not.toBeInTheDocument();
    expect(second).toHaveTextContent('Delivered');
  });

  it('shows no shipments before anything has left', async () => {
    installFakeApi().on('GET', ApiRoute.ordersOfUser, { body: [order()] });
    // A shipped order links to its returns page: the history needs a router.
    renderWithProviders(
      <MemoryRouter>
        <OrderHistory />
      </MemoryRouter>,
    );
    const row = await screen.findByRole('listitem', { name: 'Order O0000000' });
    expect(within(row).queryByRole('region', { name: /Shipments/ })).not.toBeInTheDocument();
    expect(within(row).queryByText(/Parcel|Shipped/)).not.toBeInTheDocument();
  });
});

describe("buyer's orders: returns of a partly shipped order", () => {
  beforeEach(() => saveSession(customer));

  const parcel = {
    _id: 's1',
    carrier: 'ups' as const,
    carrierName: 'UPS',
    trackingNumber: '1Z999',
    lines: [{ product: 'p1', variant: 1, name: 'Sunset Tee', count: 1 }],
    shippedAt: '2026-11-21T10:00:00.000Z',
  };

  it('links a Processing order with a parcel out to its returns page, and not one with nothing shipped', async () => {
    installFakeApi().on('GET', ApiRoute.ordersOfUser, {
      body: [
        order({
          status: 'Processing',
          fulfilment: 'Partly shipped',
          products: [
            { product: 'p1', variant: 1, name: 'Sunset Tee', price: 24.99, count: 2 },
            { product: 'p2', variant: 2, name: 'Moon Cap', price: 12, count: 1 },
          ],
          shipments: [parcel],
        }),
        order({ _id: 'o0000000-0000-4000-8000-000000000002', status: 'Processing' }),
      ],
    });
    renderWithProviders(
      <MemoryRouter>
        <OrderHistory />
      </MemoryRouter>,
    );
    const rows = await screen.findAllByRole('listitem', { name: 'Order O0000000' });
    expect(rows).toHaveLength(2);
    expect(within(rows[0]).getByRole('link', { name: 'Return or exchange items' })).toHaveAttribute(
      'href',
      '/order/o0000000-0000-4000-8000-000000000001/returns',
    );
    expect(within(rows[1]).queryByRole('link', { name: 'Return or exchange items' })).not.toBeInTheDocument();
  });
});
