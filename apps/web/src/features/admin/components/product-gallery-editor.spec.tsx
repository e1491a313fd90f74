import { GalleryRoute, type Product, type ProductGalleryInput } from '@store/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { saveSession } from '@/lib/session';
import { installFakeApi } from '@/testing/fake-api';
import { admin, product } from '@/testing/fixtures';
import { renderWithProviders } from '@/testing/render-app';
import { ProductGalleryEditor } from './product-gallery-editor';

beforeEach(() => saveSession(admin));

const NAVY = 7;
const tee: Product = product({
  name: 'Harbour Tee',
  photos: [
    { _id: 'a0000000-0000-4000-8000-000000000001', alt: 'Photo of Harbour Tee', optionValue: null },
    { _id: 'a0000000-0000-4000-8000-000000000002', alt: 'Navy, front', optionValue: NAVY },
    { _id: 'a0000000-0000-4000-8000-000000000003', alt: 'Folded', optionValue: null },
  ],
});
const colours = [
  { id: NAVY, label: 'Navy' },
  { id: 9, label: 'Red' },
];
const photo = () => new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'back.png', { type: 'image/png' });
const order = () =>
  within(screen.getByRole('form', { name: 'Gallery' }))
    .getAllByRole('listitem')
    .map((item) => item.getAttribute('data-photo-id'));

describe('product gallery editor', () => {
  it('reorders by keyboard (Move buttons) and saves the order, alt texts and colours in one call', async () => {
    const api = installFakeApi().on('PUT', GalleryRoute.productPhotos, ({ json }) => ({
      body: { ...tee, photos: (json as ProductGalleryInput).photos.map((p) => ({ ...p, optionValue: p.optionValue ?? null })) },
    }));
    renderWithProviders(<ProductGalleryEditor product={tee} colours={colours} />);
    expect(screen.getByRole('heading', { name: 'Photos (3 of 12)' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Move image 1 earlier' })).toBeDisabled();
    await userEvent.click(screen.getByRole('button', { name: 'Move image 3 earlier' }));
    expect(screen.getByText('Image moved to place 2 of 3')).toBeInTheDocument();
    expect(order()).toEqual([tee.photos![0]._id, tee.photos![2]._id, tee.photos![1]._id]);
    await userEvent.selectOptions(screen.getByLabelText('Colour of image 1'), 'Red');
    const alt = screen.getByLabelText('Alt text of image 2');
    await userEvent.clear(alt);
    await userEvent.type(alt, 'Folded on a chair');
    await userEvent.click(screen.getByRole('button', { name: 'Save gallery' }));

    expect(await screen.findByText('Gallery saved')).toBeInTheDocument();
    const [request] = api.calls('PUT', GalleryRoute.productPhotos);
    expect(request.path).toBe(`/product/${tee._id}/photos/${admin.user._id}`);
    expect(request.json).toEqual({
      photos: [
        { _id: tee.photos![0]._id, alt: 'Photo of Harbour Tee', optionValue: 9 },
        { _id: tee.photos![2]._id, alt: 'Folded on a chair', optionValue: null },
        { _id: tee.photos![1]._id, alt: 'Navy, front', optionValue: NAVY },
      ],
    });
  });

  it('reorders by drag and drop', async () => {
    installFakeApi();
    renderWithProviders(<ProductGalleryEditor product={tee} />);
    const items = within(screen.getByRole('form', { name: 'Gallery' })).getAllByRole('listitem');
    const dataTransfer = { setData: jest.fn(), getData: () => '0', effectAllowed: '' };
    fireEvent.dragStart(items[0], { dataTransfer });
    fireEvent.dragOver(items[2], { dataTransfer });
    fireEvent.drop(items[2], { dataTransfer });
    expect(order()).toEqual([tee.photos![1]._id, tee.photos![2]._id, tee.photos![0]._id]);
    // No colour select without colours to offer.
    expect(screen.queryByLabelText('Colour of image 1')).not.toBeInTheDocument();
  });

  it('refuses an empty alt text before sending anything', async () => {
    const api = installFakeApi();
    renderWithProviders(<ProductGalleryEditor product={tee} />);
    await userEvent.clear(screen.getByLabelText('Alt text of image 1'));
    await userEvent.click(screen.getByRole('button', { name: 'Save gallery' }));
    expect(await screen.findByText(/description\) is required|must be 1 to 200/)).toBeInTheDocument();
    expect(api.requests).toHaveLength(0);
  });

  it('adds a photo with its alt text (required) and colour, as multipart', async () => {
    const api = installFakeApi().on('POST', GalleryRoute.productPhotos, {
      status: 201,
      body: { ...tee, photos: [...tee.photos!, { _id: 'a0000000-0000-4000-8000-000000000009', alt: 'Navy, back', optionValue: NAVY }] },
    });
    renderWithProviders(<ProductGalleryEditor product={tee} colours={colours} />);
    const add = screen.getByRole('form', { name: 'Add a photo' });
    await userEvent.click(within(add).getByRole('button', { name: 'Add photo' }));
    expect(await within(add).findByText('Choose an image to add')).toBeInTheDocument();
    await userEvent.upload(within(add).getByLabelText('Image to add'), photo());
    await userEvent.click(within(add).getByRole('button', { name: 'Add photo' }));
    expect(await within(add).findByText(/description\) is required|must be 1 to 200/)).toBeInTheDocument();
    expect(api.requests).toHaveLength(0);

    await userEvent.type(within(add).getByLabelText('Alt text'), 'Navy, back');
    await userEvent.selectOptions(within(add).getByLabelText('Colour'), 'Navy');
    await userEvent.click(within(add).getByRole('button', { name: 'Add photo' }));
    await waitFor(() => expect(api.calls('POST', GalleryRoute.productPhotos)).toHaveLength(1));
    const [request] = api.calls('POST', GalleryRoute.productPhotos);
    expect(Object.fromEntries([...request.form!.entries()].map(([k, v]) => [k, typeof v === 'string' ? v : (v as File).name]))).toEqual({
      alt: 'Navy, back',
      optionValue: String(NAVY),
      photo: 'back.png',
    });
  });

  it('removes a photo', async () => {
    const api = installFakeApi().on('DELETE', GalleryRoute.productPhotoDelete, { body: { ...tee, photos: tee.photos!.slice(1) } });
    renderWithProviders(<ProductGalleryEditor product={tee} />);
    await userEvent.click(screen.getByRole('button', { name: 'Remove image 1' }));
    await waitFor(() => expect(api.calls('DELETE', GalleryRoute.productPhotoDelete)).toHaveLength(1));
    expect(api.calls('DELETE', GalleryRoute.productPhotoDelete)[0].path).toBe(
      `/product/${tee._id}/photos/${tee.photos![0]._id}/${admin.user._id}`,
    );
  });
});
