import { ApiRoute, PRODUCT_PRICE_MAX, PRODUCT_STOCK_MAX, type Product } from '@store/contract';
import { screen, within } from '@testing-library/react';
import { renderWithProviders } from '@/testing/render-app';
import userEvent from '@testing-library/user-event';
import { installFakeApi, type RecordedRequest } from '@/testing/fake-api';
import { admin, category, product } from '@/testing/fixtures';
import { saveSession } from '@/lib/session';
import { ProductForm, UpdateProductForm } from './product-form';

beforeEach(() => saveSession(admin));
// Category ids are UUIDs, as the API gives them (the form checks the id it sends).
const TEES_ID = 'c0000000-0000-4000-8000-0000000000e1';
const BASICS_ID = 'c0000000-0000-4000-8000-0000000000e2';
const tees = category({ _id: TEES_ID, name: 'Graphic Tees' });
const basics = category({ _id: BASICS_ID, name: 'Basics' });

function withCategories() {
  return installFakeApi().on('GET', ApiRoute.categories, { body: [basics, tees] });
}

const photo = () => new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'tee.png', { type: 'image/png' });

function formFields(request: RecordedRequest): Record<string, unknown> {
  return Object.fromEntries([...request.form!.entries()].map(([k, v]) => [k, typeof v === 'string' ? v : (v as File).name]));
}

