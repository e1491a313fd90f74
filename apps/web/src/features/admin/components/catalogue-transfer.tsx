import { CATALOGUE_IMPORT_MAX_BYTES, CATALOGUE_IMPORT_MAX_ROWS, type CatalogueImportReport } from '@store/contract/dto/catalogue-transfer';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Alert } from '@/components/alert';
import { errorMessage, fieldErrors } from '@/lib/api-client';
import { useStaffPermissions } from '@/lib/session';
import { useCheckCatalogueImport } from '../api/check-catalogue-import';
import { useExportCatalogue } from '../api/export-catalogue';
import { useCatalogueImport } from '../api/get-catalogue-import';
import { useStartCatalogueImport } from '../api/start-catalogue-import';
import { CataloguePhotoZip } from './catalogue-photo-zip';

/**
 * The catalogue as CSV (docs/api.md, "Catalogue import and export"): the export for everyone on the staff, and for
 * those who may edit, the import in three steps: upload and dry run (every bad row listed, nothing written), confirm,
 * then the progress of the batches until it ends; and photos by zip, checked then added.
 */
export function CatalogueTransfer() {
  const { canEdit } = useStaffPermissions();
  return (
    <>
      <ExportCatalogue />
      {canEdit ? <ImportCatalogue /> : null}
      {canEdit ? <CataloguePhotoZip /> : null}
    </>
  );
}

function ExportCatalogue() {
  const { mutateAsync: exportCatalogue, isPending, error } = useExportCatalogue();
  const download = async () => {
    try {
      const url = URL.createObjectURL(await exportCatalogue());
      const link = document.createElement('a');
      link.href = url;
      link.download = 'catalogue.csv';
      link.click();
      setTimeout(() => URL.revokeObjectURL(url), 10_000);
    } catch (cause) {
      console.error(cause);
    }
  };
  return (
    <section className="mb-5" aria-labelledby="export-heading">
      <h2 id="export-heading" className="h4">
        Export
      </h2>
      <p className="text-body-secondary">Every product, one row per variant. Import the file back to change products in bulk.</p>
      {error ? <Alert variant="danger">{errorMessage(error)}</Alert> : null}
      <button type="button" className="btn btn-outline-dark" onClick={() => void download()} disabled={isPending}>
        {isPending ? 'Exporting...' : 'Export CSV'}
      </button>
    </section>
  );
}

