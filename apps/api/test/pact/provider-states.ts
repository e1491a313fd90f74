import { createHash } from 'node:crypto';
import type { VerifierOptions } from '@pact-foundation/pact';
import {
  fromCents,
  isTwoFactorChallenge,
  type Product,
  PRODUCT_SIZES,
  type ProductSize,
  type Session,
  type ShippingAddress,
  type SizeStock,
  toCents,
} from '@store/contract';
import { CATALOGUE_CSV_COLUMNS } from '@store/contract/dto/catalogue-transfer';
import type { NextFunction, Request, Response } from 'express';
import { generate } from 'otplib';
import sharp from 'sharp';
import { isPgError } from '../../src/common/postgres-errors.js';
import { SYSTEM_ACTOR } from '../../src/modules/audit/audit.service.js';
import type { AuthUser } from '../../src/modules/auth/auth-user.js';
import { AccountsService } from '../../src/modules/accounts/accounts.service.js';
import { AuthService } from '../../src/modules/auth/auth.service.js';
import { PasswordHasher } from '../../src/modules/auth/password-hasher.js';
import { TwoFactorService } from '../../src/modules/auth/two-factor/two-factor.service.js';
import { CategoriesService } from '../../src/modules/categories/categories.service.js';
import { CategoryEntity } from '../../src/modules/categories/category.entity.js';
import { OrdersService } from '../../src/modules/orders/orders.service.js';
import { PricingService } from '../../src/modules/pricing/pricing.service.js';
import { PaymentGateway } from '../../src/modules/payments/payment-gateway.js';
import { PaymentsService } from '../../src/modules/payments/payments.service.js';
import type { TestGateway } from '../../src/modules/payments/test.gateway.js';
import { ProductGalleryService } from '../../src/modules/catalogue/product-gallery.service.js';
import { CatalogueTransferService } from '../../src/modules/catalogue/catalogue-transfer.service.js';
import { ProductsService } from '../../src/modules/catalogue/products.service.js';
import { sizesAsVariants } from '../../src/modules/catalogue/index.js';
import { ReturnsService } from '../../src/modules/returns/returns.service.js';
import { ShipmentsService } from '../../src/modules/orders/shipments.service.js';
import { StaffService } from '../../src/modules/staff/staff.service.js';
import { UsersService } from '../../src/modules/users/users.service.js';
import { SHIPPING_ADDRESS } from '../support/checkout-fixtures.js';
import type { TestApp } from '../support/test-app.js';

type StateHandlers = NonNullable<VerifierOptions['stateHandlers']>;
type StateParams = Record<string, unknown>;

/** Postgres's SQLSTATE for a transaction it ended to break a deadlock. */
const DEADLOCK_DETECTED = '40P01';
/** What a state handler gives back: the generated ids that `fromProviderState('${name}')` fills in. */
type ProviderValues = Record<string, string | number>;

const PASSWORD = 'correct horse battery';

/**
 * The provider side of the contract: one handler per provider state the consumers name, each seeding the real
 * database through the application's own services and returning the ids it generated. Before every interaction
 * the database is emptied, so each interaction sees exactly the world its states describe.
 *
 * Tokens never come from the pact: a state that signs someone in remembers their token, and the request filter
 * swaps it into the Authorization header the consumer sent (whose example token is not valid here).
 */
export class ProviderStates {
  /** Failures inside state handlers; the Pact proxy only logs them, so the spec reports them itself. */
  readonly errors = new Set<string>();
  private bearer: string | undefined;
  /** The user the last sign-in state signed in (whose token the request filter uses). */
  private signedIn: AuthUser | undefined;
  private tables: string[] | undefined;

  constructor(private readonly t: TestApp) {}

  private get auth(): AuthService {
    return this.t.app.get(AuthService);
  }

  private get categories(): CategoriesService {
    return this.t.app.get(CategoriesService);
  }

  private get products(): ProductsService {
    return this.t.app.get(ProductsService);
  }

  private get payments(): PaymentsService {
    return this.t.app.get(PaymentsService);
  }

  /** Runs before each interaction's states are set up. */
  readonly beforeEach = async (): Promise<void> => {
    this.bearer = undefined;
    this.signedIn = undefined;
    this.tables ??= (
      (await this.t.dataSource.query(`SELECT tablename FROM pg_tables WHERE schemaname = 'public' AND tablename <> 'migrations'`)) as {
        tablename: string;
      }[]
    ).map((row) => `"${row.tablename}"`);
    // With time to wait for the locks a background pass (outbox, stock alerts) may hold: TRUNCATE takes every table
    // exclusively, and one cut short by the app's statement or lock timeout left the last interaction's rows behind.
    // A pass that locks its tables in another order than the list's makes Postgres end one of the two as deadlocked
    // (seen: the back-in-stock pass's read); when that is the TRUNCATE, it runs again once the pass is done.
    const tables = this.tables;
    for (let attempt = 1; ; attempt += 1) {
      try {
        await this.t.dataSource.transaction(async (manager) => {
          await manager.query(`SET LOCAL lock_timeout = '60s'`);
          await manager.query(`SET LOCAL statement_timeout = '120s'`);
          await manager.query(`TRUNCATE ${tables.join(', ')} CASCADE`);
        });
        return;
      } catch (error) {
        if (attempt >= 3 || !isPgError(error, DEADLOCK_DETECTED)) throw error;
      }
    }
  };

