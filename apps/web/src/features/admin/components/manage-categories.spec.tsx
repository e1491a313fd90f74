import { ApiRoute } from '@store/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { renderWithProviders } from '@/testing/render-app';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { installFakeApi } from '@/testing/fake-api';
import { admin, category } from '@/testing/fixtures';
import { saveSession } from '@/lib/session';
import { ManageCategories } from './manage-categories';

const renderList = () =>
  renderWithProviders(
    <MemoryRouter>
      <ManageCategories />
    </MemoryRouter>,
  );

describe('manage categories', () => {
  beforeEach(() => saveSession(admin));

  it('lists every category with Update (to its rename page) and Delete', async () => {
    installFakeApi().on('GET', ApiRoute.categories, {
      body: [category({ _id: 'c-1', name: 'Basics' }), category({ _id: 'c-2', name: 'Vintage' })],
    });
    renderList();
    const row = await screen.findByRole('listitem', { name: 'Vintage' });
    expect(within(row).getByRole('link', { name: 'Update Vintage' })).toHaveAttribute('href', '/admin/category/update/c-2');
    expect(within(row).getByRole('button', { name: 'Delete Vintage' })).toBeInTheDocument();
    expect(screen.getAllByRole('listitem')).toHaveLength(2);
  });

  it('reloads the list after a delete', async () => {
    let categories = [category({ _id: 'c-1', name: 'Basics' }), category({ _id: 'c-2', name: 'Vintage' })];
    installFakeApi()
      .on('GET', ApiRoute.categories, () => ({ body: categories }))
      .on('DELETE', ApiRoute.categoryDelete, ({ params }) => {
        categories = categories.filter((c) => c._id !== params.categoryId);
        return { body: { message: 'Category deleted', _id: params.categoryId } };
      });
    jest.spyOn(window, 'confirm').mockReturnValue(true);
    renderList();
    await userEvent.click(await screen.findByRole('button', { name: 'Delete Vintage' }));
    await waitFor(() => expect(screen.queryByText('Vintage')).not.toBeInTheDocument());
    expect(screen.getByText('Basics')).toBeInTheDocument();
  });

  it('shows why a delete was refused (a category still used by products)', async () => {
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    installFakeApi()
      .on('GET', ApiRoute.categories, { body: [category({ name: 'Basics' })] })
      .on('DELETE', ApiRoute.categoryDelete, { status: 409, body: { error: 'Category is still used by 3 products', code: 'CONFLICT' } });
    jest.spyOn(window, 'confirm').mockReturnValue(true);
    renderList();
    await userEvent.click(await screen.findByRole('button', { name: 'Delete Basics' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Category is still used by 3 products');
    expect(screen.getByText('Basics')).toBeInTheDocument();
  });
});
