import { ApiRoute, type Product } from '@store/contract';
import { act, screen, waitFor, within } from '@testing-library/react';
import { renderWithProviders } from '@/testing/render-app';
import userEvent from '@testing-library/user-event';
import { type ReactElement, useState } from 'react';
import { MemoryRouter } from 'react-router-dom';
import { CART_STORAGE_KEY } from '@/lib/cart';
import { BASE_URL, deferredReply, installFakeApi } from '@/testing/fake-api';
import { product } from '@/testing/fixtures';
import { renderApp } from '@/testing/render-app';
import { ProductGrid } from './product-grid';

function catalogue(count: number): Product[] {
  return Array.from({ length: count }, (_, i) => product({ name: `Tee ${i + 1}`, price: 10 + i }));
}

function serve(products: Product[]) {
  return installFakeApi().on('GET', ApiRoute.products, ({ query }) => {
    const offset = Number(query.get('offset') ?? 0);
    const limit = Number(query.get('limit') ?? 100);
    return { body: products.slice(offset, offset + limit), headers: { 'X-Total-Count': String(products.length) } };
  });
}

/** The grid alone; its cards link to product pages, so it needs a router around it. */
const renderGrid = (ui: ReactElement) => renderWithProviders(<MemoryRouter>{ui}</MemoryRouter>);

