import { Inject, Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import {
  ACCOUNT_DELETE_STAFF,
  type Account,
  ADDRESS_BOOK_MAX,
  type AddressBook,
  type MyData,
  type Order,
  type SavedAddress,
  type ShippingAddress,
} from '@store/contract';
import { ConflictError, NotFoundError, ValidationFailedError } from '../../common/errors.js';
import { APP_CONFIG } from '../../config/config.module.js';
import type { AppConfig } from '../../config/env.js';
import { Transactions, UseCls } from '../../database/transactions.js';
import { AuditService } from '../audit/audit.service.js';
import { PasswordHasher } from '../auth/password-hasher.js';
import { OutboxService } from '../notifications/outbox.service.js';
import { OrdersService } from '../orders/orders.service.js';
import { ReturnsService } from '../returns/returns.service.js';
import { StockAlertsService } from '../stock-alerts/index.js';
import { UsersService } from '../users/users.service.js';
import { type AddressRow, AddressesRepository } from './addresses.repository.js';

const WRONG_PASSWORD = 'Password is not right';
const ADDRESS_BOOK_FULL = `An address book holds at most ${ADDRESS_BOOK_MAX} addresses; remove one first`;

/** A user row as UsersService hands it out. */
type UserRow = Awaited<ReturnType<UsersService['getById']>>;

function toAccount(user: UserRow): Account {
  return {
    _id: user.id,
    name: user.name,
    email: user.email,
    emailVerified: user.emailVerifiedAt !== null,
    role: user.role,
    ...(user.staffRole ? { staffRole: user.staffRole } : {}),
    createdAt: user.createdAt.toISOString(),
  };
}

function toSavedAddress(row: AddressRow): SavedAddress {
  return { _id: row.id, shippingAddress: row.address, isDefault: row.isDefault };
}

/** What a stored address holds: the given fields only, optional ones left out when empty. */
function storedAddress(address: ShippingAddress): ShippingAddress {
  const { name, line1, line2, city, postalCode, country, phone } = address;
  return { name, line1, ...(line2 ? { line2 } : {}), city, postalCode, country, ...(phone ? { phone } : {}) };
}

/**
 * The signed-in user's own account: the profile, the address book offered at checkout, "my data" and deleting the
 * account. Deleting erases the person and keeps their orders, anonymised, for ORDER_RETENTION_YEARS (the shop's
 * accounting), then deletes those too (see docs/security.md, "Deleting an account").
 */
@Injectable()
export class AccountsService implements OnApplicationBootstrap {
  private readonly logger = new Logger('Accounts');

  constructor(
    private readonly users: UsersService,
    private readonly addresses: AddressesRepository,
    private readonly orders: OrdersService,
    private readonly audit: AuditService,
    private readonly stockAlerts: StockAlertsService,
    private readonly returns: ReturnsService,
    private readonly outbox: OutboxService,
    private readonly hasher: PasswordHasher,
    private readonly transactions: Transactions,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** Orders past the retention go at every start too, so a shop where nobody deletes an account still forgets them. */
  @UseCls()
  async onApplicationBootstrap(): Promise<void> {
    await this.purgeExpiredOrders();
  }

  async account(userId: string): Promise<Account> {
    return toAccount(await this.users.getById(userId));
  }

  async rename(userId: string, name: string): Promise<Account> {
    await this.users.refuseImitation(name, { id: userId });
    await this.users.update(userId, { name });
    return this.account(userId);
  }

  async addressBook(userId: string): Promise<AddressBook> {
    return { addresses: (await this.addresses.list(userId)).map(toSavedAddress) };
  }

  addAddress(userId: string, address: ShippingAddress, isDefault: boolean): Promise<SavedAddress> {
    return this.transactions.run(async () => {
      const row = await this.addresses.insert(userId, storedAddress(address), isDefault, ADDRESS_BOOK_MAX);
      if (!row) throw new ConflictError(ADDRESS_BOOK_FULL);
      return toSavedAddress(row);
    });
  }

  replaceAddress(userId: string, addressId: string, address: ShippingAddress, isDefault: boolean): Promise<SavedAddress> {
    return this.transactions.run(async () => {
      const row = await this.addresses.replace(userId, addressId, storedAddress(address), isDefault);
      if (!row) throw new NotFoundError('Address not found');
      return toSavedAddress(row);
    });
  }

  async removeAddress(userId: string, addressId: string): Promise<void> {
    const removed = await this.transactions.run(() => this.addresses.delete(userId, addressId));
    if (!removed) throw new NotFoundError('Address not found');
  }

  /**
   * Everything the shop holds about the user: the profile, the address book, every paid order, their audit entries,
   * their back-in-stock alerts (by account or address) and the returns of their orders.
   */
  async myData(userId: string): Promise<MyData> {
    const orders: Order[] = [];
    for await (const batch of this.orders.allMatching({ userId })) orders.push(...batch);
    const profile = await this.account(userId);
    return {
      exportedAt: new Date().toISOString(),
      profile,
      addresses: (await this.addressBook(userId)).addresses,
      orders,
      auditEntries: await this.audit.allByActor(userId),
      stockAlerts: await this.stockAlerts.ofUser({ id: userId, email: profile.email }),
      returns: await this.returns.ofBuyer(userId),
    };
  }

  /**
   * Deletes the account, the password confirming it: in one transaction the orders are anonymised (kept for the
   * accounting), the audit entries lose the name and e-mail, the mails to the address are forgotten, and the user's
   * row goes (with it the address book, the e-mailed links and the payment keys). Every session ends with the row
   * (a token of a user who no longer exists is refused), and the address is free to sign up again. One of the shop's
   * people must be removed from the staff first (an owner would otherwise be able to leave the shop without one).
   */
  async delete(user: { id: string; email: string }, password: string): Promise<void> {
    const withHash = await this.users.findByEmailWithPassword(user.email);
    if (!withHash || !(await this.hasher.verify(withHash.passwordHash, password))) {
      throw new ValidationFailedError(WRONG_PASSWORD, [{ field: 'password', message: WRONG_PASSWORD }]);
    }
    if (withHash.staffRole) throw new ConflictError(ACCOUNT_DELETE_STAFF);
    await this.transactions.run(async () => {
      const orders = await this.orders.anonymiseBuyer(user.id);
      await this.audit.eraseActor(user.id);
      await this.outbox.forgetAccount(user.email, orders);
      await this.users.delete(user.id);
      this.logger.log(`Deleted account ${user.id} (${orders.length} orders kept anonymised)`);
    });
    await this.purgeExpiredOrders();
  }

  private async purgeExpiredOrders(): Promise<void> {
    const purged = await this.orders.purgeAnonymised(this.config.orderRetentionYears);
    if (purged > 0) this.logger.log(`Deleted ${purged} anonymised orders older than ${this.config.orderRetentionYears} years`);
  }
}
