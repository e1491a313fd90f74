import { ApiRoute } from '@store/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { renderWithProviders } from '@/testing/render-app';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { installFakeApi } from '@/testing/fake-api';
import { admin, product } from '@/testing/fixtures';
import { saveSession } from '@/lib/session';
import { ManageProducts } from './manage-products';

beforeEach(() => saveSession(admin));
const renderList = (pageSize?: number) =>
  renderWithProviders(
    <MemoryRouter>
      <ManageProducts pageSize={pageSize} />
    </MemoryRouter>,
  );

describe('manage products', () => {
  it("heads the list with the real count from X-Total-Count ('Total N products')", async () => {
    const page = [product({ name: 'Basic Tee' }), product({ name: 'Stripe Tee' })];
    installFakeApi().on('GET', ApiRoute.products, { body: page, headers: { 'X-Total-Count': '57' } });
    renderList();
    expect(await screen.findByRole('heading', { name: 'Total 57 products' })).toBeInTheDocument();
    expect(screen.getAllByRole('listitem')).toHaveLength(2);
  });

  it('gives every product Update (to its edit page) and Delete', async () => {
    const tee = product({ _id: 'p-1', name: 'Basic Tee' });
    installFakeApi().on('GET', ApiRoute.products, { body: [tee], headers: { 'X-Total-Count': '1' } });
    renderList();
    const row = await screen.findByRole('listitem', { name: 'Basic Tee' });
    expect(within(row).getByRole('link', { name: 'Update Basic Tee' })).toHaveAttribute('href', '/admin/product/update/p-1');
    expect(within(row).getByRole('button', { name: 'Delete Basic Tee' })).toBeInTheDocument();
  });

  it('deletes after confirmation and takes it off the list', async () => {
    let products = [product({ _id: 'p-1', name: 'Basic Tee' }), product({ _id: 'p-2', name: 'Stripe Tee' })];
    const api = installFakeApi()
      .on('GET', ApiRoute.products, () => ({ body: products, headers: { 'X-Total-Count': String(products.length) } }))
      .on('DELETE', ApiRoute.productDelete, ({ params }) => {
        products = products.filter((p) => p._id !== params.productId);
        return { body: { message: 'Product deleted', _id: params.productId } };
      });
    jest.spyOn(window, 'confirm').mockReturnValue(true);
    renderList();
    await userEvent.click(await screen.findByRole('button', { name: 'Delete Basic Tee' }));

    await waitFor(() => expect(screen.getByRole('heading', { name: 'Total 1 products' })).toBeInTheDocument());
    expect(screen.queryByText('Basic Tee')).not.toBeInTheDocument();
    const [request] = api.calls('DELETE', ApiRoute.productDelete);
    expect(request.path).toBe(`/product/p-1/${admin.user._id}`);
    expect(request.headers.authorization).toBe(`Bearer ${admin.token}`);
  });

  it('takes the deleted product off the list at once, though a list read just after (another replica) still has it', async () => {
    const page = [product({ _id: 'p-1', name: 'Basic Tee' }), product({ _id: 'p-2', name: 'Stripe Tee' })];
    const api = installFakeApi()
      .on('GET', ApiRoute.products, { body: page, headers: { 'X-Total-Count': '2' } })
      .on('DELETE', ApiRoute.productDelete, ({ params }) => ({ body: { message: 'Product deleted', _id: params.productId } }));
    jest.spyOn(window, 'confirm').mockReturnValue(true);
    renderList();
    await userEvent.click(await screen.findByRole('button', { name: 'Delete Basic Tee' }));

    await waitFor(() => expect(screen.getByRole('heading', { name: 'Total 1 products' })).toBeInTheDocument());
    expect(screen.queryByText('Basic Tee')).not.toBeInTheDocument();
    expect(screen.getByText('Stripe Tee')).toBeInTheDocument();
    expect(api.calls('DELETE', ApiRoute.productDelete)).toHaveLength(1);
  });

  it('does nothing when the delete is not confirmed', async () => {
    const api = installFakeApi().on('GET', ApiRoute.products, {
      body: [product({ name: 'Basic Tee' })],
      headers: { 'X-Total-Count': '1' },
    });
    jest.spyOn(window, 'confirm').mockReturnValue(false);
    renderList();
    await userEvent.click(await screen.findByRole('button', { name: 'Delete Basic Tee' }));
    expect(api.calls('DELETE', ApiRoute.productDelete)).toHaveLength(0);
  });

  it('logs a failed delete and shows it too', async () => {
    const log = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    installFakeApi()
      .on('GET', ApiRoute.products, { body: [product({ name: 'Basic Tee' })], headers: { 'X-Total-Count': '1' } })
      .on('DELETE', ApiRoute.productDelete, { status: 403, body: { error: 'Admins only', code: 'FORBIDDEN' } });
    jest.spyOn(window, 'confirm').mockReturnValue(true);
    renderList();
    await userEvent.click(await screen.findByRole('button', { name: 'Delete Basic Tee' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Admins only');
    expect(log).toHaveBeenCalled();
  });

  it('loads the next page on request', async () => {
    const all = Array.from({ length: 3 }, (_, i) => product({ name: `Tee ${String.fromCharCode(65 + i)}` }));
    const api = installFakeApi().on('GET', ApiRoute.products, ({ query }) => {
      const offset = Number(query.get('offset'));
      const limit = Number(query.get('limit'));
      return { body: all.slice(offset, offset + limit), headers: { 'X-Total-Count': '3' } };
    });
    renderList(2);
    expect(await screen.findByRole('heading', { name: 'Total 3 products' })).toBeInTheDocument();
    expect(screen.getAllByRole('listitem')).toHaveLength(2);
    await userEvent.click(screen.getByRole('button', { name: 'Load more products' }));
    await waitFor(() => expect(screen.getAllByRole('listitem')).toHaveLength(3));
    expect(screen.queryByRole('button', { name: 'Load more products' })).not.toBeInTheDocument();
    expect(api.calls('GET', ApiRoute.products).map((r) => r.query.get('offset'))).toEqual(['0', '2']);
  });
});