function ImportCatalogue() {
  const check = useCheckCatalogueImport();
  const start = useStartCatalogueImport();
  const [checked, setChecked] = useState<{ file: File; report: CatalogueImportReport } | undefined>();
  const [importId, setImportId] = useState<string | undefined>();
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<{ file: FileList }>();
  const onCheck = handleSubmit(async ({ file }) => {
    setChecked(undefined);
    setImportId(undefined);
    start.reset();
    try {
      setChecked({ file: file[0], report: await check.mutateAsync(file[0]) });
    } catch (cause) {
      console.error(cause);
    }
  });
  const confirm = async () => {
    if (!checked) return;
    try {
      setImportId((await start.mutateAsync(checked.file))._id);
    } catch (cause) {
      console.error(cause);
    }
  };
  const report = checked?.report;
  const failure = check.error ?? start.error;
  return (
    <section aria-labelledby="import-heading">
      <h2 id="import-heading" className="h4">
        Import
      </h2>
      <p className="text-body-secondary">
        A CSV in the export&apos;s columns, at most {CATALOGUE_IMPORT_MAX_BYTES / 1024 / 1024} MB and{' '}
        {CATALOGUE_IMPORT_MAX_ROWS.toLocaleString('en-US')} rows. Products are matched by handle: new ones are created, the others updated.
        The file is checked first; nothing is written until you confirm.
      </p>
      <form className="row g-2 align-items-end mb-3" onSubmit={onCheck} aria-label="Check a catalogue file" noValidate>
        <div className="col-md-8">
          <label className="form-label" htmlFor="catalogue-file">
            CSV file
          </label>
          <input
            id="catalogue-file"
            type="file"
            accept=".csv,text/csv"
            className={`form-control${errors.file ? ' is-invalid' : ''}`}
            aria-invalid={errors.file ? true : undefined}
            aria-describedby={errors.file ? 'catalogue-file-error' : undefined}
            {...register('file', {
              validate: (files) =>
                files?.length !== 1
                  ? 'Choose a CSV file'
                  : files[0].size > CATALOGUE_IMPORT_MAX_BYTES
                    ? `The file must be ${CATALOGUE_IMPORT_MAX_BYTES / 1024 / 1024} MB or smaller`
                    : true,
            })}
          />
          {errors.file ? (
            <div id="catalogue-file-error" className="invalid-feedback">
              {errors.file.message}
            </div>
          ) : null}
        </div>
        <div className="col-md-4">
          <button type="submit" className="btn btn-dark" disabled={isSubmitting}>
            {isSubmitting ? 'Checking...' : 'Check file'}
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
      {report && report.errors.length > 0 ? <RowErrors report={report} /> : null}
      {report && report.errors.length === 0 && importId === undefined ? (
        <div className="card card-body mb-3" role="status">
          <p className="mb-2">
            {report.rows} {report.rows === 1 ? 'row' : 'rows'}, {report.products} {report.products === 1 ? 'product' : 'products'}:{' '}
            {report.create} new, {report.update} changed, {report.unchanged} unchanged.
          </p>
          <div>
            <button
              type="button"
              className="btn btn-success"
              onClick={() => void confirm()}
              disabled={start.isPending || report.products === 0}
            >
              {start.isPending ? 'Starting...' : 'Import'}
            </button>
          </div>
        </div>
      ) : null}
      {importId ? <ImportProgress importId={importId} /> : null}
    </section>
  );
}

function RowErrors({ report }: { report: CatalogueImportReport }) {
  return (
    <div className="mb-3">
      <Alert variant="danger">
        {report.errorsTruncated ? `More than ${report.errors.length}` : report.errors.length}{' '}
        {report.errors.length === 1 ? 'problem' : 'problems'} found; nothing was imported. Fix the file and check it again.
      </Alert>
      <div className="table-responsive">
        <table className="table table-sm" aria-label="Problems in the file">
          <thead>
            <tr>
              <th scope="col">Line</th>
              <th scope="col">Column</th>
              <th scope="col">Problem</th>
            </tr>
          </thead>
          <tbody>
            {report.errors.map((e) => (
              <tr key={`${e.line}-${e.column}-${e.message}`}>
                <td>{e.line}</td>
                <td>{e.column || '(row)'}</td>
                <td>{e.message}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}

function ImportProgress({ importId }: { importId: string }) {
  const { data: job, error } = useCatalogueImport(importId);
  if (error) return <Alert variant="danger">{errorMessage(error)}</Alert>;
  if (!job) return null;
  const percent = job.batches === 0 ? 100 : Math.round((job.batchesDone / job.batches) * 100);
  return (
    <div className="card card-body" role="status" aria-live="polite">
      <div
        className="progress mb-2"
        role="progressbar"
        aria-label="Import progress"
        aria-valuenow={percent}
        aria-valuemin={0}
        aria-valuemax={100}
      >
        <div className={`progress-bar${job.status === 'failed' ? ' bg-danger' : ''}`} style={{ width: `${percent}%` }} />
      </div>
      {job.status === 'running' ? (
        <p className="mb-0">
          Importing... batch {job.batchesDone} of {job.batches}
        </p>
      ) : null}
      {job.status === 'done' ? (
        <p className="mb-0">
          Import finished: {job.created} created, {job.updated} updated, {job.unchanged} unchanged.
        </p>
      ) : null}
      {job.status === 'failed' ? (
        <p className="mb-0 text-danger">
          The import stopped after {job.batchesDone} of {job.batches} batches: {job.error}
        </p>
      ) : null}
    </div>
  );
}
