import path from 'node:path';
import type { LogLevel, LogSettings } from '../common/logging/logger.js';

/**
 * The API's configuration, read once from the environment and validated at start-up.
 * Every bad or missing value is reported on its own line, so one start tells the operator everything to fix.
 */
export type NodeEnv = 'development' | 'production' | 'test';
export type BraintreeEnvironmentName = 'sandbox' | 'production' | 'development' | 'qa';

export interface BraintreeConfig {
  merchantId: string;
  publicKey: string;
  privateKey: string;
  environment: BraintreeEnvironmentName;
  /** Tests only, never read from the environment: the URL of a local Braintree protocol fake to use instead. */
  serverUrl?: string;
}

/** Order e-mails: how the notifications worker sends what the outbox holds. */
export interface MailConfig {
  /** smtp:// or smtps:// URL of the mail server (credentials in it); undefined: write .eml files to `outboxDir`. */
  smtpUrl: string | undefined;
  /** The sender: `address` or `Name <address>`. */
  from: string;
  /** The shop's own address, sent a notice of every order; undefined: no notice. */
  shopEmail: string | undefined;
  /** Where the mails go as .eml files when there is no SMTP_URL: STORE_DATA_DIR/outbox (`.data/outbox`). */
  outboxDir: string;
  /** Tests only, never read from the environment: false keeps the worker from running on its own (tests drive it). */
  workerEnabled: boolean;
  /** Tests only: how often the worker looks for due mails, and the first retry's delay (doubling, capped). */
  pollMs: number;
  retryBaseMs: number;
}

/** Where product photo bytes live: in Postgres (the default) or in an S3-compatible object store. */
export type PhotoStoreConfig = { kind: 'postgres'; s3?: S3Config } | { kind: 's3'; s3: S3Config };

export interface S3Config {
  bucket: string;
  region: string;
  /** An S3-compatible server (MinIO, R2, s3rver...); undefined: AWS's own endpoint for the region. */
  endpoint: string | undefined;
  /** Both or neither: neither uses the SDK's default credential chain (instance role, AWS_* variables...). */
  accessKeyId: string | undefined;
  secretAccessKey: string | undefined;
  /** `bucket.host` (virtual-hosted, AWS) or `host/bucket` (path style, most self-hosted servers). */
  forcePathStyle: boolean;
}

