import { type ReactNode, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Alert } from '@/components/alert';
import { errorMessage, fieldErrors } from '@/lib/api-client';

/** The part of a file mutation's hook this form uses (both calls take the chosen file). */
interface FileMutation<T> {
  mutateAsync: (file: File) => Promise<T>;
  reset: () => void;
  error: Error | null;
  data: T | undefined;
  isPending: boolean;
}

/** The words and limits of the file field. */
interface FileField {
  id: string;
  label: string;
  accept: string;
  maxBytes: number;
  /** Shown when no file is chosen, and when the one chosen is over `maxBytes`. */
  missing: string;
  tooLarge: string;
}

/**
 * An upload in two steps, as the bulk screens have it (docs/api.md, "Catalogue import and export" and "Photos by
 * zip"): choose a file and check it (the dry run writes nothing), read the report (every problem, or what would
 * happen), then confirm, which sends the same file again. Checking another file starts over.
 */
export function UploadCheckApply<R extends { errors: readonly unknown[] }, A>({
  formLabel,
  field,
  checkLabel,
  check,
  apply,
  problems,
  preview,
  canApply,
  applyLabel,
  applyingLabel,
  applied,
}: {
  /** The form's accessible name. */
  formLabel: string;
  field: FileField;
  checkLabel: string;
  check: FileMutation<R>;
  apply: FileMutation<A>;
  /** The report's problems: shown instead of the confirm step when there is any. */
  problems: (report: R) => ReactNode;
  /** What confirming would do, above the confirm button. */
  preview: (report: R) => ReactNode;
  canApply: (report: R) => boolean;
  applyLabel: string;
  applyingLabel: string;
  /** What took the confirm button's place once confirmed. */
  applied: (result: A) => ReactNode;
}) {
  const [checked, setChecked] = useState<{ file: File; report: R } | undefined>();
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<{ file: FileList }>();
  const onCheck = handleSubmit(async ({ file }) => {
    setChecked(undefined);
    apply.reset();
    try {
      setChecked({ file: file[0], report: await check.mutateAsync(file[0]) });
    } catch (cause) {
      console.error(cause);
    }
  });
  const confirm = async () => {
    if (!checked) return;
    try {
      await apply.mutateAsync(checked.file);
    } catch (cause) {
      console.error(cause);
    }
  };
  const report = checked?.report;
  const failure = check.error ?? apply.error;
  const errorId = `${field.id}-error`;
  return (
    <>
      <form className="row g-2 align-items-end mb-3" onSubmit={onCheck} aria-label={formLabel} noValidate>
        <div className="col-md-8">
          <label className="form-label" htmlFor={field.id}>
            {field.label}
          </label>
          <input
            id={field.id}
            type="file"
            accept={field.accept}
            className={`form-control${errors.file ? ' is-invalid' : ''}`}
            aria-invalid={errors.file ? true : undefined}
            aria-describedby={errors.file ? errorId : undefined}
            {...register('file', {
              validate: (files) => (files?.length !== 1 ? field.missing : files[0].size > field.maxBytes ? field.tooLarge : true),
            })}
          />
          {errors.file ? (
            <div id={errorId} className="invalid-feedback">
              {errors.file.message}
            </div>
          ) : null}
        </div>
        <div className="col-md-4">
          <button type="submit" className="btn btn-dark" disabled={isSubmitting}>
            {isSubmitting ? 'Checking...' : checkLabel}
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
      {report && report.errors.length > 0 ? problems(report) : null}
      {report && report.errors.length === 0 ? (
        <div className="card card-body mb-3" role="status">
          {preview(report)}
          {apply.data ? (
            applied(apply.data)
          ) : (
            <div>
              <button
                type="button"
                className="btn btn-success"
                onClick={() => void confirm()}
                disabled={apply.isPending || !canApply(report)}
              >
                {apply.isPending ? applyingLabel : applyLabel}
              </button>
            </div>
          )}
        </div>
      ) : null}
    </>
  );
}
