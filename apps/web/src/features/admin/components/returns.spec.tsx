import { ApiRoute, type OrderReturn } from '@store/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { saveSession } from '@/lib/session';
import { installFakeApi, type Reply } from '@/testing/fake-api';
import { admin } from '@/testing/fixtures';
import { renderWithProviders } from '@/testing/render-app';
import { Returns } from './returns';

function aReturn(n: number): OrderReturn {
  return {
    _id: `r000000${n}-0000-4000-8000-000000000000`,
    order: { _id: `o000000${n}-0000-4000-8000-000000000000`, number: 1000 + n },
    user: { _id: 'u1', name: 'Sam Shopper' },
    kind: 'return',
    reason: 'too-big',
    note: '',
    status: 'requested',
    lines: [{ product: 'p1', name: 'Sunset Tee', variant: 1, options: 'M', size: 'M', quantity: 1 }],
    createdAt: '2026-11-20T12:00:00.000Z',
  };
}

describe("admin's returns screen", () => {
  beforeEach(() => saveSession(admin));

  it('shows the first page of returns and loads the next one by cursor', async () => {
    const api = installFakeApi()
      .on('GET', ApiRoute.returnsAll, ({ query }): Reply =>
        query.get('after') === 'cursor-2'
          ? { body: [aReturn(1)], headers: { 'X-Total-Count': '3' } }
          : { body: [aReturn(3), aReturn(2)], headers: { 'X-Total-Count': '3', 'X-Next-Cursor': 'cursor-2' } },
      )
      .on('GET', ApiRoute.reorderSuggestions, { body: [] });
    renderWithProviders(<Returns />);
    const list = await screen.findByRole('list', { name: 'Returns and exchanges' });
    expect(within(list).getAllByRole('listitem', { name: /^Return for order/ })).toHaveLength(2);

    await userEvent.click(screen.getByRole('button', { name: 'Load more returns' }));
    await waitFor(() => expect(within(list).getAllByRole('listitem', { name: /^Return for order/ })).toHaveLength(3));
    expect(screen.queryByRole('button', { name: 'Load more returns' })).not.toBeInTheDocument();
    const [first, second] = api.calls('GET', ApiRoute.returnsAll);
    expect(Object.fromEntries(first.query)).toEqual({ limit: '50' });
    expect(Object.fromEntries(second.query)).toEqual({ limit: '50', after: 'cursor-2' });
  });
});
