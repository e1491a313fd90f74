import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Alert } from '@/components/alert';
import { Spinner } from '@/components/spinner';
import { type AuditFilters, useAuditTrail } from '../api/list-audit';
import { AuditEntries } from './audit-entries';

const PAGE_SIZE = 25;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The admin audit trail: who changed what and when, newest first, narrowed to one product (or order) or one admin. */
export function AuditTrail() {
  const [filters, setFilters] = useState<AuditFilters>({});
  const list = useAuditTrail(filters, PAGE_SIZE);
  const filtered = Boolean(filters.entity || filters.actor);

  return (
    <>
      <FilterForm filters={filters} onChange={setFilters} />
      {list.error ? <Alert variant="danger">{list.error}</Alert> : null}
      {list.loading ? <Spinner label="Loading the audit trail..." /> : null}
      {!list.loading && !(list.error && list.items.length === 0) ? (
        <>
          <p className="text-body-secondary" aria-live="polite">
            {list.total} {list.total === 1 ? 'entry' : 'entries'}
            {filtered ? ' matching the filter' : ''}
          </p>
          {list.items.length > 0 ? (
            <AuditEntries
              entries={list.items}
              onActor={(actor) => setFilters((current) => ({ ...current, actor }))}
              onEntity={(entity) => setFilters((current) => ({ ...current, entity }))}
            />
          ) : (
            <p className="text-body-secondary">Nothing recorded yet.</p>
          )}
          {list.hasMore ? (
            <button type="button" className="btn btn-outline-dark" onClick={list.loadMore} disabled={list.loadingMore}>
              {list.loadingMore ? 'Loading...' : 'Load more'}
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