export interface AppConfig {
  nodeEnv: NodeEnv;
  port: number;
  /** Unset only in development, where `npm start` brings up an embedded Postgres. */
  databaseUrl: string | undefined;
  /**
   * Where the catalogue cache LISTENs for changes, when DATABASE_URL goes through a transaction-mode pooler
   * (PgBouncer), which cannot carry a session's LISTEN; undefined: DATABASE_URL itself.
   */
  databaseListenUrl: string | undefined;
  jwtSecret: string;
  jwtExpiresInSeconds: number;
  admin: { email: string; password: string; name: string } | undefined;
  authRateLimit: number;
  braintree: BraintreeConfig | undefined;
  /** Folder of the built web app served at `/`, or undefined to serve the API only. */
  webDist: string | undefined;
  /** Express `trust proxy` setting: which hops may set X-Forwarded-For (the rate limit keys on the client address). */
  trustProxy: string;
  /** Log lines: JSON (production's default) or readable, and the least severe level written. */
  log: LogSettings;
  seedDemo: boolean;
  /** Database time limits: per statement (server side and client side), per connection attempt, for /api/health. */
  db: { statementTimeoutMs: number; connectTimeoutMs: number; healthTimeoutMs: number; poolMax: number };
  /** Node HTTP server limits against slow or idle clients. */
  http: { headersTimeoutMs: number; requestTimeoutMs: number; keepAliveTimeoutMs: number };
  /** Exact origins allowed to call the API from a browser on another origin; empty = same origin only. */
  corsOrigins: string[];
  /** Send Strict-Transport-Security (only meaningful when clients reach the store over TLS). */
  hsts: boolean;
  /** Checkout attempts a minute per signed-in user. */
  paymentRateLimit: number;
  /**
   * Crash recovery of checkouts (docs/security.md, "A crash mid-payment"): an Idempotency-Key's lease (renewed while its
   * request runs; a dead holder's key is taken over once it lapses), the age at which the sweeper resolves a
   * Pending order (asking the gateway first), how often it runs, and where the test gateway records its charges.
   */
  payments: {
    idempotencyLeaseSeconds: number;
    staleReservationSeconds: number;
    sweepIntervalSeconds: number;
    testGatewayLedger: 'postgres' | 'memory';
  };
  /** Failed sign-ins per account (email) per SIGNIN_FAILURE_WINDOW_SECONDS before sign-in is refused for it. */
  signinFailureLimit: number;
  signinFailureWindowSeconds: number;
  /** Port of the Prometheus `/metrics` server, apart from the API's; undefined: no metrics server. */
  metricsPort: number | undefined;
  /** Catalogue caches: bytes of list pages kept, how many pages at most, and bytes of photos kept; 0 turns one off. */
  listCacheMaxBytes: number;
  listCacheMaxEntries: number;
  photoCacheMaxBytes: number;
  mail: MailConfig;
  /** Products at or below this stock are "low" on the admin's sales overview. */
  lowStockThreshold: number;
  /** PHOTO_STORE and its S3_* settings (the S3 settings also when PHOTO_STORE=postgres, for `npm run photos:migrate`). */
  photoStore: PhotoStoreConfig;
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/** Used only outside production, so a fresh checkout runs without any setup; never accepted in production. */
export const DEVELOPMENT_JWT_SECRET = 'development-only-secret-not-for-production-use';
const JWT_SECRET_MIN_PRODUCTION = 32;

export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const problems: string[] = [];
  const text = (name: string): string | undefined => {
    const value = env[name]?.trim();
    return value ? value : undefined;
  };
  const integer = (name: string, fallback: number, min: number, max: number): number => {
    const raw = text(name);
    if (raw === undefined) return fallback;
    const value = Number(raw);
    if (!Number.isInteger(value) || value < min || value > max) {
      problems.push(`${name}: must be a whole number from ${min} to ${max} (got "${raw}")`);
      return fallback;
    }
    return value;
  };
  const oneOf = <T extends string>(name: string, allowed: readonly T[], fallback: T): T => {
    const raw = text(name);
    if (raw === undefined) return fallback;
    if (!allowed.includes(raw as T)) {
      problems.push(`${name}: must be one of ${allowed.join(', ')} (got "${raw}")`);
      return fallback;
    }
    return raw as T;
  };

  const nodeEnv = oneOf<NodeEnv>('NODE_ENV', ['development', 'production', 'test'], 'development');
  const production = nodeEnv === 'production';
  const port = integer('PORT', 3000, 0, 65535);

  const databaseUrl = text('DATABASE_URL');
  if (databaseUrl !== undefined && !/^postgres(ql)?:\/\//.test(databaseUrl)) {
    problems.push('DATABASE_URL: must be a postgres:// or postgresql:// connection URL');
  } else if (databaseUrl === undefined && production) {
    problems.push('DATABASE_URL: required in production (the embedded database is for development only)');
  }

  const databaseListenUrl = text('DATABASE_LISTEN_URL');
  if (databaseListenUrl !== undefined && !/^postgres(ql)?:\/\//.test(databaseListenUrl)) {
    problems.push('DATABASE_LISTEN_URL: must be a postgres:// or postgresql:// connection URL');
  }

  let jwtSecret = text('JWT_SECRET');
  if (jwtSecret === undefined) {
    if (production) problems.push(`JWT_SECRET: required in production, at least ${JWT_SECRET_MIN_PRODUCTION} characters`);
    jwtSecret = DEVELOPMENT_JWT_SECRET;
  } else if (production && (jwtSecret.length < JWT_SECRET_MIN_PRODUCTION || jwtSecret === DEVELOPMENT_JWT_SECRET)) {
    problems.push(`JWT_SECRET: must be at least ${JWT_SECRET_MIN_PRODUCTION} characters in production and not the development default`);
  }
  const jwtExpiresInSeconds = integer('JWT_EXPIRES_IN_SECONDS', 24 * 60 * 60, 60, 30 * 24 * 60 * 60);

