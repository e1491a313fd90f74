import { ConfigService } from '@nestjs/config';
import { Test } from '@nestjs/testing';
import { APP_CONFIG, ConfigModule } from './config.module.js';
import { ConfigError, DEVELOPMENT_JWT_SECRET, loadConfig } from './env.js';

function problems(env: NodeJS.ProcessEnv): string[] {
  try {
    loadConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
  return [];
}

describe('loadConfig', () => {
  it('takes the public address for e-mail links from PUBLIC_URL, never guessing one in production', () => {
    expect(loadConfig({ PUBLIC_URL: 'https://shop.example.com/' }).publicUrl).toBe('https://shop.example.com');
    expect(loadConfig({ PORT: '8080' }).publicUrl).toBe('http://localhost:8080');
    const production = { NODE_ENV: 'production', DATABASE_URL: 'postgres://db/store', JWT_SECRET: 's'.repeat(32), PAYMENT_GATEWAY: 'test' };
    expect(loadConfig(production).publicUrl).toBeUndefined();
    // Serving the web app, the API renders its public pages, whose canonical and preview URLs need it.
    expect(problems({ ...production, WEB_DIST: '/srv/web' })).toEqual([
      expect.stringMatching(/^PUBLIC_URL: required in production when WEB_DIST is set/),
    ]);
    expect(loadConfig({ ...production, WEB_DIST: '/srv/web', PUBLIC_URL: 'https://shop.example.com' }).publicUrl).toBe(
      'https://shop.example.com',
    );
    for (const bad of ['shop.example.com', 'ftp://shop.example.com', 'https://shop.example.com/?a=1', 'javascript:alert(1)']) {
      expect(problems({ PUBLIC_URL: bad })).toEqual([expect.stringMatching(/^PUBLIC_URL: must be an http:\/\/ or https:\/\/ URL/)]);
    }
  });

  it('runs a fresh checkout with no configuration at all', () => {
    const config = loadConfig({});
    expect(config).toEqual(
      expect.objectContaining({
        nodeEnv: 'development',
        port: 3000,
        databaseUrl: undefined,
        jwtSecret: DEVELOPMENT_JWT_SECRET,
        authRateLimit: 20,
      }),
    );
    expect(config.braintree).toBeUndefined();
    expect(config.admin).toBeUndefined();
  });

  it('refuses to start in production without a database and a 32-character secret', () => {
    expect(problems({ NODE_ENV: 'production', PAYMENT_GATEWAY: 'test' })).toEqual([
      expect.stringMatching(/^DATABASE_URL: required in production/),
      expect.stringMatching(/^JWT_SECRET: required in production/),
    ]);
    const production = { NODE_ENV: 'production', DATABASE_URL: 'postgres://db/store', PAYMENT_GATEWAY: 'test' };
    expect(problems({ ...production, JWT_SECRET: 'short' })).toEqual([
      expect.stringMatching(/^JWT_SECRET: must be at least 32 characters/),
    ]);
    expect(problems({ ...production, JWT_SECRET: DEVELOPMENT_JWT_SECRET })).toEqual([
      expect.stringMatching(/^JWT_SECRET: must be at least 32/),
    ]);
    expect(problems({ ...production, JWT_SECRET: 's'.repeat(32) })).toEqual([]);
  });

  it('reports every bad value on its own line', () => {
    const found = problems({ PORT: 'eighty', DATABASE_URL: 'mysql://x', AUTH_RATE_LIMIT: '0', NODE_ENV: 'staging', ADMIN_EMAIL: 'nope' });
    expect(found).toEqual([
      'NODE_ENV: must be one of development, production, test (got "staging")',
      'PORT: must be a whole number from 0 to 65535 (got "eighty")',
      'DATABASE_URL: must be a postgres:// or postgresql:// connection URL',
      'ADMIN_EMAIL: must be an email address',
      'ADMIN_PASSWORD: required when ADMIN_EMAIL is set',
      'AUTH_RATE_LIMIT: must be a whole number from 1 to 1000000 (got "0")',
    ]);
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow('Invalid configuration:\n  - PORT: must be a whole number');
  });

  it('takes the admin to provision, with the email lower-cased', () => {
    expect(loadConfig({ ADMIN_EMAIL: 'Boss@Shop.com', ADMIN_PASSWORD: 'long-enough', ADMIN_NAME: 'The Boss' }).admin).toEqual({
      email: 'boss@shop.com',
      password: 'long-enough',
      name: 'The Boss',
    });
  });

  it('never falls back to the test gateway in production by accident', () => {
    const production = { NODE_ENV: 'production', DATABASE_URL: 'postgres://db/store', JWT_SECRET: 's'.repeat(32) };
    expect(problems(production)).toEqual([
      expect.stringMatching(
        /^BRAINTREE_MERCHANT_ID, BRAINTREE_PUBLIC_KEY, BRAINTREE_PRIVATE_KEY: required in production, or set PAYMENT_GATEWAY=test/,
      ),
    ]);
    expect(loadConfig({ ...production, PAYMENT_GATEWAY: 'test' }).braintree).toBeUndefined();
    const keys = { BRAINTREE_MERCHANT_ID: 'm', BRAINTREE_PUBLIC_KEY: 'pub', BRAINTREE_PRIVATE_KEY: 'priv' };
    expect(loadConfig({ ...production, ...keys }).braintree).toEqual(expect.objectContaining({ merchantId: 'm' }));
    // An explicit test gateway wins over keys (a staging copy of production's settings takes no money).
    expect(loadConfig({ ...production, ...keys, PAYMENT_GATEWAY: 'test' }).braintree).toBeUndefined();
  });

  it('wants the keys when Braintree is chosen explicitly', () => {
    expect(problems({ PAYMENT_GATEWAY: 'braintree', BRAINTREE_MERCHANT_ID: 'm' })).toEqual([
      'BRAINTREE_PUBLIC_KEY: required when PAYMENT_GATEWAY=braintree',
      'BRAINTREE_PRIVATE_KEY: required when PAYMENT_GATEWAY=braintree',
    ]);
    expect(problems({ PAYMENT_GATEWAY: 'paypal' })).toEqual(['PAYMENT_GATEWAY: must be one of braintree, test (got "paypal")']);
  });

  it('wants all three Braintree keys or none', () => {
    expect(problems({ BRAINTREE_MERCHANT_ID: 'm' })).toEqual([
      expect.stringMatching(/^BRAINTREE_PUBLIC_KEY: required/),
      expect.stringMatching(/^BRAINTREE_PRIVATE_KEY: required/),
    ]);
    const config = loadConfig({ BRAINTREE_MERCHANT_ID: 'm', BRAINTREE_PUBLIC_KEY: 'pub', BRAINTREE_PRIVATE_KEY: 'priv' });
    expect(config.braintree).toEqual({ merchantId: 'm', publicKey: 'pub', privateKey: 'priv', environment: 'sandbox' });
  });

  it('sizes the catalogue caches in bytes, 0 turning one off, and refuses anything else', () => {
    expect(loadConfig({})).toMatchObject({
      listCacheMaxBytes: 16 * 1024 * 1024,
      listCacheMaxEntries: 2000,
      photoCacheMaxBytes: 64 * 1024 * 1024,
      productCacheMaxBytes: 16 * 1024 * 1024,
    });
    expect(loadConfig({ PHOTO_CACHE_MAX_BYTES: '0', LIST_CACHE_MAX_ENTRIES: '10' })).toMatchObject({
      photoCacheMaxBytes: 0,
      listCacheMaxEntries: 10,
    });
    expect(problems({ PHOTO_CACHE_MAX_BYTES: '64MB', LIST_CACHE_MAX_BYTES: '-1' })).toEqual([
      'LIST_CACHE_MAX_BYTES: must be a whole number from 0 to 8589934592 (got "-1")',
      'PHOTO_CACHE_MAX_BYTES: must be a whole number from 0 to 8589934592 (got "64MB")',
    ]);
  });

  it('keeps photos in Postgres unless PHOTO_STORE=s3 names a bucket, and checks the S3 settings', () => {
    expect(loadConfig({}).photoStore).toEqual({ kind: 'postgres', s3: undefined });
    expect(
      loadConfig({
        PHOTO_STORE: 's3',
        S3_BUCKET: 'shop-photos',
        S3_ENDPOINT: 'http://127.0.0.1:9000',
        S3_ACCESS_KEY_ID: 'k',
        S3_SECRET_ACCESS_KEY: 's',
      }).photoStore,
    ).toEqual({
      kind: 's3',
      s3: {
        bucket: 'shop-photos',
        region: 'us-east-1',
        endpoint: 'http://127.0.0.1:9000',
        accessKeyId: 'k',
        secretAccessKey: 's',
        forcePathStyle: true,
      },
    });
    // AWS itself: virtual-hosted addressing, the SDK's own credentials.
    expect(loadConfig({ PHOTO_STORE: 's3', S3_BUCKET: 'shop-photos', S3_REGION: 'eu-west-1' }).photoStore).toEqual({
      kind: 's3',
      s3: {
        bucket: 'shop-photos',
        region: 'eu-west-1',
        endpoint: undefined,
        accessKeyId: undefined,
        secretAccessKey: undefined,
        forcePathStyle: false,
      },
    });
    // The S3 settings stay available with postgres, for photos not moved back yet.
    expect(loadConfig({ S3_BUCKET: 'shop-photos' }).photoStore).toMatchObject({ kind: 'postgres', s3: { bucket: 'shop-photos' } });
    expect(problems({ PHOTO_STORE: 's3' })).toEqual(['S3_BUCKET: required when PHOTO_STORE=s3']);
    expect(problems({ PHOTO_STORE: 'disk', S3_BUCKET: 'Shop_Photos', S3_ENDPOINT: 'minio:9000', S3_ACCESS_KEY_ID: 'k' })).toEqual([
      'PHOTO_STORE: must be one of postgres, s3 (got "disk")',
      'S3_BUCKET: "Shop_Photos" is not a bucket name (3-63 lower-case letters, digits, dots and hyphens)',
      'S3_ENDPOINT: "minio:9000" is not an http(s) URL',
      "S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY: set both, or neither (the SDK's default credentials)",
    ]);
  });

  it('accepts exact CORS origins and refuses anything else, each named', () => {
    expect(loadConfig({ CORS_ORIGINS: 'https://shop.example.com, http://127.0.0.1:5173' }).corsOrigins).toEqual([
      'https://shop.example.com',
      'http://127.0.0.1:5173',
    ]);
    expect(loadConfig({}).corsOrigins).toEqual([]);
    expect(problems({ CORS_ORIGINS: '*,https://a.example.com/path,ftp://x.example.com' })).toEqual([
      expect.stringMatching(/^CORS_ORIGINS: "\*" is not an origin/),
      expect.stringMatching(/^CORS_ORIGINS: "https:\/\/a.example.com\/path" is not an origin/),
      expect.stringMatching(/^CORS_ORIGINS: "ftp:\/\/x.example.com" is not an origin/),
    ]);
  });

  it('trusts exactly the proxy in front, never a whole private range', () => {
    expect(loadConfig({ TRUST_PROXY: '1' }).trustProxy).toBe('1');
    expect(loadConfig({ TRUST_PROXY: '172.18.0.5' }).trustProxy).toBe('172.18.0.5');
    expect(problems({ TRUST_PROXY: 'uniquelocal' })).toEqual([expect.stringMatching(/^TRUST_PROXY: must name exactly the proxy/)]);
    expect(problems({ TRUST_PROXY: '10.0.0.0/8' })).toEqual([expect.stringMatching(/^TRUST_PROXY: must name exactly the proxy/)]);
  });

  it('reads the database and HTTP time limits, with shop-sized defaults', () => {
    const defaults = loadConfig({});
    expect(defaults.db).toEqual({ statementTimeoutMs: 5000, connectTimeoutMs: 3000, healthTimeoutMs: 1000, poolMax: 10 });
    expect(defaults.http).toEqual({ headersTimeoutMs: 10_000, requestTimeoutMs: 30_000, keepAliveTimeoutMs: 5000 });
    expect(loadConfig({ DB_STATEMENT_TIMEOUT_MS: '2500' }).db.statementTimeoutMs).toBe(2500);
    expect(problems({ DB_STATEMENT_TIMEOUT_MS: 'soon' })).toEqual([
      expect.stringMatching(/^DB_STATEMENT_TIMEOUT_MS: must be a whole number/),
    ]);
    expect(loadConfig({ PAYMENT_RATE_LIMIT: '3' }).paymentRateLimit).toBe(3);
  });

  it('limits searches: a shorter statement timeout, and fewer at once than the pool has connections', () => {
    expect(loadConfig({}).search).toEqual({ statementTimeoutMs: 1000, concurrency: 4 });
    expect(loadConfig({ DB_POOL_MAX: '20' }).search.concurrency).toBe(8);
    expect(loadConfig({ DB_POOL_MAX: '2' }).search.concurrency).toBe(1);
    expect(loadConfig({ SEARCH_CONCURRENCY: '2', SEARCH_STATEMENT_TIMEOUT_MS: '300' }).search).toEqual({
      statementTimeoutMs: 300,
      concurrency: 2,
    });
    expect(problems({ SEARCH_CONCURRENCY: '10' })).toEqual([
      expect.stringMatching(/^SEARCH_CONCURRENCY: must be below DB_POOL_MAX \(10\)/),
    ]);
    expect(problems({ SEARCH_CONCURRENCY: 'many' })).toEqual([expect.stringMatching(/^SEARCH_CONCURRENCY: must be a whole number/)]);
  });

  it('reads the crash-recovery timings of checkouts, with defaults of a few seconds for the lease', () => {
    expect(loadConfig({}).payments).toEqual({
      idempotencyLeaseSeconds: 5,
      staleReservationSeconds: 120,
      sweepIntervalSeconds: 30,
      testGatewayLedger: 'postgres',
    });
    expect(
      loadConfig({
        IDEMPOTENCY_LEASE_SECONDS: '2',
        STALE_RESERVATION_SECONDS: '10',
        SWEEP_INTERVAL_SECONDS: '1',
        TEST_GATEWAY_LEDGER: 'memory',
      }).payments,
    ).toEqual({ idempotencyLeaseSeconds: 2, staleReservationSeconds: 10, sweepIntervalSeconds: 1, testGatewayLedger: 'memory' });
    expect(problems({ IDEMPOTENCY_LEASE_SECONDS: '0', TEST_GATEWAY_LEDGER: 'disk' })).toEqual([
      expect.stringMatching(/^IDEMPOTENCY_LEASE_SECONDS: must be a whole number from 1 to 600/),
      expect.stringMatching(/^TEST_GATEWAY_LEDGER: must be one of postgres, memory/),
    ]);
  });

  it('takes a separate URL for the catalogue cache listener (a transaction-mode pooler cannot LISTEN)', () => {
    expect(loadConfig({}).databaseListenUrl).toBeUndefined();
    expect(loadConfig({ DATABASE_LISTEN_URL: 'postgres://u@db-primary:5432/store' }).databaseListenUrl).toBe(
      'postgres://u@db-primary:5432/store',
    );
    expect(problems({ DATABASE_LISTEN_URL: 'db-primary:5432' })).toEqual([
      'DATABASE_LISTEN_URL: must be a postgres:// or postgresql:// connection URL',
    ]);
  });

  it('reads the mail settings: files under STORE_DATA_DIR without SMTP_URL, a sender required with one', () => {
    const defaults = loadConfig({ STORE_DATA_DIR: '/var/store' }).mail;
    expect(defaults).toEqual(
      expect.objectContaining({ smtpUrl: undefined, shopEmail: undefined, outboxDir: '/var/store/outbox', workerEnabled: true }),
    );
    const smtp = {
      SMTP_URL: 'smtps://user:pw@mail.example.com:465',
      MAIL_FROM: 'T-shirt Store <shop@example.com>',
      SHOP_EMAIL: 'orders@example.com',
    };
    expect(loadConfig(smtp).mail).toEqual(
      expect.objectContaining({ smtpUrl: smtp.SMTP_URL, from: smtp.MAIL_FROM, shopEmail: 'orders@example.com' }),
    );
    expect(problems({ SMTP_URL: 'smtps://mail.example.com' })).toEqual([
      expect.stringMatching(/^MAIL_FROM: required when SMTP_URL is set/),
    ]);
    expect(problems({ SMTP_URL: 'mail.example.com:25', MAIL_FROM: 'shop', SHOP_EMAIL: 'nope' })).toEqual([
      expect.stringMatching(/^SMTP_URL: must be an smtp:\/\/ or smtps:\/\/ URL/),
      expect.stringMatching(/^MAIL_FROM: must be an email address/),
      'SHOP_EMAIL: must be an email address',
    ]);
  });

  it('logs JSON in production and readable lines elsewhere, at info (errors only in test runs)', () => {
    expect(loadConfig({}).log).toEqual({ format: 'pretty', level: 'info' });
    expect(loadConfig({ NODE_ENV: 'test' }).log).toEqual({ format: 'pretty', level: 'error' });
    const production = { NODE_ENV: 'production', DATABASE_URL: 'postgres://db/store', JWT_SECRET: 's'.repeat(32), PAYMENT_GATEWAY: 'test' };
    expect(loadConfig(production).log).toEqual({ format: 'json', level: 'info' });
    expect(loadConfig({ LOG_FORMAT: 'json', LOG_LEVEL: 'debug' }).log).toEqual({ format: 'json', level: 'debug' });
    expect(problems({ LOG_LEVEL: 'verbose' })).toEqual([
      'LOG_LEVEL: must be one of trace, debug, info, warn, error, fatal, silent (got "verbose")',
    ]);
  });

  it('is served by @nestjs/config: APP_CONFIG and ConfigService hold the configuration given', async () => {
    const config = loadConfig({ PORT: '4000' });
    const moduleRef = await Test.createTestingModule({ imports: [ConfigModule.forRoot(config)] }).compile();
    expect(moduleRef.get(APP_CONFIG)).toBe(config);
    expect(moduleRef.get(ConfigService).get('app.port')).toBe(4000);
  });
});
