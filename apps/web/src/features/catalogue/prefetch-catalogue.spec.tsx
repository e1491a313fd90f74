import { ApiRoute } from '@store/contract';
import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { AppProviders } from '@/app/providers';
import { createQueryClient } from '@/lib/query-client';
import { deferredReply, installFakeApi } from '@/testing/fake-api';
import { product } from '@/testing/fixtures';
import { catalogueView } from './catalogue-view';
import { ProductGrid } from './components/product-grid';
import { prefetchCatalogue } from './prefetch-catalogue';

describe('the home page catalogue read before React renders', () => {
  it('is the page the grid shows: one request, with the view from the URL and the grid page size', async () => {
    const tee = product({ name: 'Early Tee' });
    const reply = deferredReply();
    const api = installFakeApi().on('GET', ApiRoute.products, reply.handler);
    const queryClient = createQueryClient({ retry: false });
    const search = '?q=early&sortBy=price&order=asc';

    const prefetched = prefetchCatalogue(queryClient, search);
    render(
      <AppProviders queryClient={queryClient}>
        {/* The cards link to their product pages. */}
        <MemoryRouter>
          <ProductGrid onAddToCart={jest.fn()} view={catalogueView(search)} />
        </MemoryRouter>
      </AppProviders>,
    );
    // The grid finds the read already under way and waits for it (its spinner) instead of asking again.
    expect(screen.getByRole('status')).toHaveTextContent('Loading products...');
    reply.resolve({ body: [tee], headers: { 'X-Total-Count': '1' } });
    await prefetched;

    const card = await screen.findByRole('article', { name: 'Early Tee' });
    expect(within(card).getByRole('button', { name: 'Add to Cart: Early Tee' })).toBeInTheDocument();
    const calls = api.calls('GET', ApiRoute.products);
    expect(calls).toHaveLength(1);
    expect(Object.fromEntries(calls[0].query)).toEqual({ limit: '12', offset: '0', sortBy: 'price', order: 'asc', q: 'early' });
  });
});
