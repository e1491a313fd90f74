import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { AUDIT_LIST_LIMIT_DEFAULT, type AuditAction, type AuditChange, type AuditEntityType, type AuditEntry } from '@store/contract';
import type { DataSource, EntityManager } from 'typeorm';
import { changedFields } from './audit-changes.js';
import { AuditLogEntity } from './audit-log.entity.js';
import { decodeAuditCursor, encodeAuditCursor } from './audit-cursor.js';

/** Who made a write: the signed-in admin (an AuthUser fits). Name and e-mail are kept as they are now. */
export interface AuditActor {
  id: string;
  name: string;
  email: string;
}

/** The actor of writes no person made (the demo catalogue a fresh store is seeded with). */
export const SYSTEM_ACTOR: AuditActor = { id: '00000000-0000-0000-0000-000000000000', name: 'System', email: 'system@localhost' };

export interface AuditRecord {
  action: AuditAction;
  entityType: AuditEntityType;
  entityId: string;
  /** Only the changed fields (see changedFields); an update that changed nothing is not recorded. */
  changes: Record<string, AuditChange>;
}

export interface AuditListParams {
  limit?: number;
  after?: string;
  entity?: string;
  actor?: string;
}

export interface AuditPage {
  entries: AuditEntry[];
  /** Exact when filtered or small; Postgres's row estimate for an unfiltered trail past ESTIMATE_FROM rows. */
  total: number;
  /** The cursor of the next page, when there is one. */
  next: string | undefined;
}

/** Past this many rows an unfiltered count would read the whole trail on every page; the planner's estimate is used. */
const ESTIMATE_FROM = 100_000;

interface AuditRow {
  id: string;
  at_text: string;
  actor_id: string;
  actor_name: string;
  actor_email: string;
  action: AuditAction;
  entity_type: AuditEntityType;
  entity_id: string;
  changes: Record<string, AuditChange>;
}

/**
 * The audit trail. Other modules call {@link AuditService.record} with THEIR transaction's manager, so an entry
 * commits or rolls back with the write it describes; admins read it through {@link AuditService.list}.
 */
@Injectable()
export class AuditService {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /**
   * The fields that differ between `before` and `after`, each with both values: the `changes` of an entry
   * (see audit-changes.ts). Offered here so other modules reach the audit trail through this service only.
   */
  changedFields<T extends object>(before: T | null, after: T | null, fields: readonly (keyof T & string)[]): Record<string, AuditChange> {
    return changedFields(before, after, fields);
  }

  /** Records one admin write inside the caller's transaction. Does nothing when `changes` is empty. */
  async record(manager: EntityManager, actor: AuditActor, entry: AuditRecord): Promise<void> {
    if (Object.keys(entry.changes).length === 0) return;
    // Through the repository's create + save (not insert's deep-partial typing, which mangles a jsonb record type).
    await manager.save(
      manager.create(AuditLogEntity, {
        actorId: actor.id,
        actorName: actor.name.slice(0, 32),
        actorEmail: actor.email.slice(0, 254),
        action: entry.action,
        entityType: entry.entityType,
        entityId: entry.entityId,
        changes: entry.changes,
      }),
    );
  }

  /** A page of the trail, newest first, optionally only one entity's or one admin's entries. */
  async list(params: AuditListParams): Promise<AuditPage> {
    const limit = params.limit ?? AUDIT_LIST_LIMIT_DEFAULT;
    const where: string[] = [];
    const values: unknown[] = [];
    if (params.entity) where.push(`entity_id = $${values.push(params.entity)}`);
    if (params.actor) where.push(`actor_id = $${values.push(params.actor)}`);
    const filter = [...where];
    if (params.after) {
      const cursor = decodeAuditCursor(params.after);
      where.push(`(at, id) < ($${values.push(cursor.at)}::timestamptz, $${values.push(cursor.id)}::uuid)`);
    }
    // at_text keeps the microseconds a JavaScript Date would drop, so the cursor points exactly between rows.
    const rows = (await this.dataSource.query(
      `SELECT id, to_char(at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') AS at_text, actor_id, actor_name, actor_email,
              action, entity_type, entity_id, changes
         FROM audit_log
        ${where.length ? `WHERE ${where.join(' AND ')}` : ''}
        ORDER BY audit_log.at DESC, audit_log.id DESC
        LIMIT ${limit + 1}`,
      values,
    )) as AuditRow[];
    const page = rows.slice(0, limit);
    const last = page[page.length - 1];
    return {
      entries: page.map(toAuditEntry),
      total: await this.count(filter, values.slice(0, filter.length)),
      next: rows.length > limit && last ? encodeAuditCursor({ at: last.at_text, id: last.id }) : undefined,
    };
  }

  private async count(filter: string[], values: unknown[]): Promise<number> {
    if (filter.length === 0) {
      const [estimate] = (await this.dataSource.query(`SELECT reltuples::bigint AS n FROM pg_class WHERE oid = 'audit_log'::regclass`)) as {
        n: string;
      }[];
      if (Number(estimate?.n ?? 0) >= ESTIMATE_FROM) return Number(estimate.n);
    }
    const [row] = (await this.dataSource.query(
      `SELECT count(*)::int AS n FROM audit_log ${filter.length ? `WHERE ${filter.join(' AND ')}` : ''}`,
      values,
    )) as { n: number }[];
    return row.n;
  }
}

function toAuditEntry(row: AuditRow): AuditEntry {
  return {
    _id: row.id,
    at: new Date(row.at_text).toISOString(),
    actor: { _id: row.actor_id, name: row.actor_name, email: row.actor_email },
    action: row.action,
    entity: { type: row.entity_type, _id: row.entity_id },
    changes: row.changes,
  };
}
