import { Injectable } from '@nestjs/common';
import { Database, type StatementStep } from '../../database/transactions.js';
import { MAIL_PROBLEMS_SHOWN, type MailProblem, type MailStatus } from '@store/contract';
import type { MailDraft, MailKind } from './mail-draft.js';

/** A claimed row: what the worker needs to send it. */
export interface OutboxMail {
  id: string;
  kind: MailKind;
  orderId: string | null;
  recipient: string;
  subject: string;
  text: string;
  /** Attempts so far, this one included. */
  attempts: number;
}

interface OutboxRow {
  id: string;
  kind: MailKind;
  order_id: string | null;
  recipient: string;
  subject: string;
  text_body: string;
  attempts: number;
}

/** A mail to queue; a step's (OutboxRepository.insertStep) may leave its recipient to the host (null). */
type QueuedMail = Omit<MailDraft, 'recipient'> & { recipient: string | null };

/** A mail queued twice for the same order and kind (and dedupe key) is queued once. */
const SAME_MAIL = '(order_id, kind, dedupe_key)';

/**
 * The columns and rows of an insert of mails given as six arrays from parameter `first` on (kind, order, recipient,
 * subject, text, dedupe key), in the order given (clock_timestamp() is read row by row); `recipient` the SQL of each
 * row's recipient, in terms of `m.recipient` (the array's) and of `from`'s row when given.
 */
function insertedMails(first: number, recipient: string, from?: string): string {
  const p = (n: number) => `$${first + n}`;
  return `(kind, order_id, recipient, subject, text_body, dedupe_key, created_at, next_attempt_at)
       SELECT m.kind, m.order_id, ${recipient}, m.subject, m.text_body, m.dedupe_key, clock_timestamp(), clock_timestamp()
       FROM ${from ? `${from}, ` : ''}unnest(${p(0)}::text[], ${p(1)}::uuid[], ${p(2)}::text[], ${p(3)}::text[], ${p(4)}::text[], ${p(5)}::text[])
         WITH ORDINALITY AS m (kind, order_id, recipient, subject, text_body, dedupe_key, position)
       ORDER BY m.position`;
}

/** The six arrays of {@link insertedMails}. */
function draftColumns(mails: ReadonlyArray<QueuedMail>): unknown[] {
  return [
    mails.map((mail) => mail.kind),
    mails.map((mail) => mail.orderId),
    mails.map((mail) => mail.recipient),
    mails.map((mail) => mail.subject),
    mails.map((mail) => mail.text),
    mails.map((mail) => mail.dedupeKey ?? ''),
  ];
}

/** The mail_outbox table's SQL, all of it. */
@Injectable()
export class OutboxRepository {
  constructor(private readonly db: Database) {}

  /**
   * Queues mails inside the transaction in context; a mail already queued for the same order and kind is kept as is.
   * Each row is due at the statement's clock, not the transaction's start, so mails queued one after another in one
   * transaction (the stock alerts' pass, oldest alert first) are claimed and sent in that order.
   */
  async insert(mails: MailDraft[]): Promise<void> {
    if (mails.length === 0) return;
    // ONE prepared statement for all of them (a paid order's two mails are on the checkout's path): clock_timestamp()
    // is read row by row, in the order given.
    await this.db.preparedRows(
      'outbox-insert',
      `INSERT INTO mail_outbox ${insertedMails(1, 'm.recipient')} ON CONFLICT ${SAME_MAIL} DO NOTHING`,
      draftColumns(mails),
    );
  }

  /**
   * {@link insert} as a step of another statement (StatementStep): queued only when the host's CTE `buyer` (email)
   * has a row, and a mail whose recipient is null goes to that row's address (the buyer's as it is when the step
   * runs: an account's e-mail may have moved since the mail was composed; an erased account has no row, so no mail).
   */
  insertStep(mails: ReadonlyArray<QueuedMail>, buyer: string): StatementStep {
    return {
      name: 'mails',
      values: draftColumns(mails),
      sql: (first) => `mails AS (
         INSERT INTO mail_outbox ${insertedMails(first, `coalesce(m.recipient, ${buyer}.email)`, buyer)}
         ON CONFLICT ${SAME_MAIL} DO NOTHING RETURNING id
       )`,
    };
  }

  /**
   * Deletes every mail to `recipient` and every mail about `orderIds` (the shop's notices name the buyer and their
   * address), sent or not, in the transaction in context: an erased account's mails.
   */
  async deleteFor(recipient: string, orderIds: string[]): Promise<void> {
    await this.db.transactionRows(`DELETE FROM mail_outbox WHERE recipient = $1 OR order_id = ANY($2::uuid[])`, [recipient, orderIds]);
  }