  /**
   * Puts the signed-in state's token on requests that carry an Authorization header. A request that came without a
   * body (a bodiless POST: neither Content-Length nor Transfer-Encoding) is given `Content-Length: 0`, or Pact's proxy
   * would forward it chunked, as a body of unknown type that the API refuses with 415.
   */
  readonly requestFilter = (request: Request, _response: Response, next: NextFunction): void => {
    if (this.bearer && request.headers.authorization) request.headers.authorization = `Bearer ${this.bearer}`;
    if (request.headers['content-length'] === undefined && request.headers['transfer-encoding'] === undefined) {
      request.headers['content-length'] = '0';
    }
    next();
  };

  /** Every handler, wrapped so a failure is recorded and a state nobody handles is reported by name. */
  get handlers(): StateHandlers {
    const handlers = this.definitions();
    // Pact also asks for a state setup (named "") before an interaction that names no state.
    const wrapped: StateHandlers = { '': async () => undefined };
    for (const [state, setup] of Object.entries(handlers)) {
      wrapped[state] = {
        setup: async (params) => {
          try {
            return await setup((params ?? {}) as StateParams);
          } catch (error) {
            this.errors.add(`state "${state}" ${JSON.stringify(params ?? {})}: ${error instanceof Error ? error.message : String(error)}`);
            throw error;
          }
        },
      };
    }
    // Pact only warns about a state without a handler; states are sentences, so any other lookup is not one.
    return new Proxy(wrapped, {
      get: (target, name) => {
        if (typeof name === 'string' && name.includes(' ') && !(name in target)) this.errors.add(`no handler for provider state "${name}"`);
        return Reflect.get(target, name);
      },
    });
  }

