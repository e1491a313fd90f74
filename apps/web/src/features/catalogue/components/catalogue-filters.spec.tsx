import { ApiRoute, type Product } from '@store/contract';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { installFakeApi } from '@/testing/fake-api';
import { category, product } from '@/testing/fixtures';
import { renderApp } from '@/testing/render-app';

const tees = category({ _id: 'c0000000-0000-4000-8000-00000000000a', name: 'Graphic Tees' });
const basics = category({ _id: 'c0000000-0000-4000-8000-00000000000b', name: 'Basics' });
const cafe = product({ name: 'Café Tee', category: tees._id, price: 30 });
const cream = product({ name: 'Cream Tee', category: basics._id, price: 15 });

/** A catalogue server: filters by `q` (ignoring case and accents, as the API does) and `category`, sorts by price. */
function serve() {
  const plain = (text: string) => text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
  return installFakeApi()
    .on('GET', ApiRoute.categories, { body: [basics, tees] })
    .on('GET', ApiRoute.products, ({ query }) => {
      let found: Product[] = [cafe, cream];
      const q = query.get('q');
      if (q) found = found.filter((p) => plain(`${p.name} ${p.description}`).includes(plain(q)));
      const categoryId = query.get('category');
      if (categoryId) found = found.filter((p) => p.category === categoryId);
      if (query.get('sortBy') === 'price')
        found = [...found].sort((a, b) => (a.price - b.price) * (query.get('order') === 'desc' ? -1 : 1));
      return { body: found, headers: { 'X-Total-Count': String(found.length) } };
    });
}

const shown = () => screen.queryAllByRole('article').map((card) => within(card).getByRole('heading').textContent);
const lastQuery = (api: ReturnType<typeof serve>) => Object.fromEntries(api.calls('GET', ApiRoute.products).at(-1)!.query);

describe('home page search, sort and category chips', () => {
  it('searches: the words go into the URL and to the API, and the grid shows the matches', async () => {
    const api = serve();
    const { location } = renderApp('/');
    await screen.findByRole('heading', { name: 'Cream Tee' });
    await userEvent.type(await screen.findByRole('searchbox', { name: 'Search t-shirts' }), 'cafe{Enter}');
    await waitFor(() => expect(shown()).toEqual(['Café Tee']));
    expect(location().search).toBe('?q=cafe');
    expect(lastQuery(api)).toMatchObject({ q: 'cafe', sortBy: 'createdAt', order: 'desc', offset: '0' });
    expect(screen.getByText('Showing 1 of 1 t-shirts')).toBeInTheDocument();
  });

  it('filters by a category chip, marking the chosen one; All takes the filter off', async () => {
    const api = serve();
    const { location } = renderApp('/');
    const chips = await screen.findByRole('navigation', { name: 'Categories' });
    await userEvent.click(await within(chips).findByRole('link', { name: 'Basics' }));
    await waitFor(() => expect(shown()).toEqual(['Cream Tee']));
    expect(location().search).toBe(`?category=${basics._id}`);
    expect(lastQuery(api)).toMatchObject({ category: basics._id });
    expect(within(chips).getByRole('link', { name: 'Basics' })).toHaveAttribute('aria-current', 'true');
    expect(within(chips).getByRole('link', { name: 'All' })).not.toHaveAttribute('aria-current');
    await userEvent.click(within(chips).getByRole('link', { name: 'All' }));
    await waitFor(() => expect(shown()).toHaveLength(2));
    expect(location().search).toBe('');
  });

  it('sorts: price up and down go into the URL; Newest takes them out again', async () => {
    const api = serve();
    const { location } = renderApp('/');
    await screen.findByRole('heading', { name: 'Cream Tee' });
    const select = await screen.findByRole('combobox', { name: 'Sort by' });
    expect(
      within(select)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Newest', 'Price: low to high', 'Price: high to low', 'Best-selling']);
    await userEvent.selectOptions(select, 'Price: high to low');
    await waitFor(() => expect(shown()).toEqual(['Café Tee', 'Cream Tee']));
    expect(location().search).toBe('?sortBy=price&order=desc');
    await userEvent.selectOptions(select, 'Price: low to high');
    await waitFor(() => expect(shown()).toEqual(['Cream Tee', 'Café Tee']));
    await userEvent.selectOptions(select, 'Best-selling');
    await waitFor(() => expect(lastQuery(api)).toMatchObject({ sortBy: 'sold', order: 'desc' }));
    await userEvent.selectOptions(select, 'Newest');
    await waitFor(() => expect(location().search).toBe(''));
  });

  it('a link reproduces the view: search, category and sort from the URL', async () => {
    const api = serve();
    renderApp(`/?q=tee&category=${tees._id}&sortBy=price&order=asc`);
    await waitFor(() => expect(shown()).toEqual(['Café Tee']));
    expect(lastQuery(api)).toMatchObject({ q: 'tee', category: tees._id, sortBy: 'price', order: 'asc' });
    expect(await screen.findByRole('searchbox', { name: 'Search t-shirts' })).toHaveValue('tee');
    expect(screen.getByRole('combobox', { name: 'Sort by' })).toHaveValue('price.asc');
    expect(await screen.findByRole('link', { name: 'Graphic Tees' })).toHaveAttribute('aria-current', 'true');
  });

  it('Back restores the view before, search box included', async () => {
    serve();
    const { navigate, location } = renderApp('/');
    const box = await screen.findByRole('searchbox', { name: 'Search t-shirts' });
    await userEvent.type(box, 'cream{Enter}');
    await waitFor(() => expect(shown()).toEqual(['Cream Tee']));
    await userEvent.click(await screen.findByRole('link', { name: 'Graphic Tees' }));
    await waitFor(() => expect(shown()).toEqual([]));
    expect(location().search).toBe(`?q=cream&category=${tees._id}`);
    await act(() => navigate(-1));
    await waitFor(() => expect(shown()).toEqual(['Cream Tee']));
    expect(location().search).toBe('?q=cream');
    await act(() => navigate(-1));
    await waitFor(() => expect(shown()).toHaveLength(2));
    expect(screen.getByRole('searchbox', { name: 'Search t-shirts' })).toHaveValue('');
  });

  it('says so when nothing matches', async () => {
    serve();
    renderApp('/?q=zeppelin');
    expect(await screen.findByText('No t-shirts match your search. Try other words or another category.')).toBeInTheDocument();
  });

  it('asks for a longer word instead of searching for only short ones', async () => {
    const api = serve();
    const { location } = renderApp('/');
    await screen.findByRole('heading', { name: 'Cream Tee' });
    const box = await screen.findByRole('searchbox', { name: 'Search t-shirts' });
    await userEvent.type(box, 'ab{Enter}');
    expect(await screen.findByRole('alert')).toHaveTextContent('Type a word of at least 3 letters to search.');
    expect(box).toHaveAttribute('aria-invalid', 'true');
    expect(location().search).toBe('');
    expect(api.calls('GET', ApiRoute.products)).toHaveLength(1);
  });
});
