import { Injectable } from '@nestjs/common';
import type { ShippingAddress } from '@store/contract';
import { Database } from '../../database/transactions.js';

/** One address of a book, as stored. */
export interface AddressRow {
  id: string;
  address: ShippingAddress;
  isDefault: boolean;
}

const COLUMNS = `id, address, is_default AS "isDefault"`;

/** The user_addresses table's SQL, all of it. Every statement names the user, so one user never reaches another's. */
@Injectable()
export class AddressesRepository {
  constructor(private readonly db: Database) {}

  /** The user's addresses: the default first, then oldest first. */
  list(userId: string): Promise<AddressRow[]> {
    return this.db.rows<AddressRow>(`SELECT ${COLUMNS} FROM user_addresses WHERE user_id = $1 ORDER BY is_default DESC, created_at, id`, [
      userId,
    ]);
  }

  /**
   * Adds an address in the transaction in context, unless the book already holds `max`; the user's first address
   * is their default. A lock on the user's book (a transaction-scoped advisory lock on the user's id) comes first,
   * so two adds at once cannot both pass the count.
   */
  async insert(userId: string, address: ShippingAddress, isDefault: boolean, max: number): Promise<AddressRow | undefined> {
    await this.db.transactionRows(`SELECT pg_advisory_xact_lock(hashtextextended($1::text, 0))`, [userId]);
    const [{ n }] = await this.db.transactionRows<{ n: number }>(`SELECT count(*)::int AS n FROM user_addresses WHERE user_id = $1`, [
      userId,
    ]);
    if (n >= max) return undefined;
    if (isDefault) await this.clearDefault(userId);
    const rows = await this.db.transactionRows<AddressRow>(
      `INSERT INTO user_addresses (user_id, address, is_default) VALUES ($1, $2, $3) RETURNING ${COLUMNS}`,
      [userId, address, isDefault || n === 0],
    );
    return rows[0];
  }

  /** Replaces an address (and with `isDefault`, makes it the default), in the transaction in context. */
  async replace(userId: string, id: string, address: ShippingAddress, isDefault: boolean): Promise<AddressRow | undefined> {
    if (isDefault) await this.clearDefault(userId);
    const rows = await this.db.transactionRows<AddressRow>(
      `UPDATE user_addresses SET address = $3, is_default = is_default OR $4 WHERE user_id = $1 AND id = $2 RETURNING ${COLUMNS}`,
      [userId, id, address, isDefault],
    );
    return rows[0];
  }

  /** Removes an address; when it was the default, the oldest one left becomes the default. In the transaction in context. */
  async delete(userId: string, id: string): Promise<boolean> {
    const rows = await this.db.transactionRows<{ is_default: boolean }>(
      `DELETE FROM user_addresses WHERE user_id = $1 AND id = $2 RETURNING is_default`,
      [userId, id],
    );
    if (rows[0]?.is_default) {
      await this.db.transactionRows(
        `UPDATE user_addresses SET is_default = true
          WHERE id = (SELECT id FROM user_addresses WHERE user_id = $1 ORDER BY created_at, id LIMIT 1)`,
        [userId],
      );
    }
    return rows.length > 0;
  }

  private async clearDefault(userId: string): Promise<void> {
    await this.db.transactionRows(`UPDATE user_addresses SET is_default = false WHERE user_id = $1 AND is_default`, [userId]);
  }
}
