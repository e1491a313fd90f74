import type { AuditEntry } from '@store/contract';
import { useCallback, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Alert } from '../../../components/alert';
import { Spinner } from '../../../components/spinner';
import { errorMessage, type Auth } from '../../../lib/api-client';
import { useResource } from '../../../lib/use-resource';
import { type AuditFilters, listAudit } from '../api/audit';
import { AuditEntries } from './audit-entries';

const PAGE_SIZE = 25;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The admin audit trail: who changed what and when, newest first, narrowed to one product (or order) or one admin. */
export function AuditTrail({ auth }: { auth: Auth }) {
  const { userId, token } = auth;
  const [filters, setFilters] = useState<AuditFilters>({});
  const load = useCallback(
    (signal: AbortSignal) => listAudit({ userId, token }, { ...filters, limit: PAGE_SIZE }, signal),
    [userId, token, filters],
  );
  const { data: first, error } = useResource(load);
  // Later pages, appended by "Load more"; reset whenever the filters (and so the first page) change.
  const [more, setMore] = useState<{ for: unknown; entries: AuditEntry[]; next?: string; error?: string }>({ for: undefined, entries: [] });
  const [loadingMore, setLoadingMore] = useState(false);
  const extra = more.for === first ? more : { for: first, entries: [], next: first?.next };
  const entries = [...(first?.entries ?? []), ...extra.entries];

  const loadMore = async () => {
    if (!extra.next) return;
    setLoadingMore(true);
    try {
      const page = await listAudit(auth, { ...filters, limit: PAGE_SIZE, after: extra.next });
      setMore({ for: first, entries: [...extra.entries, ...page.entries], next: page.next });
    } catch (cause) {
      console.error(cause);
      setMore({ ...extra, error: errorMessage(cause) });
    } finally {
      setLoadingMore(false);
    }
  };

  return (
    <>
      <FilterForm filters={filters} onChange={setFilters} />
      {error ? <Alert variant="danger">{error}</Alert> : null}
      {!first && !error ? <Spinner label="Loading the audit trail..." /> : null}
      {first ? (
        <>
          <p className="text-body-secondary" aria-live="polite">
            {first.total} {first.total === 1 ? 'entry' : 'entries'}
            {filters.entity || filters.actor ? ' matching the filter' : ''}
          </p>
          {entries.length > 0 ? (
            <AuditEntries
              entries={entries}
              onActor={(actor) => setFilters((current) => ({ ...current, actor }))}
              onEntity={(entity) => setFilters((current) => ({ ...current, entity }))}
            />
          ) : (
            <p className="text-body-secondary">Nothing recorded yet.</p>
          )}
          {extra.error ? <Alert variant="danger">{extra.error}</Alert> : null}
          {extra.next ? (
            <button type="button" className="btn btn-outline-dark" onClick={() => void loadMore()} disabled={loadingMore}>
              {loadingMore ? 'Loading...' : 'Load more'}
            </button>
          ) : null}
        </>
      ) : null}
    </>
  );
}

function FilterForm({ filters, onChange }: { filters: AuditFilters; onChange: (filters: AuditFilters) => void }) {
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<{ entity: string; actor: string }>({ values: { entity: filters.entity ?? '', actor: filters.actor ?? '' } });
  const idRule = { validate: (value: string) => value.trim() === '' || UUID.test(value.trim()) || 'Enter a full id' };
  const submit = handleSubmit(({ entity, actor }) => onChange({ entity: entity.trim() || undefined, actor: actor.trim() || undefined }));
  return (
    <form className="row g-2 align-items-end mb-3" onSubmit={submit} aria-label="Filter the audit trail" noValidate>
      <div className="col-md-5">
        <label className="form-label small" htmlFor="audit-entity">
          Product, category or order id
        </label>
        <input
          id="audit-entity"
          className={`form-control form-control-sm ${errors.entity ? 'is-invalid' : ''}`}
          {...register('entity', idRule)}
        />
        {errors.entity ? <div className="invalid-feedback">{errors.entity.message}</div> : null}
      </div>
      <div className="col-md-4">
        <label className="form-label small" htmlFor="audit-actor">
          Admin id
        </label>
        <input
          id="audit-actor"
          className={`form-control form-control-sm ${errors.actor ? 'is-invalid' : ''}`}
          {...register('actor', idRule)}
        />
        {errors.actor ? <div className="invalid-feedback">{errors.actor.message}</div> : null}
      </div>
      <div className="col-md-3 d-flex gap-2">
        <button type="submit" className="btn btn-sm btn-success">
          Filter
        </button>
        <button type="button" className="btn btn-sm btn-outline-secondary" onClick={() => onChange({})}>
          Show all
        </button>
      </div>
    </form>
  );
}