  private definitions(): Record<string, (params: StateParams) => Promise<ProviderValues | undefined>> {
    return {
      'an admin exists': async () => {
        const email = 'admin@example.com';
        await this.auth.ensureAdmin({ email, password: PASSWORD, name: 'Store Admin' });
        return { userId: await this.signIn(email, PASSWORD) };
      },
      // One of the shop's people beside the signed-in owner (a database row: staff join through an e-mailed link).
      'a staff member exists': async () => ({ staffId: await this.staffMember('sam.staff@example.com') }),
      'a staff member is signed in': async () => {
        const email = 'sam.staff@example.com';
        await this.staffMember(email);
        return { userId: await this.signIn(email, PASSWORD) };
      },
      // Two-factor sign-in: the codes depend on the secret the state makes and on its clock, so the state hands them over.
      'one of the staff with email {email} and password {password} has two-factor sign-in on': async (params) => {
        const email = text(params, 'email');
        await this.enableTwoFactor(await this.staffMember(email, text(params, 'password')), email);
        return undefined;
      },
      'one of the staff with two-factor sign-in on has entered the right password': async () => {
        const email = 'sam.staff@example.com';
        const { secret, step } = await this.enableTwoFactor(await this.staffMember(email), email);
        const { response } = await this.auth.signin({ email, password: PASSWORD }, { network: 'pact-provider-state' });
        if (!isTwoFactorChallenge(response)) throw new Error('the password step answered a session, not a challenge');
        // The next time step after the confirmation's: a code not used yet, and within the tolerance for a while.
        return { challenge: response.challenge, totpCode: await generate({ secret, epoch: (step + 1) * 30 }) };
      },
      'a staff member is setting up two-factor sign-in': async () => {
        const email = 'sam.staff@example.com';
        await this.staffMember(email);
        const userId = await this.signIn(email, PASSWORD);
        const { secret } = await this.t.app.get(TwoFactorService).enrol(this.signedIn!);
        return { userId, totpCode: await generate({ secret }) };
      },
      // Signed in before two-factor is turned on: the state's own sign-in takes the password only.
      'a staff member with two-factor sign-in on is signed in': async () => {
        const email = 'sam.staff@example.com';
        const staffId = await this.staffMember(email);
        const userId = await this.signIn(email, PASSWORD);
        const { recoveryCodes, session, secret, step } = await this.enableTwoFactor(staffId, email);
        // Turning it on ended the password-only session: the browser carries on with the one the confirmation answered.
        this.bearer = session.token;
        return { userId, recoveryCode: recoveryCodes[0], totpCode: await generate({ secret, epoch: (step + 1) * 30 }) };
      },
      'a staff member with two-factor sign-in on exists': async () => {
        const email = 'sam.staff@example.com';
        const staffId = await this.staffMember(email);
        await this.enableTwoFactor(staffId, email);
        return { staffId };
      },
      // The token only the invitation e-mail holds, read back from the outbox as the mail worker would send it.
      'an invitation to {email} as staff was sent': async (params) => {
        const owner = await this.auth.ensureAdmin({ email: 'owner@example.com', password: PASSWORD, name: 'Store Owner' });
        const email = text(params, 'email');
        await this.t.app
          .get(StaffService)
          .invite({ id: owner._id, name: owner.name, email: owner.email, staffRole: 'owner' }, { email, staffRole: 'staff' });
        const [mail] = (await this.t.dataSource.query(`SELECT text_body FROM mail_outbox WHERE recipient = $1`, [email])) as {
          text_body: string;
        }[];
        const invitationToken = /\/staff\/join#([\w-]{43})/.exec(mail.text_body)?.[1];
        if (!invitationToken) throw new Error('the invitation mail has no link');
        return { invitationToken };
      },
      'a customer exists': async () => {
        const user = await this.auth.signup({ name: 'Shopper', email: 'shopper@example.com', password: PASSWORD });
        return { userId: await this.signIn(user.email, PASSWORD) };
      },
      'an e-mail to a customer has failed to send': async () => {
        await this.t.dataSource.query(
          `INSERT INTO mail_outbox (kind, recipient, subject, text_body, attempts, last_error, next_attempt_at)
           VALUES ('order-confirmation', 'buyer@example.com', 'Your order #1001 is confirmed', 'Hello', 2, '451 Try again later', now() + interval '1 minute')`,
        );
      },
      'a customer with email {email} and password {password} exists': async (params) => {
        const user = await this.auth.signup({ name: 'Shopper', email: text(params, 'email'), password: text(params, 'password') });
        return { userId: user._id };
      },
      // The database is empty before every interaction, so these hold without seeding anything.
      'nobody has registered with email {email}': async () => undefined,
      'a customer was sent the password reset link {token}': async (params) => {
        const user = await this.auth.signup({ name: 'Shopper', email: 'reset@example.com', password: PASSWORD });
        const hash = sha256(text(params, 'token'));
        await this.t.dataSource.query(
          `INSERT INTO account_tokens (token_hash, user_id, expires_at) VALUES ($1, $2, now() + interval '30 minutes')`,
          [hash, user._id],
        );
      },
      'no product has id {productId}': async () => undefined,
      // A one-product CSV imported to the end by the import's own service (as the admin screen's upload would).
      'a catalogue import of one product has finished': async () => {
        await this.categories.create('Graphic Tees', SYSTEM_ACTOR);
        const transfer = this.t.app.get(CatalogueTransferService);
        // The row by column name: a column added to the format stays empty here.
        const row: Partial<Record<(typeof CATALOGUE_CSV_COLUMNS)[number], string>> = {
          handle: 'plain-tote',
          name: 'Plain Tote',
          description: 'A bag',
          category: 'Graphic Tees',
          sku: 'TOTE-1',
          price: '12.50',
          stock: '7',
          active: 'true',
        };
        const csv = `${CATALOGUE_CSV_COLUMNS.join(',')}\r\n${CATALOGUE_CSV_COLUMNS.map((column) => row[column] ?? '').join(',')}\r\n`;
        const job = await transfer.start(csv, SYSTEM_ACTOR);
        await transfer.settled(job._id);
        return { importId: job._id };
      },
      'a category named {name} exists': async (params) => {
        const category = await this.categories.create(text(params, 'name'), SYSTEM_ACTOR);
        return { categoryId: category._id };
      },
      // A multipart body cannot take values from the provider state, so the consumer names the id it sends.
      'a category with id {categoryId} exists': async (params) => {
        const categoryId = text(params, 'categoryId');
        await this.t.dataSource.getRepository(CategoryEntity).insert({ id: categoryId, name: 'Basics' });
        return { categoryId };
      },
      'a product with a photo exists': async () => {
        const product = await this.classicTee({ photo: await pngPhoto() });
        return { productId: product._id, categoryId: product.category };
      },
      // Photo 1 from the product form (its alt text made from the name), photo 2 added to the gallery.
      'a product with a gallery of two photos exists': async () => {
        const product = await this.classicTee({ photo: await pngPhoto() });
        await this.t.app
          .get(ProductGalleryService)
          .add(product._id, { photo: await pngPhoto({ r: 30, g: 30, b: 200 }), alt: 'Classic Tee, back', optionValue: null }, SYSTEM_ACTOR);
        const [first, second] = (await this.products.get(product._id)).photos ?? [];
        return { productId: product._id, categoryId: product.category, firstPhotoId: first._id, photoId: second._id };
      },
      // The pricing rules (docs/pricing.md), written straight to their tables: the admin routes are what other interactions test.
      'the shop ships to {country} by {method} for {price} and taxes it at {rate}%': async (params) => {
        const country = text(params, 'country');
        const [zone] = (await this.t.dataSource.query(`INSERT INTO shipping_zones (name, countries) VALUES ($1, $2) RETURNING id`, [
          `${country} zone`,
          [country],
        ])) as { id: string }[];
        const [method] = (await this.t.dataSource.query(
          `INSERT INTO shipping_methods (zone_id, name, rate_cents) VALUES ($1, $2, $3) RETURNING id`,
          [zone.id, text(params, 'method'), toCents(number(params, 'price'))],
        )) as { id: string }[];
        const [rate] = (await this.t.dataSource.query(
          `INSERT INTO tax_rates (country, name, rate_milli) VALUES ($1, 'Sales tax', $2) RETURNING id`,
          [country, Math.round(number(params, 'rate') * 1000)],
        )) as { id: string }[];
        // The rules' per-process copy may hold an earlier interaction's shop (the database is emptied, not the copy).
        this.t.app.get(PricingService).rulesChanged();
        return { zoneId: zone.id, shippingMethodId: method.id, rateId: rate.id };
      },
      // The setting's one row (emptied before each interaction), and the rules' per-process copy dropped.
      "the shop's prices include tax": async () => {
        await this.t.dataSource.query(
          `INSERT INTO pricing_settings (id, prices_include_tax) VALUES (true, true) ON CONFLICT (id) DO UPDATE SET prices_include_tax = true`,
        );
        this.t.app.get(PricingService).rulesChanged();
      },
      // Answers its rate's id: a state that answers nothing would leave the interaction without the ids the states
      // before it answered (the shipping method's).
      'the region {region} of {country} taxes it at {rate}%': async (params) => {
        const region = text(params, 'region');
        const [rate] = (await this.t.dataSource.query(
          `INSERT INTO tax_rates (country, region, name, rate_milli) VALUES ($1, $2, $3, $4) RETURNING id`,
          [text(params, 'country'), region, `${region} sales tax`, Math.round(number(params, 'rate') * 1000)],
        )) as { id: string }[];
        this.t.app.get(PricingService).rulesChanged();
        return { regionRateId: rate.id };
      },
      'a discount code {code} takes {percent}% off': async (params) => {
        const [code] = (await this.t.dataSource.query(
          `INSERT INTO discount_codes (code, kind, value) VALUES ($1, 'percentage', $2) RETURNING id`,
          [text(params, 'code'), Math.round(number(params, 'percent') * 100)],
        )) as { id: string }[];
        return { codeId: code.id };
      },
      'a product priced {price} with {stock} in stock exists': async (params) => {
        const product = await this.classicTee({ priceCents: Math.round(number(params, 'price') * 100), stock: number(params, 'stock') });
        return { productId: product._id };
      },
      'a product priced {price} sold in size {size} with {stock} in stock exists': async (params) => {
        const product = await this.classicTee({
          priceCents: Math.round(number(params, 'price') * 100),
          sizes: [{ size: size(params), stock: number(params, 'stock') }],
        });
        return { productId: product._id, variantId: product.variants![0]._id };
      },
      // Back-in-stock alerts (docs/api.md): the example product sold out in one size; alerts written straight to
      // their table (asking through the API is what other interactions test), tokens stored as their hash.
      'a product is sold out in size {size}': async (params) => {
        const product = await this.classicTee({ sizes: [{ size: size(params), stock: 0 }] });
        return { productId: product._id, variantId: product.variants![0]._id };
      },
      'an address asked for an alert on a sold-out size and was sent the link {token}': async (params) => {
        const product = await this.classicTee({ sizes: [{ size: 'M', stock: 0 }] });
        await this.t.dataSource.query(
          `INSERT INTO stock_alerts (variant_id, email, confirm_token_hash, confirm_expires_at, unsubscribe_token_hash)
           VALUES ($1, 'sam@example.com', $2, now() + interval '48 hours', $3)`,
          [product.variants![0]._id, sha256(text(params, 'token')), sha256('unsubscribe')],
        );
        return { productId: product._id, variantId: product.variants![0]._id };
      },
      'an address has a back-in-stock alert with the unsubscribe link {token}': async (params) => {
        const product = await this.classicTee({ sizes: [{ size: 'M', stock: 0 }] });
        await this.t.dataSource.query(
          `INSERT INTO stock_alerts (variant_id, email, confirmed_at, unsubscribe_token_hash) VALUES ($1, 'sam@example.com', now(), $2)`,
          [product.variants![0]._id, sha256(text(params, 'token'))],
        );
        return { productId: product._id, variantId: product.variants![0]._id };
      },
      'shoppers wait for a sold-out size of a product': async () => {
        const product = await this.classicTee({ sizes: [{ size: 'M', stock: 0 }] });
        for (const email of ['sam@example.com', 'alex@example.com']) {
          await this.t.dataSource.query(
            `INSERT INTO stock_alerts (variant_id, email, confirmed_at, unsubscribe_token_hash) VALUES ($1, $2, now(), $3)`,
            [product.variants![0]._id, email, sha256(email)],
          );
        }
        return { productId: product._id, variantId: product.variants![0]._id };
      },
      // Colours and sizes as comma-separated lists; `variantId` is the first colour in the first size.
      'a product priced {price} in colours {colours} and sizes {sizes} with {stock} of each exists': async (params) => {
        const product = await this.colourTee(
          Math.round(number(params, 'price') * 100),
          text(params, 'colours').split(','),
          text(params, 'sizes').split(','),
          number(params, 'stock'),
        );
        return { productId: product._id, categoryId: product.category, variantId: product.variants![0]._id };
      },
      // Both colours in the one size bought; `variantId` is the second colour's line (the one a refund names).
      'a customer has paid for an order of a product in colours {colours} and size {size} whose payment has settled': async (params) => {
        const buyer = await this.newBuyer();
        const product = await this.colourTee(1999, text(params, 'colours').split(','), [size(params)], 10);
        const answer = await this.payments.pay(buyer, {
          paymentMethodNonce: 'fake-valid-nonce',
          amount: fromCents(1999 * product.variants!.length),
          products: product.variants!.map((variant) => ({ _id: product._id, count: 1, variant: variant._id })),
        });
        if (!('success' in answer.body) || !answer.body.success)
          throw new Error(`checkout refused the order: ${JSON.stringify(answer.body)}`);
        await this.settle(answer.body.order._id);
        return { orderId: answer.body.order._id, productId: product._id, variantId: product.variants![1]._id };
      },
      'the customer has paid for an order of a product in size {size}': async (params) => {
        const customer = this.signedInAs('customer');
        const product = await this.classicTee({ sizes: [{ size: size(params), stock: 10 }] });
        return { orderId: await this.paidOrder(customer, product, [size(params)]), productId: product._id };
      },
      // A partial refund needs a settled charge: the offline gateway settles this one at once.
      'a customer has paid for an order of a product in sizes {sizes} whose payment has settled': async (params) => {
        const buyer = await this.newBuyer();
        const sizes = text(params, 'sizes').split(',') as ProductSize[];
        const product = await this.classicTee({ sizes: sizes.map((s) => ({ size: s, stock: 10 })) });
        const orderId = await this.paidOrder(buyer, product, sizes);
        await this.settle(orderId);
        return { orderId, productId: product._id };
      },
      // Orders exist only by being paid for, so they are made the way a buyer makes them: through checkout.
      'the customer has paid for an order': async () => {
        const customer = this.signedInAs('customer');
        return { orderId: await this.paidOrder(customer) };
      },
      // A guest order, paid through the guest checkout; its link's token is the consumer's (only its hash is kept).
      'a guest has paid for an order whose link token is {token}': async (params) => {
        const product = await this.classicTee();
        return { orderId: await this.guestOrder(product, text(params, 'token')), productId: product._id };
      },
      // Every field given, as the consumer's example (which matches each by type, the country by the list).
      'a customer was sent the e-mail verification link {token}': async (params) => {
        const user = await this.auth.signup({ name: 'Shopper', email: 'verify@example.com', password: PASSWORD });
        const hash = sha256(text(params, 'token'));
        await this.t.dataSource.query(
          `INSERT INTO account_tokens (token_hash, user_id, expires_at, purpose, email) VALUES ($1, $2, now() + interval '24 hours', 'verify-email', $3)`,
          [hash, user._id, user.email],
        );
      },
      'the customer has an address in their address book': async () => {
        const customer = this.signedInAs('customer');
        const saved = await this.t.app.get(AccountsService).addAddress(customer.id, SHIPPING_ADDRESS, true);
        return { addressId: saved._id };
      },
      'the customer has paid for an order shipped to an address': async () => {
        const customer = this.signedInAs('customer');
        return { orderId: await this.paidOrder(customer, undefined, undefined, SHIPPING_ADDRESS) };
      },
      // The audit trail records the signed-in admin, so this state follows "an admin exists".
      'the admin has renamed a category': async () => {
        const admin = this.signedInAs('admin');
        // Inserted directly, so the trail holds exactly one entry: the rename.
        const { id } = await this.t.dataSource.getRepository(CategoryEntity).save({ name: 'Tees' });
        await this.categories.rename(id, 'Graphic Tees', admin);
        return { categoryId: id };
      },
      // A partial refund needs a settled charge: the offline gateway settles this one at once.
      // Returns (docs/returns.md): a shipped order of the Classic Tee in M (sizes S, M, L); the exchange is to L.
      'the customer has a shipped order of a product in sizes S, M and L': async () => {
        const customer = this.signedInAs('customer');
        return this.shippedOrder(customer);
      },
      // A guest's shipped order of the Classic Tee in M (sizes S, M, L), paid through the guest checkout; its link's
      // token is the consumer's (only its hash is kept).
      'a guest has a shipped order of a product in sizes S, M and L whose link token is {token}': async (params) => {
        const product = await this.teeInThreeSizes();
        return this.shipped(await this.guestOrder(product, text(params, 'token'), 'M'), product);
      },
      // After a state that made a product: an alert of the signed-in customer (by account, confirmed) on its first variant.
      'the customer has a back-in-stock alert on a size of that product': async () => {
        const customer = this.signedInAs('customer');
        const [variant] = (await this.t.dataSource.query(`SELECT id FROM product_variants ORDER BY id LIMIT 1`)) as { id: number }[];
        if (!variant) throw new Error('needs a product first (a state that makes one)');
        await this.t.dataSource.query(
          `INSERT INTO stock_alerts (variant_id, email, user_id, confirmed_at, unsubscribe_token_hash) VALUES ($1, lower($2), $3, now(), $4)`,
          [variant.id, customer.email, customer.id, sha256('my-data-alert')],
        );
      },
      'the customer asked to exchange M for L on a shipped order': async () => {
        const customer = this.signedInAs('customer');
        const shipped = await this.shippedOrder(customer);
        const asked = await this.t.app.get(ReturnsService).request(
          String(shipped.orderId),
          {
            kind: 'exchange',
            reason: 'too-small',
            lines: [{ variant: Number(shipped.variantId), quantity: 1, exchangeVariant: Number(shipped.exchangeVariantId) }],
          },
          customer,
        );
        return { ...shipped, returnId: asked._id };
      },
      'a customer asked to {kind} a line of a shipped order, now {status}': async (params) => {
        const staff = this.signedIn;
        if (!staff) throw new Error('needs a signed-in admin first (the state "an admin exists")');
        const user = await this.auth.signup({ name: 'Sam Shopper', email: 'buyer@example.com', password: PASSWORD });
        const buyer: AuthUser = { id: user._id, name: user.name, email: user.email, role: user.role, staffRole: null };
        const shipped = await this.shippedOrder(buyer);
        const exchange = text(params, 'kind') === 'exchange';
        const returns = this.t.app.get(ReturnsService);
        const asked = await returns.request(
          String(shipped.orderId),
          {
            kind: exchange ? 'exchange' : 'return',
            reason: 'too-small',
            lines: [
              {
                variant: Number(shipped.variantId),
                quantity: 1,
                ...(exchange ? { exchangeVariant: Number(shipped.exchangeVariantId) } : {}),
              },
            ],
          },
          buyer,
        );
        const status = text(params, 'status');
        if (status !== 'requested') await returns.approve(asked._id, staff);
        if (status === 'received') await returns.receive(asked._id, true, staff);
        return { ...shipped, returnId: asked._id };
      },
      'a product has had 5 exchanges one size up': async () => {
        const user = await this.auth.signup({ name: 'Sam Shopper', email: 'buyer@example.com', password: PASSWORD });
        const buyer: AuthUser = { id: user._id, name: user.name, email: user.email, role: user.role, staffRole: null };
        const product = await this.classicTee({ sizes: ['S', 'M', 'L'].map((s) => ({ size: s as ProductSize, stock: 20 })) });
        for (let i = 0; i < 5; i += 1) {
          const shipped = await this.shippedOrder(buyer, product);
          await this.t.app.get(ReturnsService).request(
            String(shipped.orderId),
            {
              kind: 'exchange',
              reason: 'too-small',
              lines: [{ variant: Number(shipped.variantId), quantity: 1, exchangeVariant: Number(shipped.exchangeVariantId) }],
            },
            buyer,
          );
        }
        return { productId: product._id };
      },
      'a customer has paid for an order whose payment has settled': async () => {
        const buyer = await this.newBuyer();
        const product = await this.classicTee();
        const orderId = await this.paidOrder(buyer, product);
        await this.settle(orderId);
        return { orderId, productId: product._id };
      },
      // A Classic Tee shipped to the US by a flat "Standard" method (no tax), the charge settled at once.
      'a customer has paid for an order with {shipping} shipping whose payment has settled': async (params) => {
        const buyer = await this.newBuyer();
        const [zone] = (await this.t.dataSource.query(
          `INSERT INTO shipping_zones (name, countries) VALUES ('US zone', '{US}') RETURNING id`,
        )) as {
          id: string;
        }[];
        const [method] = (await this.t.dataSource.query(
          `INSERT INTO shipping_methods (zone_id, name, rate_cents) VALUES ($1, 'Standard', $2) RETURNING id`,
          [zone.id, toCents(number(params, 'shipping'))],
        )) as { id: string }[];
        const product = await this.classicTee();
        const answer = await this.payments.pay(buyer, {
          paymentMethodNonce: 'fake-valid-nonce',
          amount: fromCents(toCents(product.price) + toCents(number(params, 'shipping'))),
          products: [{ _id: product._id, count: 1 }],
          shippingAddress: SHIPPING_ADDRESS,
          shippingMethod: method.id,
        });
        if (!('success' in answer.body) || !answer.body.success)
          throw new Error(`checkout refused the order: ${JSON.stringify(answer.body)}`);
        await this.settle(answer.body.order._id);
        return { orderId: answer.body.order._id, productId: product._id };
      },
      // Follows the state above: the one order's shipping refunded by the owner's own route (through the service).
      'its shipping was refunded': async () => {
        const [order] = (await this.t.dataSource.query(`SELECT id FROM orders`)) as { id: string }[];
        await this.t.app.get(OrdersService).refundShipping(order.id, SYSTEM_ACTOR);
      },
      // Shipments: the order's one line (one unit) and its variant, to name in a ship request.
      'a customer has paid for an order to ship': async () => {
        const buyer = await this.newBuyer();
        const orderId = await this.paidOrder(buyer);
        return { orderId, variantId: await this.variantOfOrder(orderId) };
      },
      'a customer has paid for an order that has shipped': async () => {
        const buyer = await this.newBuyer();
        const orderId = await this.paidOrder(buyer);
        return { orderId, shipmentId: await this.shipAll(orderId) };
      },
      'the customer has paid for an order that has shipped': async () => {
        const customer = this.signedInAs('customer');
        const orderId = await this.paidOrder(customer);
        return { orderId, shipmentId: await this.shipAll(orderId) };
      },
      'a customer has paid for an order': async () => {
        const buyer = await this.newBuyer();
        return {
          orderId: await this.paidOrder(buyer),
        };
      },
    };
  }

