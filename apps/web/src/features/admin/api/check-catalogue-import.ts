import { ApiRoute, apiPath } from '@store/contract';
import { CATALOGUE_IMPORT_FILE_FIELD, type CatalogueImportReport } from '@store/contract/dto/catalogue-transfer';
import { useMutation } from '@tanstack/react-query';
import { apiCall, currentAuth } from '@/lib/api-client';

/** A CSV file as the browser gives it (a File) or as Node tests make it (a Blob with a name). */
export type CatalogueCsvFile = Blob & { name?: string };

/** The multipart body of both import calls: the file as its one part. */
export function catalogueCsvForm(file: CatalogueCsvFile): FormData {
  const form = new FormData();
  form.append(CATALOGUE_IMPORT_FILE_FIELD, file, file.name || 'catalogue.csv');
  return form;
}

/** The dry run: every bad row of the file, or what importing it would do; nothing is written. */
export function checkCatalogueImport(file: CatalogueCsvFile): Promise<CatalogueImportReport> {
  return apiCall<CatalogueImportReport>(apiPath(ApiRoute.catalogueImportCheck, { userId: currentAuth().userId }), {
    method: 'POST',
    signedIn: true,
    form: catalogueCsvForm(file),
  });
}

export function useCheckCatalogueImport() {
  return useMutation({ mutationFn: checkCatalogueImport });
}
