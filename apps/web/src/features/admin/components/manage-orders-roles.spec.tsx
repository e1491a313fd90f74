import { ApiRoute } from '@store/contract';
import { screen, within } from '@testing-library/react';
import { saveSession } from '@/lib/session';
import { installFakeApi } from '@/testing/fake-api';
import { admin, order } from '@/testing/fixtures';
import { renderWithProviders } from '@/testing/render-app';
import { ManageOrders } from './manage-orders';

/** What each staff role is offered on the orders screen (the server refuses the rest with 403 regardless). */
describe('manage orders: what each staff role is offered', () => {
  const twoLines = order({
    products: [
      { product: 'p1', name: 'Sunset Tee', price: 24.99, count: 2 },
      { product: 'p2', name: 'Sunset Mug', price: 4, count: 3 },
    ],
    amount: 61.98,
  });

  const rowAs = async (staffRole: 'owner' | 'staff' | 'read-only') => {
    saveSession({ ...admin, user: { ...admin.user, staffRole } });
    installFakeApi().on('GET', ApiRoute.ordersAll, { body: [twoLines] });
    renderWithProviders(<ManageOrders />);
    return screen.findByRole('listitem', { name: 'Order O0000000' });
  };
  const moves = (row: HTMLElement) =>
    within(row)
      .queryAllByRole('option')
      .map((option) => option.textContent);

  it('an owner: line refunds, and Cancelled among the moves', async () => {
    const row = await rowAs('owner');
    expect(within(row).getAllByRole('button', { name: /^Refund / })).toHaveLength(2);
    expect(moves(row)).toEqual(['Processing', 'Cancelled']);
  });

  it('staff: no refund button and no Cancelled, the other moves kept', async () => {
    const row = await rowAs('staff');
    expect(within(row).queryAllByRole('button', { name: /^Refund / })).toHaveLength(0);
    expect(moves(row)).toEqual(['Processing']);
  });

  it('read-only: neither refunds nor moves', async () => {
    const row = await rowAs('read-only');
    expect(within(row).queryAllByRole('button', { name: /^Refund / })).toHaveLength(0);
    expect(within(row).queryByLabelText('Move to')).not.toBeInTheDocument();
    expect(within(row).queryByRole('button', { name: 'Update' })).not.toBeInTheDocument();
  });
});
