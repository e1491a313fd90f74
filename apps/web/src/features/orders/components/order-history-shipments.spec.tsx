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