  const adminEmail = text('ADMIN_EMAIL');
  const adminPassword = text('ADMIN_PASSWORD');
  const adminName = text('ADMIN_NAME') ?? 'Store Admin';
  let admin: AppConfig['admin'];
  if (adminEmail !== undefined || adminPassword !== undefined) {
    if (adminEmail === undefined) problems.push('ADMIN_EMAIL: required when ADMIN_PASSWORD is set');
    else if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(adminEmail)) problems.push('ADMIN_EMAIL: must be an email address');
    if (adminPassword === undefined) problems.push('ADMIN_PASSWORD: required when ADMIN_EMAIL is set');
    else if (adminPassword.length < 8 || adminPassword.length > 128) problems.push('ADMIN_PASSWORD: must be 8 to 128 characters');
    if (adminName.length < 3 || adminName.length > 32) problems.push('ADMIN_NAME: must be 3 to 32 characters');
    if (adminEmail && adminPassword) admin = { email: adminEmail.toLowerCase(), password: adminPassword, name: adminName };
  }

  const authRateLimit = integer('AUTH_RATE_LIMIT', 20, 1, 1_000_000);

  const merchantId = text('BRAINTREE_MERCHANT_ID');
  const publicKey = text('BRAINTREE_PUBLIC_KEY');
  const privateKey = text('BRAINTREE_PRIVATE_KEY');
  const braintreeEnvironment = oneOf<BraintreeEnvironmentName>(
    'BRAINTREE_ENVIRONMENT',
    ['sandbox', 'production', 'development', 'qa'],
    'sandbox',
  );
  // The offline test gateway takes no money. Outside production it is the default; in production it must be
  // chosen explicitly (PAYMENT_GATEWAY=test, for a demo store), so a missing key never silently stops real charges.
  const gatewayChoice = oneOf<'braintree' | 'test' | ''>('PAYMENT_GATEWAY', ['braintree', 'test'], '');
  const braintreeKeys = { BRAINTREE_MERCHANT_ID: merchantId, BRAINTREE_PUBLIC_KEY: publicKey, BRAINTREE_PRIVATE_KEY: privateKey };
  const missingKeys = Object.entries(braintreeKeys)
    .filter(([, value]) => value === undefined)
    .map(([name]) => name);
  let braintree: BraintreeConfig | undefined;
  if (gatewayChoice === 'test') {
    braintree = undefined;
  } else if (missingKeys.length === 0) {
    braintree = { merchantId: merchantId!, publicKey: publicKey!, privateKey: privateKey!, environment: braintreeEnvironment };
  } else if (gatewayChoice === 'braintree') {
    for (const name of missingKeys) problems.push(`${name}: required when PAYMENT_GATEWAY=braintree`);
  } else if (missingKeys.length < 3) {
    for (const name of missingKeys) {
      problems.push(`${name}: required when any BRAINTREE_* key is set (or unset them all for the offline test gateway)`);
    }
  } else if (production) {
    problems.push(
      'BRAINTREE_MERCHANT_ID, BRAINTREE_PUBLIC_KEY, BRAINTREE_PRIVATE_KEY: required in production, or set PAYMENT_GATEWAY=test for a demo store that takes no money',
    );
  }

  const trustProxy = text('TRUST_PROXY') ?? 'loopback';
  // A whole private range would believe X-Forwarded-For from any host in it (a VPN, a userland proxy):
  // only the proxy in front may be trusted, named by address/CIDR or as a hop count.
  if (/uniquelocal|(^|,)\s*(10\.0\.0\.0\/8|172\.16\.0\.0\/12|192\.168\.0\.0\/16)\s*(,|$)/.test(trustProxy)) {
    problems.push(
      'TRUST_PROXY: must name exactly the proxy in front (its address or CIDR, or a hop count such as 1), not a whole private range',
    );
  } else if (/^\d+$/.test(trustProxy) && Number(trustProxy) > 5) {
    problems.push(`TRUST_PROXY: a hop count must be 0 to 5 (got "${trustProxy}")`);
  }
  const corsOrigins: string[] = [];
  for (const entry of (text('CORS_ORIGINS') ?? '')
    .split(',')
    .map((o) => o.trim())
    .filter(Boolean)) {
    let origin: string | undefined;
    try {
      const url = new URL(entry);
      if ((url.protocol === 'http:' || url.protocol === 'https:') && url.origin === entry.replace(/\/$/, '')) origin = url.origin;
    } catch {
      origin = undefined;
    }
    if (origin) corsOrigins.push(origin);
    else problems.push(`CORS_ORIGINS: "${entry}" is not an origin (scheme://host[:port], no path, no wildcard)`);
  }
  const log: LogSettings = {
    format: oneOf<'json' | 'pretty'>('LOG_FORMAT', ['json', 'pretty'], production ? 'json' : 'pretty'),
    // Test runs print failures only; a test that reads the lines sets its own level.
    level: oneOf<LogLevel>(
      'LOG_LEVEL',
      ['trace', 'debug', 'info', 'warn', 'error', 'fatal', 'silent'],
      nodeEnv === 'test' ? 'error' : 'info',
    ),
  };
  const seedDemo = oneOf<'true' | 'false'>('SEED_DEMO', ['true', 'false'], 'false') === 'true';

  const limits = {
    db: {
      statementTimeoutMs: integer('DB_STATEMENT_TIMEOUT_MS', 5000, 100, 600_000),
      connectTimeoutMs: integer('DB_CONNECT_TIMEOUT_MS', 3000, 100, 60_000),
      healthTimeoutMs: integer('DB_HEALTH_TIMEOUT_MS', 1000, 100, 10_000),
      poolMax: integer('DB_POOL_MAX', 10, 1, 200),
    },
    http: {
      headersTimeoutMs: integer('HTTP_HEADERS_TIMEOUT_MS', 10_000, 1000, 600_000),
      requestTimeoutMs: integer('HTTP_REQUEST_TIMEOUT_MS', 30_000, 1000, 3_600_000),
      keepAliveTimeoutMs: integer('HTTP_KEEP_ALIVE_TIMEOUT_MS', 5000, 100, 600_000),
    },
    corsOrigins,
    hsts: oneOf<'true' | 'false'>('HSTS', ['true', 'false'], production ? 'true' : 'false') === 'true',
    paymentRateLimit: integer('PAYMENT_RATE_LIMIT', 10, 1, 1_000_000),
    lowStockThreshold: integer('LOW_STOCK_THRESHOLD', 5, 0, 1_000_000),
    payments: {
      idempotencyLeaseSeconds: integer('IDEMPOTENCY_LEASE_SECONDS', 5, 1, 600),
      // Longer than the SDK's 60 s request timeout, so a live request still waiting on the provider is never swept.
      staleReservationSeconds: integer('STALE_RESERVATION_SECONDS', 120, 1, 86_400),
      sweepIntervalSeconds: integer('SWEEP_INTERVAL_SECONDS', 30, 1, 3600),
      testGatewayLedger: oneOf<'postgres' | 'memory'>('TEST_GATEWAY_LEDGER', ['postgres', 'memory'], 'postgres'),
    },
    signinFailureLimit: integer('SIGNIN_FAILURE_LIMIT', 10, 1, 1_000_000),
    signinFailureWindowSeconds: integer('SIGNIN_FAILURE_WINDOW_SECONDS', 900, 10, 86_400),
  };

  // Unset: no metrics server (one port for `npm start`); the manifests in deploy/k8s set 9464.
  const metricsPort = text('METRICS_PORT') === undefined ? undefined : integer('METRICS_PORT', 0, 0, 65535);
  if (metricsPort !== undefined && metricsPort !== 0 && metricsPort === port) {
    problems.push(`METRICS_PORT: must differ from PORT (${port}); the metrics port is not for the public network`);
  }

  // Catalogue caches, per API process (see docs/performance.md). Bytes are the cached bodies' own sizes.
  const listCacheMaxBytes = integer('LIST_CACHE_MAX_BYTES', 16 * 1024 * 1024, 0, 8 * 1024 ** 3);
  const listCacheMaxEntries = integer('LIST_CACHE_MAX_ENTRIES', 2000, 0, 1_000_000);
  const photoCacheMaxBytes = integer('PHOTO_CACHE_MAX_BYTES', 64 * 1024 * 1024, 0, 8 * 1024 ** 3);

  const smtpUrl = text('SMTP_URL');
  if (smtpUrl !== undefined && !isSmtpUrl(smtpUrl)) {
    problems.push('SMTP_URL: must be an smtp:// or smtps:// URL, e.g. smtps://user:password@mail.example.com:465');
  }
  const mailFrom = text('MAIL_FROM');
  if (mailFrom !== undefined && !MAILBOX.test(mailFrom)) {
    problems.push('MAIL_FROM: must be an email address, or a name and one in angle brackets (T-shirt Store <shop@example.com>)');
  } else if (mailFrom === undefined && smtpUrl !== undefined) {
    problems.push('MAIL_FROM: required when SMTP_URL is set (a real mail server wants a real sender)');
  }
  const shopEmail = text('SHOP_EMAIL');
  if (shopEmail !== undefined && !EMAIL.test(shopEmail)) problems.push('SHOP_EMAIL: must be an email address');
  const mail: MailConfig = {
    smtpUrl,
    from: mailFrom ?? 'T-shirt Store <store@localhost>',
    shopEmail,
    outboxDir: path.resolve(text('STORE_DATA_DIR') ?? '.data', 'outbox'),
    workerEnabled: true,
    pollMs: 2000,
    retryBaseMs: 30_000,
  };

  const photoStore = photoStoreConfig(text, oneOf, problems);

  if (problems.length > 0) throw new ConfigError(problems);

  return {
    nodeEnv,
    port,
    databaseUrl,
    databaseListenUrl,
    jwtSecret,
    jwtExpiresInSeconds,
    admin,
    authRateLimit,
    braintree,
    webDist: text('WEB_DIST'),
    trustProxy,
    log,
    seedDemo,
    ...limits,
    metricsPort,
    listCacheMaxBytes,
    listCacheMaxEntries,
    photoCacheMaxBytes,
    mail,
    photoStore,
  };
}

