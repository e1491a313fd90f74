import { ApiRoute } from '@store/contract';
import { screen } from '@testing-library/react';
import { renderWithProviders } from '@/testing/render-app';
import userEvent from '@testing-library/user-event';
import { installFakeApi } from '@/testing/fake-api';
import { admin } from '@/testing/fixtures';
import { saveSession } from '@/lib/session';
import { CreateCategoryForm, UpdateCategoryForm } from './category-form';

beforeEach(() => saveSession(admin));

describe('create category', () => {
  it('has a required, labelled Name', () => {
    renderWithProviders(<CreateCategoryForm />);
    expect(screen.getByLabelText('Name')).toBeRequired();
  });

  it("says 'category created successfully' and clears the field", async () => {
    const api = installFakeApi().on('POST', ApiRoute.categoryCreate, { status: 201, body: { _id: 'c1', name: 'Vintage' } });
    renderWithProviders(<CreateCategoryForm />);
    await userEvent.type(screen.getByLabelText('Name'), ' Vintage ');
    await userEvent.click(screen.getByRole('button', { name: 'Create Category' }));

    expect(await screen.findByText('category created successfully')).toBeInTheDocument();
    expect(screen.getByLabelText('Name')).toHaveValue('');
    const [request] = api.calls('POST', ApiRoute.categoryCreate);
    expect(request.path).toBe(`/category/create/${admin.user._id}`);
    expect(request.headers.authorization).toBe(`Bearer ${admin.token}`);
    expect(request.json).toEqual({ name: 'Vintage' });
  });

  it("says 'failed to create category' in red, with the server's reason", async () => {
    const log = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    installFakeApi().on('POST', ApiRoute.categoryCreate, {
      status: 409,
      body: { error: 'Category "Vintage" already exists', code: 'CONFLICT' },
    });
    renderWithProviders(<CreateCategoryForm />);
    await userEvent.type(screen.getByLabelText('Name'), 'Vintage');
    await userEvent.click(screen.getByRole('button', { name: 'Create Category' }));

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveClass('alert-danger');
    expect(screen.getByText('failed to create category')).toBeInTheDocument();
    expect(alert).toHaveTextContent('Category "Vintage" already exists');
    expect(screen.getByLabelText('Name')).toHaveValue('Vintage');
    expect(log).toHaveBeenCalled();
  });

  it('refuses an empty name without calling the server', async () => {
    const api = installFakeApi();
    renderWithProviders(<CreateCategoryForm />);
    await userEvent.type(screen.getByLabelText('Name'), '   ');
    await userEvent.click(screen.getByRole('button', { name: 'Create Category' }));
    // CategoryDto's message: the name is trimmed first, as the server does.
    expect(screen.getByText('Name must contain a visible character')).toBeInTheDocument();
    expect(api.requests).toHaveLength(0);
  });
});

describe('update category', () => {
  it("starts with the current name and says 'category Updated successfully'", async () => {
    const api = installFakeApi()
      .on('GET', ApiRoute.category, { body: { _id: 'c1', name: 'Vintage' } })
      .on('PUT', ApiRoute.categoryUpdate, ({ json }) => ({ body: { _id: 'c1', ...(json as object) } }));
    renderWithProviders(<UpdateCategoryForm categoryId="c1" />);

    const name = await screen.findByLabelText('Name');
    expect(name).toHaveValue('Vintage');
    await userEvent.clear(name);
    await userEvent.type(name, 'Retro');
    await userEvent.click(screen.getByRole('button', { name: 'Update Category' }));

    expect(await screen.findByText('category Updated successfully')).toBeInTheDocument();
    const [request] = api.calls('PUT', ApiRoute.categoryUpdate);
    expect(request.path).toBe(`/category/c1/${admin.user._id}`);
    expect(request.json).toEqual({ name: 'Retro' });
    expect(screen.getByLabelText('Name')).toHaveValue('Retro');
  });

  it("says 'failed to Update category' in red", async () => {
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    installFakeApi()
      .on('GET', ApiRoute.category, { body: { _id: 'c1', name: 'Vintage' } })
      .on('PUT', ApiRoute.categoryUpdate, { status: 409, body: { error: 'Category "Basics" already exists', code: 'CONFLICT' } });
    renderWithProviders(<UpdateCategoryForm categoryId="c1" />);
    const name = await screen.findByLabelText('Name');
    await userEvent.clear(name);
    await userEvent.type(name, 'Basics');
    await userEvent.click(screen.getByRole('button', { name: 'Update Category' }));

    expect(await screen.findByRole('alert')).toHaveTextContent('failed to Update category');
    expect(screen.getByText('failed to Update category')).toBeInTheDocument();
  });

  it('says when the category does not exist', async () => {
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    installFakeApi().on('GET', ApiRoute.category, { status: 404, body: { error: 'Category not found', code: 'NOT_FOUND' } });
    renderWithProviders(<UpdateCategoryForm categoryId="c404" />);
    expect(await screen.findByRole('alert')).toHaveTextContent('Category not found');
  });
});
