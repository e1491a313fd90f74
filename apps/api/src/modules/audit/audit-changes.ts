import type { AuditChange } from '@store/contract';

/**
 * The fields whose value differs between `before` and `after`, each with both values: what an audit entry
 * records. A create passes `before = null` (every field is new), a delete `after = null`. Values are compared
 * by their JSON, so dates and nested values compare by content.
 */
export function changedFields<T extends object>(
  before: T | null,
  after: T | null,
  fields: readonly (keyof T & string)[],
): Record<string, AuditChange> {
  const changes: Record<string, AuditChange> = {};
  for (const field of fields) {
    const was = before === null ? null : (before[field] ?? null);
    const now = after === null ? null : (after[field] ?? null);
    if (JSON.stringify(was) !== JSON.stringify(now)) changes[field] = { before: was, after: now };
  }
  return changes;
}