  /**
   * Takes up to `limit` due mails for this worker: their lease (`next_attempt_at`) moves `leaseMs` ahead and
   * their attempt count goes up, in one statement. FOR UPDATE SKIP LOCKED makes concurrent claims (other
   * replicas) skip rows being claimed rather than wait for them, and Postgres re-checks a locked row's
   * `next_attempt_at` after the other claim commits, so no row is ever handed to two workers at once.
   */
  async claim(limit: number, leaseMs: number): Promise<OutboxMail[]> {
    const rows = await this.db.rows<OutboxRow>(
      `UPDATE mail_outbox SET attempts = attempts + 1, next_attempt_at = now() + make_interval(secs => $2::double precision / 1000)
       WHERE id IN (
         SELECT id FROM mail_outbox
         WHERE sent_at IS NULL AND rejected_at IS NULL AND next_attempt_at <= now()
         ORDER BY next_attempt_at
         LIMIT $1
         FOR UPDATE SKIP LOCKED)
       RETURNING id, kind, order_id, recipient, subject, text_body, attempts`,
      [limit, leaseMs],
    );
    return rows.map((row) => ({
      id: row.id,
      kind: row.kind,
      orderId: row.order_id,
      recipient: row.recipient,
      subject: row.subject,
      text: row.text_body,
      attempts: row.attempts,
    }));
  }

  /** These mails went out (a worker's batch, in one statement). */
  async markSent(ids: string[]): Promise<void> {
    await this.db.rows(`UPDATE mail_outbox SET sent_at = now(), last_error = NULL WHERE id = ANY($1::uuid[])`, [ids]);
  }

  /** The attempt failed; the next one is due after `retryInMs`. */
  async markFailed(id: string, error: string, retryInMs: number): Promise<void> {
    await this.db.rows(
      `UPDATE mail_outbox SET last_error = $2, next_attempt_at = now() + make_interval(secs => $3::double precision / 1000) WHERE id = $1`,
      [id, error.slice(0, 500), retryInMs],
    );
  }

  /** Gives claimed mails back unattempted (the worker is stopping): due at once, their claim not counted. */
  async release(ids: string[]): Promise<void> {
    if (ids.length === 0) return;
    await this.db.rows(`UPDATE mail_outbox SET attempts = attempts - 1, next_attempt_at = now() WHERE id = ANY($1::uuid[])`, [ids]);
  }

  /** The server refused the mail for good: it is kept, never retried. */
  async markRejected(id: string, error: string): Promise<void> {
    await this.db.rows(`UPDATE mail_outbox SET last_error = $2, rejected_at = now() WHERE id = $1`, [id, error.slice(0, 500)]);
  }

  /**
   * The backlog by state, mails sent in the last day, and the failing and refused mails, newest first. Counting
   * reads the unsent rows through the worker's partial index; the day's sent rows by `sent_at`'s range.
   */
  async status(): Promise<Omit<MailStatus, 'transport'>> {
    const [counts] = await this.db.rows<{ waiting: number; failing: number; rejected: number; sent_last_day: number }>(
      `SELECT
         (SELECT count(*)::int FROM mail_outbox WHERE sent_at IS NULL AND rejected_at IS NULL AND last_error IS NULL) AS waiting,
         (SELECT count(*)::int FROM mail_outbox WHERE sent_at IS NULL AND rejected_at IS NULL AND last_error IS NOT NULL) AS failing,
         (SELECT count(*)::int FROM mail_outbox WHERE rejected_at IS NOT NULL) AS rejected,
         (SELECT count(*)::int FROM mail_outbox WHERE sent_at > now() - interval '1 day') AS sent_last_day`,
    );
    const problems = await this.db.rows<{
      id: string;
      kind: string;
      recipient: string;
      subject: string;
      attempts: number;
      last_error: string;
      created_at: Date;
      next_attempt_at: Date;
      rejected_at: Date | null;
    }>(
      `SELECT id, kind, recipient, subject, attempts, last_error, created_at, next_attempt_at, rejected_at
       FROM mail_outbox WHERE sent_at IS NULL AND last_error IS NOT NULL
       ORDER BY created_at DESC, id LIMIT $1`,
      [MAIL_PROBLEMS_SHOWN],
    );
    return {
      counts: { waiting: counts.waiting, failing: counts.failing, rejected: counts.rejected, sentLastDay: counts.sent_last_day },
      problems: problems.map((row): MailProblem => ({
        _id: row.id,
        kind: row.kind,
        recipient: row.recipient,
        subject: row.subject,
        attempts: row.attempts,
        lastError: row.last_error,
        createdAt: row.created_at.toISOString(),
        nextAttemptAt: row.rejected_at ? null : row.next_attempt_at.toISOString(),
        rejected: row.rejected_at !== null,
      })),
    };
  }
}
