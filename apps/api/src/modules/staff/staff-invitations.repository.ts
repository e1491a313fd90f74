import { Injectable } from '@nestjs/common';
import type { StaffRole } from '@store/contract';
import { Database } from '../../database/transactions.js';

/** An open invitation as the people list shows it. */
export interface InvitationRow {
  id: string;
  email: string;
  staffRole: StaffRole;
  expiresAt: Date;
}

/** Why a token opened no invitation. */
export type InvitationState = 'open' | 'unknown' | 'accepted' | 'revoked' | 'expired';

/** The staff_invitations table's statements, all of them. Tokens are never stored: only their SHA-256. */
@Injectable()
export class StaffInvitationsRepository {
  constructor(private readonly db: Database) {}

  /**
   * A new invitation, in the transaction in context. Earlier invitations to the same address still open are
   * withdrawn in the same transaction: only the newest link works.
   */
  async insert(invitation: {
    email: string;
    staffRole: StaffRole;
    tokenHash: Buffer;
    invitedBy: string;
    ttlHours: number;
  }): Promise<InvitationRow> {
    await this.db.transactionRows(
      `UPDATE staff_invitations SET revoked_at = now() WHERE email = $1 AND accepted_at IS NULL AND revoked_at IS NULL`,
      [invitation.email],
    );
    const [row] = await this.db.transactionRows<InvitationRow>(
      `INSERT INTO staff_invitations (email, staff_role, token_hash, invited_by, expires_at)
       VALUES ($1, $2, $3, $4, now() + make_interval(hours => $5))
       RETURNING id, email, staff_role AS "staffRole", expires_at AS "expiresAt"`,
      [invitation.email, invitation.staffRole, invitation.tokenHash, invitation.invitedBy, invitation.ttlHours],
    );
    return row;
  }

  /** The invitations still open (not accepted, withdrawn or expired), newest first. */
  listOpen(): Promise<InvitationRow[]> {
    return this.db.rows<InvitationRow>(
      `SELECT id, email, staff_role AS "staffRole", expires_at AS "expiresAt" FROM staff_invitations
        WHERE accepted_at IS NULL AND revoked_at IS NULL AND expires_at > now()
        ORDER BY created_at DESC, id`,
    );
  }

  /**
   * Uses up the invitation a token opens, in the transaction in context: one conditional UPDATE, so of two
   * requests with the same link only one gets the row (the other waits for it, then finds it accepted).
   * Expiry is judged by the database's clock, like the expiry that was stored.
   */
  async claim(tokenHash: Buffer): Promise<InvitationRow | undefined> {
    const [row] = await this.db.transactionRows<InvitationRow>(
      `UPDATE staff_invitations SET accepted_at = now()
        WHERE token_hash = $1 AND accepted_at IS NULL AND revoked_at IS NULL AND expires_at > now()
       RETURNING id, email, staff_role AS "staffRole", expires_at AS "expiresAt"`,
      [tokenHash],
    );
    return row;
  }

  /** Records who the claimed invitation made one of the staff. */
  async setAcceptedBy(id: string, userId: string): Promise<void> {
    await this.db.transactionRows(`UPDATE staff_invitations SET accepted_by = $2 WHERE id = $1`, [id, userId]);
  }

  /** The address an invitation was sent to, whatever its state (undefined for a token that opens none). */
  async emailOf(tokenHash: Buffer): Promise<string | undefined> {
    const [row] = await this.db.rows<{ email: string }>(`SELECT email FROM staff_invitations WHERE token_hash = $1`, [tokenHash]);
    return row?.email;
  }

  /** Whether a token opens an invitation now, or why not (for a refusal that says what to do). */
  async stateOf(tokenHash: Buffer): Promise<InvitationState> {
    const [row] = await this.db.rows<{ accepted: boolean; revoked: boolean; expired: boolean }>(
      `SELECT accepted_at IS NOT NULL AS accepted, revoked_at IS NOT NULL AS revoked, expires_at <= now() AS expired
         FROM staff_invitations WHERE token_hash = $1`,
      [tokenHash],
    );
    if (!row) return 'unknown';
    if (row.accepted) return 'accepted';
    if (row.revoked) return 'revoked';
    return row.expired ? 'expired' : 'open';
  }
}
