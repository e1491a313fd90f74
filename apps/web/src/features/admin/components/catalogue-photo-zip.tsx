import { CATALOGUE_PHOTOS_MAX, CATALOGUE_PHOTOS_ZIP_MAX_BYTES } from '@store/contract/dto/catalogue-photos';
import { Alert } from '@/components/alert';
import { useCheckCataloguePhotos } from '../api/check-catalogue-photos';
import { useImportCataloguePhotos } from '../api/import-catalogue-photos';
import { UploadCheckApply } from './upload-check-apply';

/**
 * Photos by zip (docs/api.md, "Photos by zip"): upload a zip, read the dry run (what each file becomes, every file
 * that is wrong), then confirm; the photos go to the products' galleries, tied to their colours.
 */
export function CataloguePhotoZip() {
  const check = useCheckCataloguePhotos();
  const add = useImportCataloguePhotos();
  return (
    <section className="mt-5" aria-labelledby="photo-zip-heading">
      <h2 id="photo-zip-heading" className="h4">
        Photos by zip
      </h2>
      <p className="text-body-secondary">
        A zip of at most {CATALOGUE_PHOTOS_MAX} photos ({CATALOGUE_PHOTOS_ZIP_MAX_BYTES / 1024 / 1024} MB), each named for its product:{' '}
        <code className="text-body">handle.jpg</code> for the product, <code className="text-body">handle+colour.jpg</code> for a colour,{' '}
        <code className="text-body">SKU.jpg</code> for a variant&apos;s colour. The zip is checked first; nothing is added until you
        confirm.
      </p>
      <UploadCheckApply
        formLabel="Check a zip of photos"
        field={{
          id: 'photo-zip-file',
          label: 'Zip of photos',
          accept: '.zip,application/zip',
          maxBytes: CATALOGUE_PHOTOS_ZIP_MAX_BYTES,
          missing: 'Choose a zip file',
          tooLarge: `The zip must be ${CATALOGUE_PHOTOS_ZIP_MAX_BYTES / 1024 / 1024} MB or smaller`,
        }}
        checkLabel="Check zip"
        check={check}
        apply={add}
        problems={(report) => (
          <div className="mb-3">
            <Alert variant="danger">
              {report.errors.length} of {report.photos} {report.photos === 1 ? 'file' : 'files'} cannot be added; nothing was added. Fix the
              zip and check it again.
            </Alert>
            <table className="table table-sm" aria-label="Problems in the zip">
              <thead>
                <tr>
                  <th scope="col">File</th>
                  <th scope="col">Problem</th>
                </tr>
              </thead>
              <tbody>
                {report.errors.map((e) => (
                  <tr key={`${e.file}-${e.message}`}>
                    <td>{e.file}</td>
                    <td>{e.message}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
        preview={(report) => (
          <table className="table table-sm" aria-label="Photos in the zip">
            <thead>
              <tr>
                <th scope="col">File</th>
                <th scope="col">Product</th>
                <th scope="col">Colour</th>
              </tr>
            </thead>
            <tbody>
              {report.entries.map((entry) => (
                <tr key={entry.file}>
                  <td>{entry.file}</td>
                  <td>{entry.handle}</td>
                  <td>{entry.colour ?? 'Any colour'}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
        canApply={(report) => report.photos > 0}
        applyLabel="Add photos"
        applyingLabel="Adding..."
        applied={(result) => (
          <p className="mb-0">
            {result.added} {result.added === 1 ? 'photo' : 'photos'} added to {result.products}{' '}
            {result.products === 1 ? 'product' : 'products'}.
          </p>
        )}
      />
    </section>
  );
}
