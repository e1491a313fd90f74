import type { AuditChange, AuditEntry } from '@store/contract';
import { STAFF_ROLE_LABELS } from '@/lib/staff-role-labels';

const ACTION_LABELS: Record<AuditEntry['action'], string> = {
  'category.create': 'Created category',
  'category.update': 'Updated category',
  'category.delete': 'Deleted category',
  'product.create': 'Created product',
  'product.update': 'Updated product',
  'product.delete': 'Deleted product',
  'order.status': 'Moved order',
  'order.refund': 'Refunded order',
  'staff.invite': 'Invited',
  'staff.join': 'Joined the staff',
  'staff.role': 'Changed the role of',
  'staff.remove': 'Removed from the staff',
  'pricing.create': 'Added pricing rule',
  'pricing.update': 'Changed pricing setting',
  'pricing.delete': 'Deleted pricing rule',
  'staff.two-factor-reset': 'Reset the two-factor sign-in of',
  'two-factor.enable': 'Turned on two-factor sign-in',
  'two-factor.disable': 'Turned off two-factor sign-in',
  'two-factor.recovery-codes': 'Made new two-factor recovery codes',
  'return.request': 'Asked for a return or exchange',
  'return.approve': 'Approved a return',
  'return.reject': 'Rejected a return',
  'return.receive': 'Received a return',
  'return.refund': 'Refunded a return',
  'return.ship': 'Shipped an exchange',
  'return.expire': 'Released an expired exchange',
};

/**
 * A value of a change as people read it: money and counts as they are, objects (a refund) as their fields, lists
 * (a product's sizes) item by item.
 */
export function formatAuditValue(value: unknown): string {
  if (value === null || value === undefined) return '(none)';
  if (Array.isArray(value)) return value.length === 0 ? '(none)' : value.map(formatAuditValue).join('; ');
  if (typeof value === 'object') {
    return Object.entries(value as Record<string, unknown>)
      .map(([key, inner]) => `${key} ${formatAuditValue(inner)}`)
      .join(', ');
  }
  return String(value);
}

function ChangeList({ changes }: { changes: Record<string, AuditChange> }) {
  return (
    <ul className="list-unstyled mb-0 small">
      {Object.entries(changes).map(([field, change]) => (
        <li key={field}>
          <span className="fw-semibold">{field}</span>: {formatAuditValue(change.before)} &rarr; {formatAuditValue(change.after)}
        </li>
      ))}
    </ul>
  );
}

/**
 * The audit entries as a table, newest first. Clicking an admin or an entity id narrows the list to it (the
 * parent owns the filters).
 */
export function AuditEntries({
  entries,
  onActor,
  onEntity,
}: {
  entries: AuditEntry[];
  onActor: (actorId: string) => void;
  onEntity: (entityId: string) => void;
}) {
  return (
    <div className="table-responsive">
      <table className="table table-sm align-top" aria-label="Audit entries">
        <thead>
          <tr>
            <th scope="col">When</th>
            <th scope="col">Admin</th>
            <th scope="col">What</th>
            <th scope="col">Changes</th>
          </tr>
        </thead>
        <tbody>
          {entries.map((entry) => (
            <tr key={entry._id}>
              <td className="small text-nowrap">
                {new Date(entry.at).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'medium' })}
              </td>
              <td className="small">
                <button
                  type="button"
                  className="btn btn-link btn-sm p-0 text-start"
                  title={entry.actor.email}
                  onClick={() => onActor(entry.actor._id)}
                >
                  {entry.actor.name}
                </button>
                {entry.actor.staffRole ? <div className="text-body-secondary">{STAFF_ROLE_LABELS[entry.actor.staffRole]}</div> : null}
              </td>
              <td className="small">
                {ACTION_LABELS[entry.action] ?? entry.action}{' '}
                <button
                  type="button"
                  className="btn btn-link btn-sm p-0 font-monospace"
                  title={`Only entries about this ${entry.entity.type}`}
                  onClick={() => onEntity(entry.entity._id)}
                >
                  {entry.entity._id.slice(0, 8)}
                </button>
              </td>
              <td>
                <ChangeList changes={entry.changes} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
