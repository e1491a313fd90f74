import { ApiRoute } from '@store/contract';
import { type CatalogueImportJob, type CatalogueImportReport } from '@store/contract/dto/catalogue-transfer';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { saveSession } from '@/lib/session';
import { installFakeApi } from '@/testing/fake-api';
import { admin } from '@/testing/fixtures';
import { renderWithProviders } from '@/testing/render-app';
import { CatalogueTransfer } from './catalogue-transfer';

const report = (overrides: Partial<CatalogueImportReport> = {}): CatalogueImportReport => ({
  rows: 3,
  products: 2,
  create: 1,
  update: 1,
  unchanged: 0,
  errors: [],
  errorsTruncated: false,
  ...overrides,
});
const job = (overrides: Partial<CatalogueImportJob> = {}): CatalogueImportJob => ({
  _id: '5f0c1a2e-6666-4b7a-9c3e-000000000006',
  status: 'running',
  rows: 3,
  products: 2,
  batches: 1,
  batchesDone: 0,
  created: 0,
  updated: 0,
  unchanged: 0,
  createdAt: '2026-11-25T10:00:00.000Z',
  ...overrides,
});
const file = () => new File(['handle,name\r\n'], 'catalogue.csv', { type: 'text/csv' });

describe('the catalogue import screen', () => {
  beforeEach(() => saveSession(admin));

  it('asks for a file before checking anything', async () => {
    const api = installFakeApi();
    renderWithProviders(<CatalogueTransfer />);
    await userEvent.click(screen.getByRole('button', { name: 'Check file' }));
    expect(await screen.findByText('Choose a CSV file')).toBeInTheDocument();
    expect(api.requests).toHaveLength(0);
  });

  it('lists every bad row of the dry run and offers no import', async () => {
    const api = installFakeApi().on('POST', ApiRoute.catalogueImportCheck, {
      body: report({ products: 0, create: 0, update: 0, errors: [{ line: 3, column: 'price', message: 'Price must be a number' }] }),
    });
    renderWithProviders(<CatalogueTransfer />);
    await userEvent.upload(screen.getByLabelText('CSV file'), file());
    await userEvent.click(screen.getByRole('button', { name: 'Check file' }));
    const rows = within(await screen.findByRole('table', { name: 'Problems in the file' })).getAllByRole('row');
    expect(rows[1]).toHaveTextContent('3pricePrice must be a number');
    expect(screen.getByText('1 problem found; nothing was imported. Fix the file and check it again.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Import' })).not.toBeInTheDocument();
    expect(api.requests[0].form?.get('file')).toBeInstanceOf(File);
  });

  it('imports a clean file on confirmation and follows it to the end', async () => {
    let reads = 0;
    const api = installFakeApi()
      .on('POST', ApiRoute.catalogueImportCheck, { body: report() })
      .on('POST', ApiRoute.catalogueImportStart, { status: 202, body: job() })
      .on('GET', ApiRoute.catalogueImport, () => {
        reads += 1;
        return { body: job({ status: 'done', batchesDone: 1, created: 1, updated: 1, finishedAt: '2026-11-25T10:00:01.000Z' }) };
      });
    renderWithProviders(<CatalogueTransfer />);
    await userEvent.upload(screen.getByLabelText('CSV file'), file());
    await userEvent.click(screen.getByRole('button', { name: 'Check file' }));
    expect(await screen.findByText('3 rows, 2 products: 1 new, 1 changed, 0 unchanged.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Import' }));
    expect(await screen.findByText('Importing... batch 0 of 1')).toBeInTheDocument();
    expect(await screen.findByText('Import finished: 1 created, 1 updated, 0 unchanged.', {}, { timeout: 3000 })).toBeInTheDocument();
    expect(reads).toBeGreaterThan(0);
    expect(api.requests.map((r) => r.method)).toEqual(['POST', 'POST', 'GET']);
  });
});