describe('create product', () => {
  it('has labelled Name, Description, numeric Price and Stock, a Category select and an image-only Photo', async () => {
    withCategories();
    renderWithProviders(<ProductForm />);
    expect(await screen.findByLabelText('Name')).toBeInTheDocument();
    expect(screen.getByLabelText('Description').tagName).toBe('TEXTAREA');
    expect(screen.getByLabelText('Price')).toHaveAttribute('type', 'number');
    expect(screen.getByLabelText('Stock')).toHaveAttribute('type', 'number');
    const select = screen.getByLabelText('Category');
    expect(
      within(select)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Select a category', 'Basics', 'Graphic Tees']);
    expect(screen.getByLabelText('Photo')).toHaveAttribute('type', 'file');
    expect(screen.getByLabelText('Photo').getAttribute('accept')).toMatch(/^image\//);
  });

  it("sends a multipart form with every field and the photo, says '{name} created successfully' and clears the form", async () => {
    const api = withCategories().on('POST', ApiRoute.productCreate, ({ form }) => ({
      status: 201,
      body: product({ name: String(form!.get('name')), category: String(form!.get('category')) }),
    }));
    renderWithProviders(<ProductForm />);
    await userEvent.type(await screen.findByLabelText('Name'), 'Sunset Tee');
    await userEvent.type(screen.getByLabelText('Description'), 'Soft and bright');
    await userEvent.type(screen.getByLabelText('Price'), '24.99');
    await userEvent.type(screen.getByLabelText('Stock'), '40');
    await userEvent.selectOptions(screen.getByLabelText('Category'), 'Graphic Tees');
    await userEvent.upload(screen.getByLabelText('Photo'), photo());
    await userEvent.click(screen.getByRole('button', { name: 'Create Product' }));

    expect(await screen.findByText('Sunset Tee created successfully')).toBeInTheDocument();
    const [request] = api.calls('POST', ApiRoute.productCreate);
    expect(request.path).toBe(`/product/create/${admin.user._id}`);
    expect(request.headers.authorization).toBe(`Bearer ${admin.token}`);
    expect(formFields(request)).toEqual({
      name: 'Sunset Tee',
      description: 'Soft and bright',
      price: '24.99',
      stock: '40',
      category: TEES_ID,
      photo: 'tee.png',
    });
    expect(screen.getByLabelText('Name')).toHaveValue('');
    expect(screen.getByLabelText('Price')).toHaveValue(null);
    expect(screen.getByLabelText('Category')).toHaveValue('');
  });

  it("shows the server's error in a red alert", async () => {
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    withCategories().on('POST', ApiRoute.productCreate, {
      status: 415,
      body: { error: 'The photo must be a JPEG, PNG, WebP or GIF image', code: 'UNSUPPORTED_MEDIA_TYPE' },
    });
    renderWithProviders(<ProductForm />);
    await userEvent.type(await screen.findByLabelText('Name'), 'Sunset Tee');
    await userEvent.type(screen.getByLabelText('Description'), 'Soft');
    await userEvent.type(screen.getByLabelText('Price'), '10');
    await userEvent.type(screen.getByLabelText('Stock'), '1');
    await userEvent.selectOptions(screen.getByLabelText('Category'), 'Basics');
    await userEvent.click(screen.getByRole('button', { name: 'Create Product' }));

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveClass('alert-danger');
    expect(alert).toHaveTextContent('The photo must be a JPEG, PNG, WebP or GIF image');
    expect(screen.getByLabelText('Name')).toHaveValue('Sunset Tee');
  });

  it('checks the fields before sending', async () => {
    const api = withCategories();
    renderWithProviders(<ProductForm />);
    await userEvent.type(await screen.findByLabelText('Price'), '1.234');
    await userEvent.type(screen.getByLabelText('Stock'), '2.5');
    await userEvent.click(screen.getByRole('button', { name: 'Create Product' }));
    // The server's own messages (ProductFieldsDto), for what the form would send.
    expect(screen.getByText('Name must contain a visible character')).toBeInTheDocument();
    expect(screen.getByText('Description must contain a visible character')).toBeInTheDocument();
    expect(screen.getByText(`Price must be a number from 0 to ${PRODUCT_PRICE_MAX} with at most 2 decimals`)).toBeInTheDocument();
    expect(screen.getByText(`Stock must be a whole number from 0 to ${PRODUCT_STOCK_MAX}`)).toBeInTheDocument();
    expect(screen.getByText('Category must be a valid category id')).toBeInTheDocument();
    expect(api.calls('POST', ApiRoute.productCreate)).toHaveLength(0);
  });
});

describe('update product', () => {
  const existing: Product = product({
    _id: 'p-sun',
    name: 'Sunset Tee',
    description: 'Bright',
    price: 24.99,
    stock: 40,
    category: TEES_ID,
  });

  it("starts with every field filled in, keeps the photo when none is chosen, and says '{name} updated successfully'", async () => {
    const api = withCategories()
      .on('GET', ApiRoute.product, { body: existing })
      .on('PUT', ApiRoute.productUpdate, ({ form }) => ({
        body: { ...existing, name: String(form!.get('name')), price: Number(form!.get('price')) },
      }));
    renderWithProviders(<UpdateProductForm productId="p-sun" />);

    const name = await screen.findByLabelText('Name');
    expect(name).toHaveValue('Sunset Tee');
    expect(screen.getByLabelText('Description')).toHaveValue('Bright');
    expect(screen.getByLabelText('Price')).toHaveValue(24.99);
    expect(screen.getByLabelText('Stock')).toHaveValue(40);
    expect(screen.getByLabelText('Category')).toHaveValue(TEES_ID);
    expect(screen.getByAltText('Photo of Sunset Tee')).toBeInTheDocument();

    await userEvent.clear(name);
    await userEvent.type(name, 'Sunrise Tee');
    await userEvent.clear(screen.getByLabelText('Price'));
    await userEvent.type(screen.getByLabelText('Price'), '19.5');
    await userEvent.click(screen.getByRole('button', { name: 'Update Product' }));

    expect(await screen.findByText('Sunrise Tee updated successfully')).toBeInTheDocument();
    const [request] = api.calls('PUT', ApiRoute.productUpdate);
    expect(request.path).toBe(`/product/p-sun/${admin.user._id}`);
    // The stock was not touched, so it is not sent: the form's 40 is as old as the page (sales move the real one).
    expect(formFields(request)).toEqual({ name: 'Sunrise Tee', description: 'Bright', price: '19.5', category: TEES_ID });
    expect(screen.getByLabelText('Name')).toHaveValue('Sunrise Tee');
  });

  it('sends the stock on an edit only when it was changed, and then the stock as typed', async () => {
    const api = withCategories().on('GET', ApiRoute.product, { body: existing }).on('PUT', ApiRoute.productUpdate, { body: existing });
    renderWithProviders(<UpdateProductForm productId="p-sun" />);
    const stock = await screen.findByLabelText('Stock');
    await userEvent.clear(stock);
    await userEvent.type(stock, '12');
    await userEvent.click(screen.getByRole('button', { name: 'Update Product' }));
    await screen.findByText('Sunset Tee updated successfully');
    const [request] = api.calls('PUT', ApiRoute.productUpdate);
    expect(formFields(request)).toEqual({ name: 'Sunset Tee', description: 'Bright', price: '24.99', stock: '12', category: TEES_ID });
  });

  it('leaves the sizes of a sized product alone when only its text was edited (sales since the page opened stand)', async () => {
    const sized = product({ _id: 'p-sized', name: 'Sized Tee', category: TEES_ID, stock: 5, sizes: [{ size: 'M', stock: 5 }] });
    const api = withCategories().on('GET', ApiRoute.product, { body: sized }).on('PUT', ApiRoute.productUpdate, { body: sized });
    renderWithProviders(<UpdateProductForm productId="p-sized" />);
    const description = await screen.findByLabelText('Description');
    await userEvent.type(description, ' and soft');
    await userEvent.click(screen.getByRole('button', { name: 'Update Product' }));
    await screen.findByText('Sized Tee updated successfully');
    const [request] = api.calls('PUT', ApiRoute.productUpdate);
    expect(request.form!.has('sizes')).toBe(false);
    expect(request.form!.has('stock')).toBe(false);
    expect(request.form!.get('description')).toBe(`${sized.description} and soft`);
  });

  it('sends a newly chosen photo', async () => {
    const api = withCategories().on('GET', ApiRoute.product, { body: existing }).on('PUT', ApiRoute.productUpdate, { body: existing });
    renderWithProviders(<UpdateProductForm productId="p-sun" />);
    await userEvent.upload(await screen.findByLabelText('Photo'), photo());
    await userEvent.click(screen.getByRole('button', { name: 'Update Product' }));
    await screen.findByText('Sunset Tee updated successfully');
    expect(api.calls('PUT', ApiRoute.productUpdate)[0].form!.get('photo')).toBeInstanceOf(File);
  });
});

describe('sizes (a field array)', () => {
  const sizesOf = (request: RecordedRequest) => JSON.parse(String(request.form!.get('sizes'))) as unknown;

  it('picks sizes in any order, keeps them in size order with a stock each, shows the total and sends it as the stock', async () => {
    const api = withCategories().on('POST', ApiRoute.productCreate, { status: 201, body: product({ name: 'Sized Tee' }) });
    renderWithProviders(<ProductForm />);
    await userEvent.type(await screen.findByLabelText('Name'), 'Sized Tee');
    await userEvent.type(screen.getByLabelText('Description'), 'In sizes');
    await userEvent.type(screen.getByLabelText('Price'), '20');
    await userEvent.selectOptions(screen.getByLabelText('Category'), 'Basics');
    expect(screen.getByLabelText('Stock')).toBeInTheDocument();

    await userEvent.click(screen.getByLabelText('L'));
    await userEvent.click(screen.getByLabelText('S'));
    // A product in sizes has no stock of its own: the plain field gives way to one per size.
    expect(screen.queryByLabelText('Stock')).not.toBeInTheDocument();
    expect(screen.getAllByLabelText(/^Stock of size/).map((input) => input.id)).toEqual(['product-size-S-stock', 'product-size-L-stock']);
    await userEvent.type(screen.getByLabelText('Stock of size S'), '4');
    await userEvent.type(screen.getByLabelText('Stock of size L'), '6');
    expect(screen.getByTestId('sizes-total')).toHaveTextContent('Total stock: 10');
    await userEvent.click(screen.getByRole('button', { name: 'Create Product' }));

    expect(await screen.findByText('Sized Tee created successfully')).toBeInTheDocument();
    const [request] = api.calls('POST', ApiRoute.productCreate);
    expect(request.form!.get('stock')).toBe('10');
    expect(sizesOf(request)).toEqual([
      { size: 'S', stock: 4 },
      { size: 'L', stock: 6 },
    ]);
    // Cleared for the next product: no size picked.
    expect(screen.getByLabelText('L')).not.toBeChecked();
  });

  it('wants a whole stock for every size picked before sending', async () => {
    const api = withCategories();
    renderWithProviders(<ProductForm />);
    await userEvent.click(await screen.findByLabelText('M'));
    await userEvent.click(screen.getByLabelText('XL'));
    await userEvent.type(screen.getByLabelText('Stock of size XL'), '1.5');
    await userEvent.click(screen.getByRole('button', { name: 'Create Product' }));
    expect(screen.getByText('Stock of size M is required')).toBeInTheDocument();
    expect(screen.getByText(/Stock of size XL must be a whole number/)).toBeInTheDocument();
    expect(screen.queryByText('Stock is required')).not.toBeInTheDocument();
    expect(api.calls('POST', ApiRoute.productCreate)).toHaveLength(0);
  });

  it("starts an edit with the product's sizes, and sends what is left after one is removed", async () => {
    const sized = product({
      _id: 'p-sized',
      name: 'Sized Tee',
      category: TEES_ID,
      stock: 9,
      sizes: [
        { size: 'M', stock: 4 },
        { size: 'L', stock: 5 },
      ],
    });
    const api = withCategories().on('GET', ApiRoute.product, { body: sized }).on('PUT', ApiRoute.productUpdate, { body: sized });
    renderWithProviders(<UpdateProductForm productId="p-sized" />);
    expect(await screen.findByLabelText('Stock of size M')).toHaveValue(4);
    expect(screen.getByLabelText('Stock of size L')).toHaveValue(5);
    expect(screen.getByLabelText('M')).toBeChecked();
    expect(screen.getByLabelText('S')).not.toBeChecked();
    expect(screen.getByTestId('sizes-total')).toHaveTextContent('Total stock: 9');

    await userEvent.click(screen.getByLabelText('L'));
    expect(screen.getByTestId('sizes-total')).toHaveTextContent('Total stock: 4');
    await userEvent.click(screen.getByRole('button', { name: 'Update Product' }));
    await screen.findByText('Sized Tee updated successfully');
    const [request] = api.calls('PUT', ApiRoute.productUpdate);
    expect(sizesOf(request)).toEqual([{ size: 'M', stock: 4 }]);
    expect(request.form!.get('stock')).toBe('4');
  });

  it('makes a sized product unsized: with every size unticked the plain Stock field returns and sizes [] is sent', async () => {
    const sized = product({ _id: 'p-sized', name: 'Sized Tee', category: TEES_ID, stock: 2, sizes: [{ size: 'S', stock: 2 }] });
    const api = withCategories().on('GET', ApiRoute.product, { body: sized }).on('PUT', ApiRoute.productUpdate, { body: sized });
    renderWithProviders(<UpdateProductForm productId="p-sized" />);
    await userEvent.click(await screen.findByLabelText('S'));
    const stock = screen.getByLabelText('Stock');
    expect(stock).toHaveValue(2);
    await userEvent.clear(stock);
    await userEvent.type(stock, '7');
    await userEvent.click(screen.getByRole('button', { name: 'Update Product' }));
    await screen.findByText('Sized Tee updated successfully');
    const [request] = api.calls('PUT', ApiRoute.productUpdate);
    expect(request.form!.get('sizes')).toBe('[]');
    expect(request.form!.get('stock')).toBe('7');
  });

  it("shows each variant's own weight in the variant table, checks it, and sends it (empty: null, the product's)", async () => {
    const hoodie = product({
      _id: 'p-hoodie',
      name: 'Heavy Hoodie',
      category: TEES_ID,
      stock: 10,
      weight: 300,
      options: [
        { _id: 1, name: 'Colour', values: [{ _id: 1, value: 'Grey' }] },
        {
          _id: 2,
          name: 'Fit',
          values: [
            { _id: 2, value: 'Slim' },
            { _id: 3, value: 'Loose' },
          ],
        },
      ],
      variants: [
        { _id: 1, sku: 'HOODIE-SLIM', options: ['Grey', 'Slim'], stock: 5, sold: 0, active: true },
        { _id: 2, sku: 'HOODIE-LOOSE', options: ['Grey', 'Loose'], stock: 5, sold: 0, weight: 900, active: true },
      ],
    });
    const api = withCategories().on('GET', ApiRoute.product, { body: hoodie }).on('PUT', ApiRoute.productUpdate, { body: hoodie });
    renderWithProviders(<UpdateProductForm productId="p-hoodie" />);
    const loose = await screen.findByLabelText('Weight of Grey / Loose');
    expect(loose).toHaveValue(900);
    expect(screen.getByLabelText('Weight of Grey / Slim')).toHaveValue(null);
    expect(screen.getByRole('columnheader', { name: 'Weight (g)' })).toBeInTheDocument();

    await userEvent.clear(loose);
    await userEvent.type(loose, '2.5');
    await userEvent.click(screen.getByRole('button', { name: 'Update Product' }));
    expect(
      await screen.findByText("Weight of Grey / Loose must be whole grams from 1 to 1000000, or empty for the product's"),
    ).toBeInTheDocument();
    expect(api.calls('PUT', ApiRoute.productUpdate)).toHaveLength(0);

    await userEvent.clear(loose);
    await userEvent.type(loose, '950');
    await userEvent.type(screen.getByLabelText('Weight of Grey / Slim'), '400');
    await userEvent.clear(screen.getByLabelText('Weight of Grey / Slim'));
    await userEvent.click(screen.getByRole('button', { name: 'Update Product' }));
    await screen.findByText('Heavy Hoodie updated successfully');
    const [request] = api.calls('PUT', ApiRoute.productUpdate);
    const sent = JSON.parse(String(request.form!.get('variants'))) as Array<{ sku: string; weight: number | null }>;
    expect(sent.map((v) => [v.sku, v.weight])).toEqual([
      ['HOODIE-SLIM', null],
      ['HOODIE-LOOSE', 950],
    ]);
    expect(request.form!.get('weight')).toBe('300');
  });
});