const EMAIL = /^[^\s@<>]+@[^\s@<>]+\.[^\s@<>]+$/;
const MAILBOX = /^(?:[^<>@]*<[^\s@<>]+@[^\s@<>]+>|[^\s@<>]+@[^\s@<>]+)$/;

function isSmtpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === 'smtp:' || url.protocol === 'smtps:') && url.hostname !== '';
  } catch {
    return false;
  }
}

/**
 * PHOTO_STORE=postgres|s3 and the S3_* settings: with `s3`, S3_BUCKET is required; S3_ACCESS_KEY_ID and
 * S3_SECRET_ACCESS_KEY go together. S3 settings given with PHOTO_STORE=postgres are kept for reading photos a
 * migration has not moved back yet.
 */
function photoStoreConfig(
  text: (name: string) => string | undefined,
  oneOf: <T extends string>(name: string, allowed: readonly T[], fallback: T) => T,
  problems: string[],
): PhotoStoreConfig {
  const kind = oneOf<'postgres' | 's3'>('PHOTO_STORE', ['postgres', 's3'], 'postgres');
  const bucket = text('S3_BUCKET');
  if (kind === 's3' && !bucket) problems.push('S3_BUCKET: required when PHOTO_STORE=s3');
  if (bucket !== undefined && !/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/.test(bucket)) {
    problems.push(`S3_BUCKET: "${bucket}" is not a bucket name (3-63 lower-case letters, digits, dots and hyphens)`);
  }
  const endpoint = text('S3_ENDPOINT');
  if (endpoint !== undefined) {
    if (!URL.canParse(endpoint) || !['http:', 'https:'].includes(new URL(endpoint).protocol))
      problems.push(`S3_ENDPOINT: "${endpoint}" is not an http(s) URL`);
  }
  const accessKeyId = text('S3_ACCESS_KEY_ID');
  const secretAccessKey = text('S3_SECRET_ACCESS_KEY');
  if ((accessKeyId === undefined) !== (secretAccessKey === undefined)) {
    problems.push("S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY: set both, or neither (the SDK's default credentials)");
  }
  const s3: S3Config | undefined = bucket
    ? {
        bucket,
        region: text('S3_REGION') ?? 'us-east-1',
        endpoint,
        accessKeyId,
        secretAccessKey,
        forcePathStyle: oneOf<'true' | 'false'>('S3_FORCE_PATH_STYLE', ['true', 'false'], endpoint ? 'true' : 'false') === 'true',
      }
    : undefined;
  return kind === 's3' && s3 ? { kind, s3 } : { kind: 'postgres', s3 };
}