  /** The buyer of the orders a state makes for a customer nobody has signed in as. */
  private async newBuyer(): Promise<AuthUser> {
    const buyer = await this.auth.signup({ name: 'Sam Shopper', email: 'buyer@example.com', password: PASSWORD });
    return { id: buyer._id, name: buyer.name, email: buyer.email, role: buyer.role, staffRole: null };
  }

  /** The user an earlier state signed in ("a customer exists", "an admin exists"), for a state that follows it. */
  private signedInAs(who: 'customer' | 'admin'): AuthUser {
    if (!this.signedIn)
      throw new Error(`needs a signed-in ${who} first (the state "${who === 'admin' ? 'an admin' : 'a customer'} exists")`);
    return this.signedIn;
  }

  /** The variant of an order's first line (the examples' orders have one). */
  private async variantOfOrder(orderId: string): Promise<number> {
    const [{ variant_id }] = (await this.t.dataSource.query(
      `SELECT variant_id FROM order_lines WHERE order_id = $1 ORDER BY variant_id LIMIT 1`,
      [orderId],
    )) as { variant_id: number }[];
    return variant_id;
  }

  /** Ships every unit of an order's first line by UPS through the service, as the admin's form does; the parcel's id. */
  private async shipAll(orderId: string): Promise<string> {
    const order = await this.t.app
      .get(ShipmentsService)
      .ship(
        orderId,
        { carrier: 'ups', trackingNumber: '1Z999AA10123456784', lines: [{ variant: await this.variantOfOrder(orderId), count: 1 }] },
        SYSTEM_ACTOR,
      );
    return order.shipments![0]._id;
  }

