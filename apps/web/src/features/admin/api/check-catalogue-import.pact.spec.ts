import { MatchersV3 } from '@pact-foundation/pact';
import { ApiRoute } from '@store/contract';
import { catalogueCsv, csvFile, csvUploadRequest, GOOD_ROW } from '@test/pact/catalogue-csv-pact';
import { describeStoreApi, pathFromState } from '@test/pact/store-api-pact';
import { checkCatalogueImport } from './check-catalogue-import';

const { eachLike, integer, string, boolean } = MatchersV3;

const interaction = describeStoreApi();

/** The good row, and one whose price is not a number (line 3). */
const csv = catalogueCsv(GOOD_ROW, { ...GOOD_ROW, handle: 'bad-tote', sku: 'TOTE-2', price: 'ten' });

describe('catalogue transfer', () => {
  it('dry-runs an import with a bad row: every error with its line and column, nothing written', () =>
    interaction(
      {
        given: ['an admin exists', ['a category named {name} exists', { name: 'Graphic Tees' }]],
        uponReceiving: 'a dry run of a catalogue CSV with a bad price on line 3',
        request: ['POST', pathFromState(ApiRoute.catalogueImportCheck), csvUploadRequest(csv)],
        response: [
          200,
          (response) =>
            response.jsonBody({
              rows: integer(2),
              products: integer(0),
              create: integer(0),
              update: integer(0),
              unchanged: integer(0),
              errors: eachLike({ line: integer(3), column: string('price'), message: string('Price must be a number') }),
              errorsTruncated: boolean(false),
            }),
        ],
      },
      async () => {
        const report = await checkCatalogueImport(csvFile(csv));
        expect(report.errors).toEqual([{ line: 3, column: 'price', message: 'Price must be a number' }]);
      },
    ));

  it('dry-runs an import with a variant weight that is not whole grams, naming its line and column', () => {
    const weighed = catalogueCsv({ ...GOOD_ROW, weight: '250', variant_weight: '2.5' });
    const message = 'A weight must be whole grams from 1 to 1000000 (or empty for the product\'s), not "2.5"';
    return interaction(
      {
        given: ['an admin exists', ['a category named {name} exists', { name: 'Graphic Tees' }]],
        uponReceiving: 'a dry run of a catalogue CSV with a bad variant weight on line 2',
        request: ['POST', pathFromState(ApiRoute.catalogueImportCheck), csvUploadRequest(weighed)],
        response: [
          200,
          (response) =>
            response.jsonBody({
              rows: integer(1),
              products: integer(0),
              create: integer(0),
              update: integer(0),
              unchanged: integer(0),
              errors: [{ line: integer(2), column: 'variant_weight', message: string(message) }],
              errorsTruncated: boolean(false),
            }),
        ],
      },
      async () => {
        const report = await checkCatalogueImport(csvFile(weighed));
        expect(report.errors).toEqual([{ line: 2, column: 'variant_weight', message }]);
      },
    );
  });
});
