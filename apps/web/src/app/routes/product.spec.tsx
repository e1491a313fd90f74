import { ApiRoute, type Product } from '@store/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { CART_STORAGE_KEY } from '@/lib/cart';
import { BASE_URL, installFakeApi } from '@/testing/fake-api';
import { category, product } from '@/testing/fixtures';
import { renderApp } from '@/testing/render-app';
import { metaDescription } from './product';

const shirts = category({ name: 'Graphic Tees' });
const sized = (overrides: Partial<Product> = {}): Product =>
  product({
    name: 'Sunset Tee',
    description: 'Bright and soft, printed by hand.',
    price: 24.5,
    category: shirts._id,
    stock: 13,
    sizes: [
      { size: 'S', stock: 0 },
      { size: 'M', stock: 3 },
      { size: 'L', stock: 10 },
    ],
    ...overrides,
  });

function serve(shown: Product) {
  return installFakeApi()
    .on('GET', ApiRoute.product, ({ params }) =>
      params.productId === shown._id ? { body: shown } : { status: 404, body: { error: 'Product not found', code: 'NOT_FOUND' } },
    )
    .on('GET', ApiRoute.categories, { body: [shirts] });
}

const cart = () => JSON.parse(localStorage.getItem(CART_STORAGE_KEY) ?? '[]') as unknown[];
const metaContent = () => document.querySelector('meta[name="description"]')?.getAttribute('content');

beforeAll(() => {
  const meta = document.createElement('meta');
  meta.name = 'description';
  meta.content = 'The shop';
  document.head.append(meta);
});
// The query cache logs every failed read (a 404 here is expected).
beforeEach(() => jest.spyOn(console, 'error').mockImplementation(() => undefined));

