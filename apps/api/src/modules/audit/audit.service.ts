import { Injectable } from '@nestjs/common';
import {
  AUDIT_LIST_LIMIT_DEFAULT,
  type AuditAction,
  type AuditChange,
  type AuditEntityType,
  type AuditEntry,
  type StaffRole,
} from '@store/contract';
import { changedFields } from './audit-changes.js';
import { type AuditCursor, decodeAuditCursor, encodeAuditCursor } from './audit-cursor.js';
import { AuditRepository, type AuditRow, type NewAuditEntry } from './audit.repository.js';

/** Who made a write: the signed-in admin (an AuthUser fits). Name, e-mail and staff role are kept as they are now. */
export interface AuditActor {
  id: string;
  name: string;
  email: string;
  /** Null (or absent) only for the system's own writes. */
  staffRole?: StaffRole | null;
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

/**
 * The audit trail. Other modules call {@link AuditService.record} inside THEIR transaction (the one in context), so
 * an entry commits or rolls back with the write it describes; admins read it through {@link AuditService.list}.
 */
@Injectable()
export class AuditService {
  constructor(private readonly repository: AuditRepository) {}

  /**
   * The fields that differ between `before` and `after`, each with both values: the `changes` of an entry
   * (see audit-changes.ts). Offered here so other modules reach the audit trail through this service only.
   */
  changedFields<T extends object>(before: T | null, after: T | null, fields: readonly (keyof T & string)[]): Record<string, AuditChange> {
    return changedFields(before, after, fields);
  }

  /** Records one admin write inside the transaction in context. Does nothing when `changes` is empty. */
  async record(actor: AuditActor, entry: AuditRecord): Promise<void> {
    if (!hasChanges(entry)) return;
    await this.repository.insert(newEntry(actor, entry));
  }

  /** Records several writes of one actor inside the transaction in context, in one statement; empty changes are skipped. */
  async recordMany(actor: AuditActor, entries: AuditRecord[]): Promise<void> {
    const kept = entries.filter(hasChanges);
    if (kept.length === 0) return;
    await this.repository.insertMany(kept.map((entry) => newEntry(actor, entry)));
  }

  /** Every entry one user wrote, newest first (their "my data" download). */
  async allByActor(actorId: string): Promise<AuditEntry[]> {
    const entries: AuditEntry[] = [];
    let after: AuditCursor | undefined;
    for (;;) {
      const rows = await this.repository.page({ actor: actorId }, 500, after);
      entries.push(...rows.map(toAuditEntry));
      const last = rows[rows.length - 1];
      if (rows.length < 500 || !last) return entries;
      after = { at: last.at_text, id: last.id };
    }
  }

  /** Erases a deleted account's name and e-mail from its entries (see AuditRepository.eraseActor). */
  eraseActor(actorId: string): Promise<void> {
    return this.repository.eraseActor(actorId, 'Deleted account');
  }

  /** A page of the trail, newest first, optionally only one entity's or one admin's entries. */
  async list(params: AuditListParams): Promise<AuditPage> {
    const limit = params.limit ?? AUDIT_LIST_LIMIT_DEFAULT;
    const filter = { entity: params.entity, actor: params.actor };
    const rows = await this.repository.page(filter, limit + 1, params.after ? decodeAuditCursor(params.after) : undefined);
    const page = rows.slice(0, limit);
    const last = page[page.length - 1];
    return {
      entries: page.map(toAuditEntry),
      total: await this.repository.count(filter),
      next: rows.length > limit && last ? encodeAuditCursor({ at: last.at_text, id: last.id }) : undefined,
    };
  }
}

const hasChanges = (entry: AuditRecord): boolean => Object.keys(entry.changes).length > 0;

/** The row of one entry: the actor as they are now (name and e-mail cut to the columns' lengths) and the write. */
function newEntry(actor: AuditActor, entry: AuditRecord): NewAuditEntry {
  return {
    actorId: actor.id,
    actorName: actor.name.slice(0, 32),
    actorEmail: actor.email.slice(0, 254),
    actorRole: actor.staffRole ?? null,
    action: entry.action,
    entityType: entry.entityType,
    entityId: entry.entityId,
    changes: entry.changes,
  };
}

function toAuditEntry(row: AuditRow): AuditEntry {
  return {
    _id: row.id,
    at: new Date(row.at_text).toISOString(),
    actor: { _id: row.actor_id, name: row.actor_name, email: row.actor_email, ...(row.actor_role ? { staffRole: row.actor_role } : {}) },
    action: row.action,
    entity: { type: row.entity_type, _id: row.entity_id },
    changes: row.changes,
  };
}
