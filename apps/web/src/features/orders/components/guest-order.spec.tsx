import { ApiRoute, type GuestOrder } from '@store/contract';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { installFakeApi } from '@/testing/fake-api';
import { product } from '@/testing/fixtures';
import { renderWithProviders } from '@/testing/render-app';
import { GuestOrderView } from './guest-order';

const TOKEN = 'guest-link-token';

function guestOrder(overrides: Partial<GuestOrder> = {}): GuestOrder {
  return {
    _id: 'o0000000-0000-4000-8000-000000000001',
    number: 12,
    products: [{ product: 'p1', variant: 1, name: 'Sunset Tee', price: 24.99, count: 2 }],
    amount: 49.98,
    status: 'Shipped',
    createdAt: '2026-11-20T12:00:00.000Z',
    ...overrides,
  };
}

describe("a guest's order page: returns", () => {
  it("asks to return a shipped line with the link's token, never the order's id, and lists the returns", async () => {
    const api = installFakeApi()
      .on('GET', ApiRoute.guestOrder, { body: guestOrder() })
      .on('GET', ApiRoute.guestOrderReturns, { body: [] })
      .on('GET', ApiRoute.product, { body: product({ _id: 'p1', name: 'Sunset Tee' }) })
      .on('POST', ApiRoute.guestOrderReturns, { status: 201, body: {} });
    renderWithProviders(<GuestOrderView token={TOKEN} />);
    const form = await screen.findByRole('form', { name: 'Return or exchange items' });
    expect(form).toBeInTheDocument();
    await userEvent.click(screen.getByLabelText('My money back'));
    await userEvent.selectOptions(screen.getByLabelText('Sunset Tee: how many to send back'), '2');
    await userEvent.selectOptions(screen.getByLabelText('Reason'), 'too-big');
    await userEvent.click(screen.getByRole('button', { name: 'Request return' }));
    await waitFor(() => expect(api.calls('POST', ApiRoute.guestOrderReturns)).toHaveLength(1));
    expect(api.calls('POST', ApiRoute.guestOrderReturns)[0].json).toEqual({
      token: TOKEN,
      kind: 'return',
      reason: 'too-big',
      lines: [{ variant: 1, quantity: 2 }],
    });
    expect(api.calls('GET', ApiRoute.guestOrderReturns)[0].query.get('token')).toBe(TOKEN);
    expect(await screen.findByText('Your request was sent: we will e-mail you.')).toBeInTheDocument();
  });

  it('offers only the shipped units of a partly shipped order, and nothing before a parcel has left', async () => {
    installFakeApi()
      .on('GET', ApiRoute.guestOrder, {
        body: guestOrder({
          status: 'Processing',
          fulfilment: 'Partly shipped',
          products: [
            { product: 'p1', variant: 1, name: 'Sunset Tee', price: 24.99, count: 2 },
            { product: 'p1', variant: 2, name: 'Sunset Tee', price: 24.99, count: 1, options: 'L' },
          ],
          shipments: [
            {
              _id: 's1',
              carrier: 'ups',
              carrierName: 'UPS',
              trackingNumber: '1Z999',
              lines: [{ product: 'p1', variant: 1, name: 'Sunset Tee', count: 1 }],
              shippedAt: '2026-11-21T10:00:00.000Z',
            },
          ],
        }),
      })
      .on('GET', ApiRoute.guestOrderReturns, { body: [] })
      .on('GET', ApiRoute.product, { body: product({ _id: 'p1', name: 'Sunset Tee' }) });
    renderWithProviders(<GuestOrderView token={TOKEN} />);
    const units = await screen.findByLabelText('Sunset Tee: how many to send back');
    expect([...(units as HTMLSelectElement).options].map((option) => option.value)).toEqual(['0', '1']);
    expect(screen.queryByLabelText('Sunset Tee (L): how many to send back')).not.toBeInTheDocument();
  });
});