  /** The Classic Tee in sizes S, M and L, ten of each. */
  private teeInThreeSizes(): Promise<Product> {
    return this.classicTee({ sizes: ['S', 'M', 'L'].map((s) => ({ size: s as ProductSize, stock: 10 })) });
  }

  /** A paid, settled order of one Classic Tee in M (sizes S, M, L), moved on to Shipped; its ids and the L variant's. */
  private async shippedOrder(buyer: AuthUser, tee?: Product): Promise<ProviderValues> {
    const product = tee ?? (await this.teeInThreeSizes());
    return this.shipped(await this.paidOrder(buyer, product, ['M']), product);
  }

  /**
   * Moves a paid order of one `product` in M on to Shipped, its charge settled first (a partial refund needs a settled
   * charge); its ids, the M variant's and the L variant's (an exchange's).
   */
  private async shipped(orderId: string, product: Product): Promise<ProviderValues> {
    await this.settle(orderId);
    const orders = this.t.app.get(OrdersService);
    await orders.changeStatus(orderId, 'Processing', SYSTEM_ACTOR);
    await orders.changeStatus(orderId, 'Shipped', SYSTEM_ACTOR);
    const variantOf = (value: string) => product.variants!.find((v) => v.options[0] === value)!._id;
    return { orderId, productId: product._id, variantId: variantOf('M'), exchangeVariantId: variantOf('L') };
  }