describe('product page', () => {
  it('shows the name, description, price, category and the large photo in a reserved square, and names the tab and meta description', async () => {
    const tee = sized();
    serve(tee);
    renderApp(`/product/${tee._id}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Sunset Tee' })).toBeInTheDocument();
    expect(screen.getByText('Bright and soft, printed by hand.')).toBeInTheDocument();
    expect(screen.getByText('$24.50')).toBeInTheDocument();
    expect(await screen.findByText('Graphic Tees')).toBeInTheDocument();
    const photo = screen.getByRole('img', { name: 'Photo of Sunset Tee' });
    const version = encodeURIComponent(tee.updatedAt);
    const large = `${BASE_URL}/product/photo/${tee._id}?size=large&v=${version}`;
    expect(photo).toHaveAttribute('src', large);
    expect(photo).toHaveAttribute('srcset', `${BASE_URL}/product/photo/${tee._id}?size=card&v=${version} 600w, ${large} 1200w`);
    // Width and height give the box its shape before the image arrives: no layout shift.
    expect(photo).toHaveAttribute('width', '1200');
    expect(photo).toHaveAttribute('height', '1200');
    expect(document.title).toBe('Sunset Tee | T-Shirt Store');
    expect(metaContent()).toBe('Bright and soft, printed by hand.');
  });

  it('offers the sizes as a radio group: a size with none left is disabled, a size running low says so', async () => {
    const tee = sized();
    serve(tee);
    renderApp(`/product/${tee._id}`);
    const group = await screen.findByRole('group', { name: 'Size' });
    const radios = within(group).getAllByRole('radio');
    expect(radios.map((radio) => radio.getAttribute('value'))).toEqual(['S', 'M', 'L']);
    expect(within(group).getByRole('radio', { name: 'S (sold out)' })).toBeDisabled();
    expect(within(group).getByRole('radio', { name: 'M' })).toBeEnabled();
    expect(within(group).getByText('Only 3 left in M')).toBeInTheDocument();
    expect(within(group).queryByText(/left in L/)).not.toBeInTheDocument();
    expect(group).toHaveAccessibleDescription('Only 3 left in M');
  });

  it('asks for a size before adding a sized product, then adds it in the chosen size and goes to /cart', async () => {
    const tee = sized();
    serve(tee);
    const { location } = renderApp(`/product/${tee._id}`);
    const add = await screen.findByRole('button', { name: 'Add to Cart' });
    await userEvent.click(add);
    expect(await screen.findByRole('alert')).toHaveTextContent('Please choose a size.');
    expect(screen.getByRole('group', { name: 'Size' })).toHaveAttribute('aria-invalid', 'true');
    expect(location().pathname).toBe(`/product/${tee._id}`);
    expect(cart()).toEqual([]);

    await userEvent.click(screen.getByRole('radio', { name: 'M' }));
    await userEvent.click(add);
    expect(location().pathname).toBe('/cart');
    expect(cart()).toEqual([{ ...tee, count: 1, size: 'M' }]);
  });

  it('adds an unsized product as the grid does (one copy, then /cart), and says when few are left', async () => {
    const plain = product({ name: 'Plain Tee', stock: 2, sizes: [] });
    serve(plain);
    const { location } = renderApp(`/product/${plain._id}`);
    await screen.findByRole('heading', { level: 1, name: 'Plain Tee' });
    expect(screen.queryByRole('group', { name: 'Size' })).not.toBeInTheDocument();
    expect(screen.getByText('Only 2 left')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Add to Cart' }));
    expect(location().pathname).toBe('/cart');
    expect(cart()).toEqual([{ ...plain, count: 1 }]);
  });

  it('says "Out of stock" and offers no Add to Cart when nothing is left', async () => {
    const gone = sized({
      stock: 0,
      sizes: [
        { size: 'M', stock: 0 },
        { size: 'L', stock: 0 },
      ],
    });
    serve(gone);
    renderApp(`/product/${gone._id}`);
    expect(await screen.findByText('Out of stock')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add to Cart' })).toBeDisabled();
    expect(screen.getAllByRole('radio').every((radio) => (radio as HTMLInputElement).disabled)).toBe(true);
  });

  it.each([
    ['a deleted or unknown product (404)', 'a0000000-0000-4000-8000-000000000404', 404],
    ['a malformed id (400)', 'not-a-product', 400],
  ])('shows a clear not-found page for %s, with the way home', async (_, productId, status) => {
    installFakeApi().on('GET', ApiRoute.product, {
      status,
      body:
        status === 404
          ? { error: 'Product not found', code: 'NOT_FOUND' }
          : { error: 'productId must be a UUID', code: 'VALIDATION_FAILED' },
    });
    const { location } = renderApp(`/product/${productId}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Product not found' })).toBeInTheDocument();
    expect(document.title).toBe('Product not found | T-Shirt Store');
    await userEvent.click(screen.getByRole('link', { name: 'Back to the shop' }));
    expect(location().pathname).toBe('/');
  });

  it('shows the reason when the product cannot be loaded for another reason', async () => {
    installFakeApi().on('GET', ApiRoute.product, { status: 500, body: { error: 'Something broke', code: 'INTERNAL' } });
    renderApp('/product/a0000000-0000-4000-8000-000000000500');
    expect(await screen.findByRole('alert')).toHaveTextContent('The product could not be loaded.');
    expect(screen.getByRole('alert')).toHaveTextContent('Something broke');
  });
});

describe('home grid and the product page', () => {
  it("links each card's name (and photo) to the product page; a sized product's Choose a size opens it", async () => {
    const tee = sized();
    const plain = product({ name: 'Plain Tee', sizes: [] });
    installFakeApi()
      .on('GET', ApiRoute.products, { body: [tee, plain], headers: { 'X-Total-Count': '2' } })
      .on('GET', ApiRoute.product, { body: tee })
      .on('GET', ApiRoute.categories, { body: [shirts] });
    const { location } = renderApp('/');
    const card = await screen.findByRole('article', { name: 'Sunset Tee' });
    expect(within(card).getByRole('link', { name: 'Sunset Tee' })).toHaveAttribute('href', `/product/${tee._id}`);
    expect(within(card).getByRole('img', { name: 'Photo of Sunset Tee' }).closest('a')).toHaveAttribute('href', `/product/${tee._id}`);

    await userEvent.click(within(card).getByRole('link', { name: 'Choose a size: Sunset Tee' }));
    expect(location().pathname).toBe(`/product/${tee._id}`);
    expect(cart()).toEqual([]);
    expect(await screen.findByRole('group', { name: 'Size' })).toBeInTheDocument();
  });

  it('keeps the spec for an unsized product: Add to Cart appends one copy and goes to /cart', async () => {
    const plain = product({ name: 'Plain Tee', sizes: [] });
    installFakeApi().on('GET', ApiRoute.products, { body: [plain], headers: { 'X-Total-Count': '1' } });
    const { location } = renderApp('/');
    await userEvent.click(await screen.findByRole('button', { name: 'Add to Cart: Plain Tee' }));
    await waitFor(() => expect(location().pathname).toBe('/cart'));
    expect(cart()).toEqual([{ ...plain, count: 1 }]);
  });
});

describe('metaDescription', () => {
  it('keeps a short description as one line', () => {
    expect(metaDescription('Soft tee.\n  Printed   by hand.')).toBe('Soft tee. Printed by hand.');
  });

  it('cuts a long one at a word, within 160 characters', () => {
    const long = 'word '.repeat(100);
    const meta = metaDescription(long);
    expect(meta.length).toBeLessThanOrEqual(160);
    expect(meta).toMatch(/word…$/);
  });
});
