import { CATALOGUE_IMPORT_MAX_BYTES, CATALOGUE_IMPORT_MAX_ROWS, type CatalogueImportReport } from '@store/contract/dto/catalogue-transfer';
import { Alert } from '@/components/alert';
import { errorMessage } from '@/lib/api-client';
import { useStaffPermissions } from '@/lib/session';
import { useCheckCatalogueImport } from '../api/check-catalogue-import';
import { useExportCatalogue } from '../api/export-catalogue';
import { useCatalogueImport } from '../api/get-catalogue-import';
import { useStartCatalogueImport } from '../api/start-catalogue-import';
import { CataloguePhotoZip } from './catalogue-photo-zip';
import { UploadCheckApply } from './upload-check-apply';

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
      <UploadCheckApply
        formLabel="Check a catalogue file"
        field={{
          id: 'catalogue-file',
          label: 'CSV file',
          accept: '.csv,text/csv',
          maxBytes: CATALOGUE_IMPORT_MAX_BYTES,
          missing: 'Choose a CSV file',
          tooLarge: `The file must be ${CATALOGUE_IMPORT_MAX_BYTES / 1024 / 1024} MB or smaller`,
        }}
        checkLabel="Check file"
        check={check}
        apply={start}
        problems={(report) => <RowErrors report={report} />}
        preview={(report) => (
          <p className="mb-2">
            {report.rows} {report.rows === 1 ? 'row' : 'rows'}, {report.products} {report.products === 1 ? 'product' : 'products'}:{' '}
            {report.create} new, {report.update} changed, {report.unchanged} unchanged.
          </p>
        )}
        canApply={(report) => report.products > 0}
        applyLabel="Import"
        applyingLabel="Starting..."
        applied={(job) => <ImportProgress importId={job._id} />}
      />
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
    <div aria-live="polite">
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
