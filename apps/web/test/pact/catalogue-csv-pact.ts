import { MatchersV3, type Rule } from '@pact-foundation/pact';
import type { V4RequestBuilder } from '@pact-foundation/pact/src/v4/http/types';
import { CATALOGUE_CSV_COLUMNS, CATALOGUE_IMPORT_FILE_FIELD } from '@store/contract/dto/catalogue-transfer';
import { bearer } from './store-api-pact';

const BOUNDARY = 'store-web-pact-csv-boundary';

/** A catalogue CSV: the header and the rows given as objects of the columns they fill. */
export function catalogueCsv(...rows: Array<Partial<Record<(typeof CATALOGUE_CSV_COLUMNS)[number], string>>>): string {
  return [CATALOGUE_CSV_COLUMNS.join(','), ...rows.map((row) => CATALOGUE_CSV_COLUMNS.map((column) => row[column] ?? '').join(','))]
    .map((line) => `${line}\r\n`)
    .join('');
}

/** One good row: a plain tote in the provider state's "Graphic Tees" category. */
export const GOOD_ROW = {
  handle: 'plain-tote',
  name: 'Plain Tote',
  description: 'A bag',
  category: 'Graphic Tees',
  sku: 'TOTE-1',
  price: '12.50',
  stock: '7',
};

/** The import calls' multipart body: the CSV as the `file` part (its text the example's, matched by its header). */
export function csvUploadRequest(csv: string) {
  const body = Buffer.from(
    `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${CATALOGUE_IMPORT_FILE_FIELD}"; filename="catalogue.csv"\r\n` +
      `Content-Type: text/csv\r\n\r\n${csv}\r\n--${BOUNDARY}--\r\n`,
  );
  const contentType = `multipart/form-data; boundary=${BOUNDARY}`;
  // Pact sniffs a CSV part as text/plain, so the part is matched by its text instead: a CSV with the header line.
  const rules: Rule[] = [{ path: `$.${CATALOGUE_IMPORT_FILE_FIELD}`, rules: [MatchersV3.regex('^handle,[\\s\\S]*$', csv)] }];
  return (request: V4RequestBuilder): void => {
    request
      .headers({ ...bearer(), 'Content-Type': MatchersV3.regex('^multipart/form-data;\\s*boundary=.+$', contentType) })
      .body(contentType, body)
      .matchingRules({ body: rules });
  };
}

/** A CSV file as the admin screen uploads it. */
export function csvFile(csv: string): File {
  return new File([csv], 'catalogue.csv', { type: 'text/csv' });
}