  /**
   * A guest's order of one `product` (in `size` when given), paid through the guest checkout; its link's token is
   * `token` (only its hash is kept, as the checkout keeps the hash of the token it mails). Answers the order's id.
   */
  private async guestOrder(product: Product, token: string, size?: ProductSize): Promise<string> {
    const answer = await this.payments.payAsGuest(
      {
        email: 'guest@example.com',
        paymentMethodNonce: 'fake-valid-nonce',
        amount: product.price,
        products: [{ _id: product._id, count: 1, ...(size ? { size } : {}) }],
        shippingAddress: SHIPPING_ADDRESS,
      },
      '127.0.0.1',
    );
    if (!('success' in answer.body) || !answer.body.success) throw new Error(`guest checkout refused: ${JSON.stringify(answer.body)}`);
    const orderId = answer.body.order._id;
    await this.t.dataSource.query(`UPDATE orders SET guest_token_hash = $2 WHERE id = $1`, [orderId, sha256(token)]);
    return orderId;
  }

  /** Settles an order's charge at the offline gateway (a partial refund needs a settled charge). */
  private async settle(orderId: string): Promise<void> {
    const [{ transaction_id }] = (await this.t.dataSource.query(`SELECT transaction_id FROM orders WHERE id = $1`, [orderId])) as {
      transaction_id: string;
    }[];
    await (this.t.app.get(PaymentGateway) as TestGateway).settle(transaction_id);
  }

