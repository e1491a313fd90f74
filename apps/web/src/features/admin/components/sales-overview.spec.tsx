import { ApiRoute, type SalesOverview as Overview } from '@store/contract';
import { screen, within } from '@testing-library/react';
import { saveSession } from '@/lib/session';
import { installFakeApi } from '@/testing/fake-api';
import { admin } from '@/testing/fixtures';
import { renderWithProviders } from '@/testing/render-app';
import { SalesOverview } from './sales-overview';

const overview = (periods: Overview['periods']): Overview => ({ periods, bestSellers: [], lowStock: [], lowStockThreshold: 5 });

describe('sales overview', () => {
  beforeEach(() => saveSession(admin));

  it('splits each period’s revenue into discount, shipping and tax', async () => {
    installFakeApi().on('GET', ApiRoute.ordersOverview, {
      body: overview([
        { period: 'today', orders: 2, cancelled: 0, revenue: 70.5, discount: 5, shipping: 10, tax: 5.5 },
        { period: '7d', orders: 3, cancelled: 1, revenue: 90.5, discount: 5, shipping: 15, tax: 7.5 },
        { period: '30d', orders: 3, cancelled: 1, revenue: 90.5, discount: 5, shipping: 15, tax: 7.5 },
      ]),
    });
    renderWithProviders(<SalesOverview />);
    const table = await screen.findByRole('table', { name: 'Orders and revenue' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Period', 'Orders', 'Cancelled', 'Revenue', 'Discount', 'Shipping', 'Tax']);
    const today = within(table).getByRole('row', { name: /Today/ });
    expect(
      within(today)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['2', '0', '$70.50', '$5.00', '$10.00', '$5.50']);
  });

  it('shows the revenue alone when the server gives no split', async () => {
    installFakeApi().on('GET', ApiRoute.ordersOverview, {
      body: overview([
        { period: 'today', orders: 1, cancelled: 0, revenue: 19.99 },
        { period: '7d', orders: 1, cancelled: 0, revenue: 19.99 },
        { period: '30d', orders: 1, cancelled: 0, revenue: 19.99 },
      ]),
    });
    renderWithProviders(<SalesOverview />);
    const table = await screen.findByRole('table', { name: 'Orders and revenue' });
    expect(within(table).queryByRole('columnheader', { name: 'Tax' })).not.toBeInTheDocument();
  });
});
