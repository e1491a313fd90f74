import { ApiRoute } from '@store/contract';
import { type CataloguePhotosReport } from '@store/contract/dto/catalogue-photos';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { saveSession } from '@/lib/session';
import { installFakeApi } from '@/testing/fake-api';
import { admin } from '@/testing/fixtures';
import { renderWithProviders } from '@/testing/render-app';
import { CataloguePhotoZip } from './catalogue-photo-zip';

const entry = {
  file: 'crew-tee+navy.jpg',
  product: '5f0c1a2e-3333-4b7a-9c3e-000000000003',
  handle: 'crew-tee',
  optionValue: 3,
  colour: 'Navy',
  alt: 'Crew Tee in Navy',
};
const report = (overrides: Partial<CataloguePhotosReport> = {}): CataloguePhotosReport => ({
  photos: 1,
  products: 1,
  entries: [entry],
  errors: [],
  added: 0,
  ...overrides,
});
const zip = () => new File([new Uint8Array([0x50, 0x4b, 0x05, 0x06])], 'photos.zip', { type: 'application/zip' });

describe('photos by zip', () => {
  beforeEach(() => saveSession(admin));

  it('asks for a zip before checking anything', async () => {
    const api = installFakeApi();
    renderWithProviders(<CataloguePhotoZip />);
    await userEvent.click(screen.getByRole('button', { name: 'Check zip' }));
    expect(await screen.findByText('Choose a zip file')).toBeInTheDocument();
    expect(api.requests).toHaveLength(0);
  });

  it('lists every wrong file of the dry run and offers nothing to add', async () => {
    installFakeApi().on('POST', ApiRoute.cataloguePhotosCheck, {
      body: report({ photos: 2, errors: [{ file: 'nobody.jpg', message: 'No product has the handle or SKU "nobody"' }] }),
    });
    renderWithProviders(<CataloguePhotoZip />);
    await userEvent.upload(screen.getByLabelText('Zip of photos'), zip());
    await userEvent.click(screen.getByRole('button', { name: 'Check zip' }));
    const rows = within(await screen.findByRole('table', { name: 'Problems in the zip' })).getAllByRole('row');
    expect(rows[1]).toHaveTextContent('nobody.jpgNo product has the handle or SKU "nobody"');
    expect(screen.getByText('1 of 2 files cannot be added; nothing was added. Fix the zip and check it again.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add photos' })).not.toBeInTheDocument();
  });

  it('shows what each photo becomes, then adds them on confirmation', async () => {
    const api = installFakeApi()
      .on('POST', ApiRoute.cataloguePhotosCheck, { body: report() })
      .on('POST', ApiRoute.cataloguePhotosImport, { body: report({ added: 1 }) });
    renderWithProviders(<CataloguePhotoZip />);
    await userEvent.upload(screen.getByLabelText('Zip of photos'), zip());
    await userEvent.click(screen.getByRole('button', { name: 'Check zip' }));
    const rows = within(await screen.findByRole('table', { name: 'Photos in the zip' })).getAllByRole('row');
    expect(rows[1]).toHaveTextContent('crew-tee+navy.jpgcrew-teeNavy');
    await userEvent.click(screen.getByRole('button', { name: 'Add photos' }));
    expect(await screen.findByText('1 photo added to 1 product.')).toBeInTheDocument();
    expect(api.requests.map((request) => request.form?.get('file'))).toEqual([expect.any(File), expect.any(File)]);
  });
});