  /** A staff member (role `staff`) whose password is PASSWORD unless another is given. */
  private async staffMember(email: string, password = PASSWORD): Promise<string> {
    const passwordHash = await this.t.app.get(PasswordHasher).hash(password);
    const user = await this.t.app.get(UsersService).create({ name: 'Sam Staff', email, passwordHash, staffRole: 'staff' });
    return user.id;
  }

  /** Turns two-factor sign-in on for a member through the service, as the enrolment page does; answers its secret and codes. */
  private async enableTwoFactor(
    userId: string,
    email: string,
  ): Promise<{ secret: string; step: number; recoveryCodes: string[]; session: Session }> {
    const twoFactor = this.t.app.get(TwoFactorService);
    const member: AuthUser = { id: userId, name: 'Sam Staff', email, role: 1, staffRole: 'staff' };
    const { secret } = await twoFactor.enrol(member);
    const step = Math.floor(Date.now() / 30_000);
    const { recoveryCodes, session } = await twoFactor.confirm(member, await generate({ secret, epoch: step * 30 }), 'pact-provider-state');
    return { secret, step, recoveryCodes, session };
  }

  private async signIn(email: string, password: string): Promise<string> {
    const { response } = await this.auth.signin({ email, password }, { network: 'pact-provider-state' });
    if (isTwoFactorChallenge(response)) throw new Error(`${email} has two-factor sign-in on; a state signs in with a password only`);
    const session = response;
    this.bearer = session.token;
    const { _id, name, role } = session.user;
    this.signedIn = { id: _id, name, email: session.user.email, role, staffRole: session.user.staffRole ?? null };
    return _id;
  }

