import { Injectable } from '@nestjs/common';
import type { AuditAction, AuditChange, AuditEntityType, StaffRole } from '@store/contract';
import { Database } from '../../database/transactions.js';
import { AuditLogEntity } from './audit-log.entity.js';
import type { AuditCursor } from './audit-cursor.js';

/** A row of the trail as a page reads it; `at_text` keeps the microseconds a JavaScript Date would drop. */
export interface AuditRow {
  id: string;
  at_text: string;
  actor_id: string;
  actor_name: string;
  actor_email: string;
  actor_role: StaffRole | null;
  action: AuditAction;
  entity_type: AuditEntityType;
  entity_id: string;
  changes: Record<string, AuditChange>;
}

/** What narrows a page of the trail: one entity's entries, one admin's. */
export interface AuditFilter {
  entity?: string;
  actor?: string;
}

/** A new entry, its texts already cut to their columns. */
export type NewAuditEntry = Omit<AuditLogEntity, 'id' | 'at'>;

/** Past this many rows an unfiltered count would read the whole trail on every page; the planner's estimate is used. */
const ESTIMATE_FROM = 100_000;

/** The audit_log table's statements, all of them. */
@Injectable()
export class AuditRepository {
  constructor(private readonly db: Database) {}

  /** Adds one entry in the transaction in context, so it commits or rolls back with the write it describes. */
  async insert(entry: NewAuditEntry): Promise<void> {
    const manager = this.db.manager;
    // Through create + save (not insert's deep-partial typing, which mangles a jsonb record type).
    await manager.save(manager.create(AuditLogEntity, entry));
  }

  /** Adds several entries in the transaction in context, in one INSERT (TypeORM saves an array as one statement). */
  async insertMany(entries: NewAuditEntry[]): Promise<void> {
    const manager = this.db.manager;
    await manager.save(
      entries.map((entry) => manager.create(AuditLogEntity, entry)),
      { chunk: 500 },
    );
  }

  /**
   * Erases a deleted account's name and e-mail from the entries it wrote, in the transaction in context: what was
   * done and when stays (the shop's record of its own data), who did it becomes the account's id alone.
   */
  async eraseActor(actorId: string, name: string): Promise<void> {
    await this.db.transactionRows(`UPDATE audit_log SET actor_name = $2, actor_email = '' WHERE actor_id = $1`, [actorId, name]);
  }

  /** Up to `limit` entries matching `filter`, newest first, after `after`. */
  page(filter: AuditFilter, limit: number, after: AuditCursor | undefined): Promise<AuditRow[]> {
    const { where, values } = conditions(filter);
    if (after) where.push(`(at, id) < ($${values.push(after.at)}::timestamptz, $${values.push(after.id)}::uuid)`);
    return this.db.rows<AuditRow>(
      `SELECT id, to_char(at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') AS at_text, actor_id, actor_name, actor_email, actor_role,
              action, entity_type, entity_id, changes
         FROM audit_log
        ${where.length ? `WHERE ${where.join(' AND ')}` : ''}
        ORDER BY audit_log.at DESC, audit_log.id DESC
        LIMIT ${limit}`,
      values,
    );
  }

  /** How many entries match: exact when filtered or small, Postgres's row estimate past ESTIMATE_FROM otherwise. */
  async count(filter: AuditFilter): Promise<number> {
    const { where, values } = conditions(filter);
    if (where.length === 0) {
      const [estimate] = await this.db.rows<{ n: string }>(`SELECT reltuples::bigint AS n FROM pg_class WHERE oid = 'audit_log'::regclass`);
      if (Number(estimate?.n ?? 0) >= ESTIMATE_FROM) return Number(estimate.n);
    }
    const [row] = await this.db.rows<{ n: number }>(
      `SELECT count(*)::int AS n FROM audit_log ${where.length ? `WHERE ${where.join(' AND ')}` : ''}`,
      values,
    );
    return row.n;
  }
}

function conditions(filter: AuditFilter): { where: string[]; values: unknown[] } {
  const where: string[] = [];
  const values: unknown[] = [];
  if (filter.entity) where.push(`entity_id = $${values.push(filter.entity)}`);
  if (filter.actor) where.push(`actor_id = $${values.push(filter.actor)}`);
  return { where, values };
}
