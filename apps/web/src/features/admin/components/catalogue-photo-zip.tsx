import { CATALOGUE_PHOTOS_MAX, CATALOGUE_PHOTOS_ZIP_MAX_BYTES, type CataloguePhotosReport } from '@store/contract/dto/catalogue-photos';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Alert } from '@/components/alert';
import { errorMessage, fieldErrors } from '@/lib/api-client';
import { useCheckCataloguePhotos } from '../api/check-catalogue-photos';
import { useImportCataloguePhotos } from '../api/import-catalogue-photos';

/**
 * Photos by zip (docs/api.md, "Photos by zip"): upload a zip, read the dry run (what each file becomes, every file
 * that is wrong), then confirm; the photos go to the products' galleries, tied to their colours.
 */
export function CataloguePhotoZip() {
  const check = useCheckCataloguePhotos();
  const add = useImportCataloguePhotos();
  const [checked, setChecked] = useState<{ zip: File; report: CataloguePhotosReport } | undefined>();
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<{ zip: FileList }>();
  const onCheck = handleSubmit(async ({ zip }) => {
    setChecked(undefined);
    add.reset();
    try {
      setChecked({ zip: zip[0], report: await check.mutateAsync(zip[0]) });
    } catch (cause) {
      console.error(cause);
    }
  });
  const confirm = async () => {
    if (!checked) return;
    try {
      await add.mutateAsync(checked.zip);
    } catch (cause) {
      console.error(cause);
    }
  };
  const report = checked?.report;
  const failure = check.error ?? add.error;
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
      <form className="row g-2 align-items-end mb-3" onSubmit={onCheck} aria-label="Check a zip of photos" noValidate>
        <div className="col-md-8">
          <label className="form-label" htmlFor="photo-zip-file">
            Zip of photos
          </label>
          <input
            id="photo-zip-file"
            type="file"
            accept=".zip,application/zip"
            className={`form-control${errors.zip ? ' is-invalid' : ''}`}
            aria-invalid={errors.zip ? true : undefined}
            aria-describedby={errors.zip ? 'photo-zip-file-error' : undefined}
            {...register('zip', {
              validate: (files) =>
                files?.length !== 1
                  ? 'Choose a zip file'
                  : files[0].size > CATALOGUE_PHOTOS_ZIP_MAX_BYTES
                    ? `The zip must be ${CATALOGUE_PHOTOS_ZIP_MAX_BYTES / 1024 / 1024} MB or smaller`
                    : true,
            })}
          />
          {errors.zip ? (
            <div id="photo-zip-file-error" className="invalid-feedback">
              {errors.zip.message}
            </div>
          ) : null}
        </div>
        <div className="col-md-4">
          <button type="submit" className="btn btn-dark" disabled={isSubmitting}>
            {isSubmitting ? 'Checking...' : 'Check zip'}
          </button>
        </div>
      </form>
      {failure ? (
        <Alert variant="danger">
          {errorMessage(failure)}
          {fieldErrors(failure).length > 0 ? (
            <ul className="mb-0">
              {fieldErrors(failure).map((e) => (
                <li key={`${e.field}-${e.message}`}>
                  {e.field}: {e.message}
                </li>
              ))}
            </ul>
          ) : null}
        </Alert>
      ) : null}
      {report && report.errors.length > 0 ? (
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
      ) : null}
      {report && report.errors.length === 0 ? (
        <div className="card card-body mb-3" role="status">
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
          {add.data ? (
            <p className="mb-0">
              {add.data.added} {add.data.added === 1 ? 'photo' : 'photos'} added to {add.data.products}{' '}
              {add.data.products === 1 ? 'product' : 'products'}.
            </p>
          ) : (
            <div>
              <button
                type="button"
                className="btn btn-success"
                onClick={() => void confirm()}
                disabled={add.isPending || report.photos === 0}
              >
                {add.isPending ? 'Adding...' : 'Add photos'}
              </button>
            </div>
          )}
        </div>
      ) : null}
    </section>
  );
}