  /** The specs' example product, in a new "Graphic Tees" category (sold in `sizes` when given: stock is their sum). */
  private async classicTee(options: { priceCents?: number; stock?: number; photo?: Buffer; sizes?: SizeStock[] } = {}): Promise<Product> {
    const category = await this.categories.create('Graphic Tees', SYSTEM_ACTOR);
    const { priceCents = 1999, photo, sizes } = options;
    const stock = sizes ? sizes.reduce((sum, entry) => sum + entry.stock, 0) : (options.stock ?? 10);
    return this.products.create(
      {
        name: 'Classic Tee',
        description: 'Soft cotton crew neck',
        priceCents,
        stock,
        categoryId: category._id,
        variants: sizes ? sizesAsVariants(sizes, stock) : undefined,
      },
      photo,
      SYSTEM_ACTOR,
    );
  }

  /** The example product in colours (a swatch each) and sizes, `stock` of every combination. */
  private async colourTee(priceCents: number, colours: string[], sizes: string[], stock: number): Promise<Product> {
    const category = await this.categories.create('Graphic Tees', SYSTEM_ACTOR);
    return this.products.create(
      {
        name: 'Classic Tee',
        description: 'Soft cotton crew neck',
        priceCents,
        stock: colours.length * sizes.length * stock,
        categoryId: category._id,
        variants: {
          options: [
            { name: 'Colour', values: colours.map((value, index) => ({ value, swatch: ['#1e3a8a', '#b91c1c', '#111111'][index % 3] })) },
            { name: 'Size', values: sizes.map((value) => ({ value })) },
          ],
          variants: colours.flatMap((colour) => sizes.map((size) => ({ options: [colour, size], stock, active: true }))),
        },
      },
      undefined,
      SYSTEM_ACTOR,
    );
  }

  /**
   * Buys one Classic Tee (one of each size given) for `buyer` through the real checkout (the offline test gateway
   * approves it), shipped to `shippingAddress` if given.
   */
  private async paidOrder(buyer: AuthUser, tee?: Product, sizes?: ProductSize[], shippingAddress?: ShippingAddress): Promise<string> {
    const product = tee ?? (await this.classicTee());
    const lines = sizes ? sizes.map((s) => ({ _id: product._id, count: 1, size: s })) : [{ _id: product._id, count: 1 }];
    const answer = await this.payments.pay(buyer, {
      paymentMethodNonce: 'fake-valid-nonce',
      amount: fromCents(toCents(product.price) * lines.length),
      products: lines,
      ...(shippingAddress ? { shippingAddress } : {}),
    });
    if (!('success' in answer.body) || !answer.body.success) throw new Error(`checkout refused the order: ${JSON.stringify(answer.body)}`);
    return answer.body.order._id;
  }
}

/** A size parameter, checked against the sizes the store knows. */
function size(params: StateParams): ProductSize {
  const value = text(params, 'size');
  if (!(PRODUCT_SIZES as readonly string[]).includes(value)) throw new Error(`the state needs a size, one of ${PRODUCT_SIZES.join(', ')}`);
  return value as ProductSize;
}

/** A small real PNG: the API judges photos by their bytes. */
function pngPhoto(background = { r: 200, g: 30, b: 30 }): Promise<Buffer> {
  return sharp({ create: { width: 8, height: 8, channels: 3, background } })
    .png()
    .toBuffer();
}

function number(params: StateParams, name: string): number {
  const value = params[name];
  if (typeof value !== 'number') throw new Error(`the state needs a number parameter "${name}"`);
  return value;
}

function sha256(token: string): Buffer {
  return createHash('sha256').update(token).digest();
}

function text(params: StateParams, name: string): string {
  const value = params[name];
  if (typeof value !== 'string') throw new Error(`the state needs a string parameter "${name}"`);
  return value;
}
