import { ApiRoute, apiPath } from '@store/contract';
import { CATALOGUE_PHOTOS_FILE_FIELD, type CataloguePhotosReport } from '@store/contract/dto/catalogue-photos';
import { useMutation } from '@tanstack/react-query';
import { apiCall, currentAuth } from '@/lib/api-client';

/** A zip as the browser gives it (a File) or as Node tests make it (a Blob with a name). */
export type CataloguePhotoZip = Blob & { name?: string };

/** The multipart body of both zip calls: the zip as its one part. */
export function cataloguePhotoZipForm(zip: CataloguePhotoZip): FormData {
  const form = new FormData();
  form.append(CATALOGUE_PHOTOS_FILE_FIELD, zip, zip.name || 'photos.zip');
  return form;
}

/** The dry run of a zip of photos: what each file would become, every file that is wrong; nothing is written. */
export function checkCataloguePhotos(zip: CataloguePhotoZip): Promise<CataloguePhotosReport> {
  return apiCall<CataloguePhotosReport>(apiPath(ApiRoute.cataloguePhotosCheck, { userId: currentAuth().userId }), {
    method: 'POST',
    signedIn: true,
    form: cataloguePhotoZipForm(zip),
  });
}

export function useCheckCataloguePhotos() {
  return useMutation({ mutationFn: checkCataloguePhotos });
}