describe('home page grid', () => {
  it('shows a spinner until the products arrive', async () => {
    const reply = deferredReply();
    installFakeApi().on('GET', ApiRoute.products, reply.handler);
    renderApp('/');
    expect(screen.getByRole('status')).toHaveTextContent('Loading products...');
    reply.resolve({ body: catalogue(1), headers: { 'X-Total-Count': '1' } });
    expect(await screen.findByRole('heading', { name: 'Tee 1' })).toBeInTheDocument();
    expect(screen.queryByText('Loading products...')).not.toBeInTheDocument();
  });

  it('says "incl. VAT" beside each price in a shop whose prices include tax', async () => {
    serve(catalogue(2)).on('GET', ApiRoute.priceDisplay, { body: { pricesIncludeTax: true } });
    renderGrid(<ProductGrid onAddToCart={() => undefined} />);
    const card = (await screen.findByRole('heading', { name: 'Tee 1' })).closest('article')!;
    expect(await within(card).findByText('incl. VAT')).toBeInTheDocument();
    expect(screen.getAllByText('incl. VAT')).toHaveLength(2);
  });

  it('shows no "incl. VAT" in a shop that adds tax at checkout', async () => {
    const api = serve(catalogue(1));
    renderGrid(<ProductGrid onAddToCart={() => undefined} />);
    await screen.findByRole('heading', { name: 'Tee 1' });
    await waitFor(() => expect(api.calls('GET', ApiRoute.priceDisplay)).toHaveLength(1));
    expect(screen.queryByText('incl. VAT')).not.toBeInTheDocument();
  });

  it('shows each product with its card-size photo, name, description, price with $ and Add to Cart, three per row from medium screens', async () => {
    const [tee] = catalogue(1);
    serve([{ ...tee, name: 'Sunset Tee', description: 'Bright and soft', price: 24.5 }]);
    renderApp('/');
    const card = await screen.findByRole('article', { name: 'Sunset Tee' });
    expect(within(card).getByRole('img', { name: 'Photo of Sunset Tee' })).toHaveAttribute(
      'src',
      `${BASE_URL}/product/photo/${tee._id}?size=card&v=${encodeURIComponent(tee.updatedAt)}`,
    );
    expect(within(card).getByText('Bright and soft')).toBeInTheDocument();
    expect(within(card).getByText('$24.50')).toBeInTheDocument();
    expect(within(card).getByRole('button', { name: 'Add to Cart: Sunset Tee' })).toHaveTextContent('Add to Cart');
    expect(card.closest('.row')).toHaveClass('row-cols-md-3');
  });

  it('offers Choose a size, not Add to Cart, for a product sold in sizes: it leads to the product page, adding nothing', async () => {
    const [tee] = catalogue(1);
    serve([{ ...tee, name: 'Sized Tee', stock: 3, sizes: [{ size: 'M', stock: 3 }] }]);
    renderApp('/');
    const card = await screen.findByRole('article', { name: 'Sized Tee' });
    expect(within(card).queryByRole('button', { name: /Add to Cart/ })).not.toBeInTheDocument();
    expect(within(card).getByRole('link', { name: 'Choose a size: Sized Tee' })).toHaveAttribute('href', `/product/${tee._id}`);
    await userEvent.click(within(card).getByRole('link', { name: 'Choose a size: Sized Tee' }));
    expect(localStorage.getItem(CART_STORAGE_KEY)).toBeNull();
  });

  it('Add to Cart appends the product to the cart and goes to /cart', async () => {
    const [tee] = catalogue(1);
    serve([tee]);
    const { location } = renderApp('/');
    await userEvent.click(await screen.findByRole('button', { name: `Add to Cart: ${tee.name}` }));
    expect(location().pathname).toBe('/cart');
    expect(JSON.parse(localStorage.getItem(CART_STORAGE_KEY)!)).toEqual([{ ...tee, count: 1 }]);
    expect(screen.getByRole('listitem', { name: tee.name })).toBeInTheDocument();
  });

  it('fetches once per visit, not on every render', async () => {
    const api = serve(catalogue(2));
    let rerender!: () => void;
    function Host() {
      const [, setTick] = useState(0);
      rerender = () => setTick((t) => t + 1);
      return <ProductGrid onAddToCart={jest.fn()} />;
    }
    renderGrid(<Host />);
    await screen.findByRole('heading', { name: 'Tee 1' });
    act(() => rerender());
    act(() => rerender());
    expect(screen.getByRole('heading', { name: 'Tee 2' })).toBeInTheDocument();
    expect(api.calls('GET', ApiRoute.products)).toHaveLength(1);
  });

  it('shows a total the server stopped counting as "1000+"', async () => {
    installFakeApi().on('GET', ApiRoute.products, () => ({
      body: catalogue(2),
      headers: { 'X-Total-Count': '1000', 'X-Total-Count-Capped': 'true' },
    }));
    renderGrid(<ProductGrid onAddToCart={jest.fn()} pageSize={2} view={{ sortBy: 'createdAt', order: 'desc', q: 'tee' }} />);
    await screen.findByRole('heading', { name: 'Tee 2' });
    expect(screen.getByText('Showing 2 of 1000+ t-shirts')).toBeInTheDocument();
  });

  it('loads the next page when the shopper asks for more, until all are shown', async () => {
    const api = serve(catalogue(5));
    renderGrid(<ProductGrid onAddToCart={jest.fn()} pageSize={2} />);
    await screen.findByRole('heading', { name: 'Tee 2' });
    expect(screen.getByText('Showing 2 of 5 t-shirts')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Load more products' }));
    await screen.findByRole('heading', { name: 'Tee 4' });
    await userEvent.click(screen.getByRole('button', { name: 'Load more products' }));
    await screen.findByRole('heading', { name: 'Tee 5' });
    expect(screen.queryByRole('button', { name: 'Load more products' })).not.toBeInTheDocument();
    expect(api.calls('GET', ApiRoute.products).map((r) => [r.query.get('offset'), r.query.get('limit')])).toEqual([
      ['0', '2'],
      ['2', '2'],
      ['4', '2'],
    ]);
  });

  it('loads the next page when the end of the grid scrolls into view', async () => {
    const observers: { callback: IntersectionObserverCallback; target?: Element }[] = [];
    // jsdom does no layout, so the browser's IntersectionObserver is played here; the browser tests scroll for real.
    window.IntersectionObserver = class {
      constructor(private callback: IntersectionObserverCallback) {
        observers.push({ callback });
      }
      observe(target: Element) {
        observers[observers.length - 1].target = target;
      }
      disconnect() {}
    } as unknown as typeof IntersectionObserver;
    const api = serve(catalogue(3));
    renderGrid(<ProductGrid onAddToCart={jest.fn()} pageSize={2} />);
    await screen.findByRole('heading', { name: 'Tee 2' });
    const { callback, target } = observers[observers.length - 1];
    act(() => callback([{ isIntersecting: true, target } as IntersectionObserverEntry], {} as IntersectionObserver));
    await screen.findByRole('heading', { name: 'Tee 3' });
    expect(api.calls('GET', ApiRoute.products)).toHaveLength(2);
    delete (window as Partial<typeof window>).IntersectionObserver;
  });

  it('shows the error when the catalogue cannot be loaded', async () => {
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    installFakeApi().on('GET', ApiRoute.products, { status: 500, body: { error: 'Something went wrong on our side', code: 'INTERNAL' } });
    renderGrid(<ProductGrid onAddToCart={jest.fn()} />);
    expect(await screen.findByRole('alert')).toHaveTextContent('Something went wrong on our side');
  });

  it('marks a sold-out product and does not let it into the cart', async () => {
    serve([product({ name: 'Gone Tee', stock: 0 })]);
    renderGrid(<ProductGrid onAddToCart={jest.fn()} />);
    const card = await screen.findByRole('article', { name: 'Gone Tee' });
    expect(within(card).getByText('Out of stock')).toBeInTheDocument();
    expect(within(card).getByRole('button', { name: 'Add to Cart: Gone Tee' })).toBeDisabled();
  });

  it('shows a friendly note when the shop is empty', async () => {
    serve([]);
    renderGrid(<ProductGrid onAddToCart={jest.fn()} />);
    await waitFor(() => expect(screen.getByText(/No t-shirts in the shop yet/)).toBeInTheDocument());
  });
});
