import path from 'node:path';
import { plainToInstance } from 'class-transformer';
import { IsDefined, IsOptional, IsUrl, Length, Matches, MinLength, NotEquals, ValidateIf, validateSync } from 'class-validator';
import type { LogSettings } from '../common/logging/logger.js';
import { ConfigError, OneOf, Rule as RuleOf, says, WholeNumber } from './env-rules.js';

/**
 * The API's configuration: every environment variable it reads, declared once in {@link EnvironmentVariables}
 * (its name, default, rule and message), validated at start-up by {@link validate} (class-validator and
 * class-transformer, the shape of @nestjs/config's `validate` option), then shaped by {@link appConfig} into the
 * {@link AppConfig} the code reads (ConfigModule provides it). Every bad or missing value is reported on its own
 * line, so one start tells the operator everything to fix.
 */

export { ConfigError } from './env-rules.js';

/** A rule of this class: it may read the other variables. */
const Rule = RuleOf<EnvironmentVariables>;

/** Used only outside production, so a fresh checkout runs without any setup; never accepted in production. */
export const DEVELOPMENT_JWT_SECRET = 'development-only-secret-not-for-production-use';
const JWT_SECRET_MIN_PRODUCTION = 32;
const WEAK_SECRET = `must be at least ${JWT_SECRET_MIN_PRODUCTION} characters in production and not the development default`;

const NODE_ENVS = ['development', 'production', 'test'] as const;
const LOG_LEVELS = ['trace', 'debug', 'info', 'warn', 'error', 'fatal', 'silent'] as const;
const BOOLEANS = ['true', 'false'] as const;

const POSTGRES_URL = /^postgres(ql)?:\/\//;
const EMAIL = /^[^\s@<>]+@[^\s@<>]+\.[^\s@<>]+$/;
const MAILBOX = /^(?:[^<>@]*<[^\s@<>]+@[^\s@<>]+>|[^\s@<>]+@[^\s@<>]+)$/;
const BUCKET = /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/;
// A whole private range would believe X-Forwarded-For from any host in it (a VPN, a userland proxy).
const PRIVATE_RANGE = /uniquelocal|(^|,)\s*(10\.0\.0\.0\/8|172\.16\.0\.0\/12|192\.168\.0\.0\/16)\s*(,|$)/;

const production = (env: EnvironmentVariables) => env.NODE_ENV === 'production';
const adminGiven = (env: EnvironmentVariables) => env.ADMIN_EMAIL !== undefined || env.ADMIN_PASSWORD !== undefined;
/** PAYMENT_GATEWAY as chosen; an unknown value counts as unset (its own message says so). */
const gateway = (env: EnvironmentVariables) =>
  env.PAYMENT_GATEWAY === 'braintree' || env.PAYMENT_GATEWAY === 'test' ? env.PAYMENT_GATEWAY : '';
const BRAINTREE_KEYS = ['BRAINTREE_MERCHANT_ID', 'BRAINTREE_PUBLIC_KEY', 'BRAINTREE_PRIVATE_KEY'] as const;
/**
 * A missing Braintree key. The offline test gateway takes no money: outside production it is the default; in
 * production it must be chosen explicitly, so a missing key never silently stops real charges.
 */
function missingBraintreeKey(name: (typeof BRAINTREE_KEYS)[number], env: EnvironmentVariables): string | undefined {
  if (env[name] !== undefined || gateway(env) === 'test') return undefined;
  if (gateway(env) === 'braintree') return 'required when PAYMENT_GATEWAY=braintree';
  const set = BRAINTREE_KEYS.filter((key) => env[key] !== undefined).length;
  if (set > 0) return 'required when any BRAINTREE_* key is set (or unset them all for the offline test gateway)';
  if (!production(env) || name !== 'BRAINTREE_MERCHANT_ID') return undefined;
  return `${BRAINTREE_KEYS.join(', ')}: required in production, or set PAYMENT_GATEWAY=test for a demo store that takes no money`;
}

function corsOriginProblems(value: string | undefined): string | undefined {
  const bad = (value ?? '')
    .split(',')
    .map((entry) => entry.trim())
    .filter((entry) => entry !== '' && corsOrigin(entry) === undefined);
  // One line per entry that is not an origin.
  return bad.length === 0
    ? undefined
    : bad.map((entry) => `CORS_ORIGINS: "${entry}" is not an origin (scheme://host[:port], no path, no wildcard)`).join('\n');
}

/** `entry` as an origin (scheme://host[:port]), or undefined when it is something else. */
export function corsOrigin(entry: string): string | undefined {
  try {
    const url = new URL(entry);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.origin === entry.replace(/\/$/, '') ? url.origin : undefined;
  } catch {
    return undefined;
  }
}

const SMTP_URL_FORMAT = 'must be an smtp:// or smtps:// URL, e.g. smtps://user:password@mail.example.com:465';
const S3_KEYS_TOGETHER = "S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY: set both, or neither (the SDK's default credentials)";

/**
 * The environment, validated. Unset or blank variables keep the defaults written here; a property without one is
 * optional (undefined when unset) unless a rule requires it. docs/configuration.md says what each one does.
 */
export class EnvironmentVariables {
  @OneOf(NODE_ENVS)
  NODE_ENV: (typeof NODE_ENVS)[number] = 'development';

  @WholeNumber(0, 65535)
  PORT = 3000;

  // The links in e-mails (password reset) are built from this, never from a request's Host header, which a client
  // chooses: a reset mail must not point anywhere an attacker names. Unset in production: no reset mails. The
  // server-rendered pages' canonical, Open Graph and sitemap URLs come from it too: required when it renders them.
  @ValidateIf((env: EnvironmentVariables) => env.PUBLIC_URL !== undefined || (production(env) && env.WEB_DIST !== undefined))
  @IsDefined(says('required in production when WEB_DIST is set: the absolute URLs of the rendered pages (canonical, previews, sitemap)'))
  @IsUrl(
    { protocols: ['http', 'https'], require_protocol: true, require_tld: false, allow_query_components: false, allow_fragments: false },
    says('must be an http:// or https:// URL without a query or fragment, e.g. https://shop.example.com'),
  )
  PUBLIC_URL?: string;

  // Unset only in development, where `npm start` brings up an embedded Postgres.
  @ValidateIf((env: EnvironmentVariables) => env.DATABASE_URL !== undefined || production(env))
  @IsDefined(says('required in production (the embedded database is for development only)'))
  @Matches(POSTGRES_URL, says('must be a postgres:// or postgresql:// connection URL'))
  DATABASE_URL?: string;

  @IsOptional()
  @Matches(POSTGRES_URL, says('must be a postgres:// or postgresql:// connection URL'))
  DATABASE_LISTEN_URL?: string;

  @ValidateIf(production)
  @IsDefined(says(`required in production, at least ${JWT_SECRET_MIN_PRODUCTION} characters`))
  @MinLength(JWT_SECRET_MIN_PRODUCTION, says(WEAK_SECRET))
  @NotEquals(DEVELOPMENT_JWT_SECRET, says(WEAK_SECRET))
  JWT_SECRET?: string;

  @WholeNumber(60, 30 * 24 * 60 * 60)
  JWT_EXPIRES_IN_SECONDS = 24 * 60 * 60;

  // The admin provisioned at every start: both or neither.
  @ValidateIf(adminGiven)
  @IsDefined(says('required when ADMIN_PASSWORD is set'))
  @Matches(/^[^\s@]+@[^\s@]+\.[^\s@]+$/, says('must be an email address'))
  ADMIN_EMAIL?: string;

  @ValidateIf(adminGiven)
  @IsDefined(says('required when ADMIN_EMAIL is set'))
  @Length(8, 128, says('must be 8 to 128 characters'))
  ADMIN_PASSWORD?: string;

  @ValidateIf(adminGiven)
  @Length(3, 32, says('must be 3 to 32 characters'))
  ADMIN_NAME = 'Store Admin';

  @WholeNumber(1, 1_000_000)
  AUTH_RATE_LIMIT = 20;

  @IsOptional()
  @OneOf(['braintree', 'test'])
  PAYMENT_GATEWAY?: 'braintree' | 'test';

  @Rule((_value, env) => missingBraintreeKey('BRAINTREE_MERCHANT_ID', env))
  BRAINTREE_MERCHANT_ID?: string;

  @Rule((_value, env) => missingBraintreeKey('BRAINTREE_PUBLIC_KEY', env))
  BRAINTREE_PUBLIC_KEY?: string;

  @Rule((_value, env) => missingBraintreeKey('BRAINTREE_PRIVATE_KEY', env))
  BRAINTREE_PRIVATE_KEY?: string;

  @OneOf(['sandbox', 'production', 'development', 'qa'])
  BRAINTREE_ENVIRONMENT: 'sandbox' | 'production' | 'development' | 'qa' = 'sandbox';

  // Only the proxy in front may be trusted, named by address/CIDR or as a hop count.
  @Rule((value = '') => {
    if (PRIVATE_RANGE.test(value)) {
      return 'must name exactly the proxy in front (its address or CIDR, or a hop count such as 1), not a whole private range';
    }
    return /^\d+$/.test(value) && Number(value) > 5 ? `a hop count must be 0 to 5 (got "${value}")` : undefined;
  })
  TRUST_PROXY = 'loopback';

  @Rule(corsOriginProblems)
  CORS_ORIGINS?: string;

  // Default: json in production, pretty elsewhere.
  @IsOptional()
  @OneOf(['json', 'pretty'])
  LOG_FORMAT?: 'json' | 'pretty';

  // Default: info; error under NODE_ENV=test, so test runs print failures only.
  @IsOptional()
  @OneOf(LOG_LEVELS)
  LOG_LEVEL?: (typeof LOG_LEVELS)[number];

  @OneOf(BOOLEANS)
  SEED_DEMO: 'true' | 'false' = 'false';

  @WholeNumber(100, 600_000)
  DB_STATEMENT_TIMEOUT_MS = 5000;

  @WholeNumber(100, 60_000)
  DB_CONNECT_TIMEOUT_MS = 3000;

  @WholeNumber(100, 10_000)
  DB_HEALTH_TIMEOUT_MS = 1000;

  @WholeNumber(1, 200)
  DB_POOL_MAX = 10;

  @WholeNumber(50, 600_000)
  SEARCH_STATEMENT_TIMEOUT_MS = 1000;

  // Default: 40% of DB_POOL_MAX (4 of 10), at least 1; the rest of the pool stays free for every other route.
  @IsOptional()
  @WholeNumber(1, 199)
  @Rule((value, env: EnvironmentVariables) =>
    value !== undefined && Number(value) >= Number(env.DB_POOL_MAX)
      ? `must be below DB_POOL_MAX (${String(env.DB_POOL_MAX)}), so that searches never hold every connection (got "${String(value)}")`
      : undefined,
  )
  SEARCH_CONCURRENCY?: number;

  // How long a deleted account's orders are kept (anonymised) for the shop's accounting before they are deleted.
  @WholeNumber(1, 30)
  ORDER_RETENTION_YEARS = 10;

  @WholeNumber(1000, 600_000)
  HTTP_HEADERS_TIMEOUT_MS = 10_000;

  @WholeNumber(1000, 3_600_000)
  HTTP_REQUEST_TIMEOUT_MS = 30_000;

  @WholeNumber(100, 600_000)
  HTTP_KEEP_ALIVE_TIMEOUT_MS = 5000;

  // Default: true in production.
  @IsOptional()
  @OneOf(BOOLEANS)
  HSTS?: 'true' | 'false';

  @WholeNumber(1, 1_000_000)
  PAYMENT_RATE_LIMIT = 10;

  @WholeNumber(0, 1_000_000)
  LOW_STOCK_THRESHOLD = 5;

  // Returns and exchanges (docs/returns.md): the window counts from the order's payment; an exchange's new variant
  // stays reserved until the returned item is received or the hold ends.
  @WholeNumber(0, 3650)
  RETURN_WINDOW_DAYS = 30;

  @WholeNumber(1, 365)
  EXCHANGE_HOLD_DAYS = 14;

  // The stock alerts' safety-net pass, in seconds: a pass also runs whenever a catalogue change is heard.
  @WholeNumber(1, 86_400)
  STOCK_ALERT_PASS_SECONDS = 60;

  // Days a mailed or unsubscribed alert (an address) is kept before it is deleted.
  @WholeNumber(1, 3650)
  STOCK_ALERT_KEEP_DAYS = 30;

  // How long a process quotes from its copy of the shop's shipping, tax and setting rules (0: read them every time).
  // The payment always reads them fresh, so a stale quote costs a 409 with the new quote, never a wrong charge.
  @WholeNumber(0, 300)
  PRICING_RULES_CACHE_SECONDS = 5;

  // How long a process may answer a signed-in request's check from memory (0: ask Postgres on every request). Every
  // change to a session (a sign-out, a role, a password, an account gone) reaches every process at its commit anyway;
  // this bounds an entry's life if one were made with the triggers switched off.
  @WholeNumber(0, 3600)
  SESSION_CACHE_SECONDS = 60;

  @WholeNumber(1, 600)
  IDEMPOTENCY_LEASE_SECONDS = 5;

  // Longer than the SDK's 60 s request timeout, so a live request still waiting on the provider is never swept.
  @WholeNumber(1, 86_400)
  STALE_RESERVATION_SECONDS = 120;

  @WholeNumber(1, 3600)
  SWEEP_INTERVAL_SECONDS = 30;

  @OneOf(['postgres', 'memory'])
  TEST_GATEWAY_LEDGER: 'postgres' | 'memory' = 'postgres';

  @WholeNumber(1, 1_000_000)
  SIGNIN_FAILURE_LIMIT = 10;

  @WholeNumber(10, 86_400)
  SIGNIN_FAILURE_WINDOW_SECONDS = 900;

  @WholeNumber(1, 1_000_000)
  SIGNIN_ACCOUNT_SLOWDOWN_AFTER = 30;

  @WholeNumber(1, 3600)
  SIGNIN_ACCOUNT_SLOWDOWN_SECONDS = 5;

  // Default: required in production, optional elsewhere (the demo and a fresh checkout stay one password away).
  @IsOptional()
  @OneOf(['optional', 'required'])
  ADMIN_2FA?: 'optional' | 'required';

  // Unset: derived from JWT_SECRET. Set it to rotate JWT_SECRET without making every enrolled app's secret unreadable.
  @IsOptional()
  @MinLength(32, says('must be at least 32 characters'))
  TWO_FACTOR_KEY?: string;

  // Set only while rotating TWO_FACTOR_KEY (docs/operations.md): what the key was (or JWT_SECRET, when it was unset).
  // Secrets still under it are read with it, and `npm run two-factor:rekey` writes them under the new one.
  @IsOptional()
  @MinLength(32, says('must be at least 32 characters'))
  TWO_FACTOR_KEY_PREVIOUS?: string;

  @WholeNumber(1, 1000)
  TWO_FACTOR_ATTEMPT_LIMIT = 5;

  @WholeNumber(1, 100_000)
  TWO_FACTOR_ACCOUNT_LIMIT = 20;

  // Unset: no metrics server (one port for `npm start`); the manifests in deploy/k8s set 9464.
  @IsOptional()
  @WholeNumber(0, 65535)
  @Rule((value, env) =>
    value !== undefined && Number(value) !== 0 && Number(value) === env.PORT
      ? `must differ from PORT (${env.PORT}); the metrics port is not for the public network`
      : undefined,
  )
  METRICS_PORT?: number;

  // Catalogue caches, per API process (see docs/performance.md). Bytes are the cached bodies' own sizes; 0 turns one off.
  @WholeNumber(0, 8 * 1024 ** 3)
  LIST_CACHE_MAX_BYTES = 16 * 1024 * 1024;

  @WholeNumber(0, 1_000_000)
  LIST_CACHE_MAX_ENTRIES = 2000;

  // How far behind a sale's stock and sold figures a cached list may be; 0: dropped at every sale, as any other change.
  @WholeNumber(0, 60_000)
  LIST_STOCK_REFRESH_MS = 250;

  @WholeNumber(0, 8 * 1024 ** 3)
  PHOTO_CACHE_MAX_BYTES = 64 * 1024 * 1024;

  // Single products' answers (the product page's data), JSON and its compressed codings counted.
  @WholeNumber(0, 8 * 1024 ** 3)
  PRODUCT_CACHE_MAX_BYTES = 16 * 1024 * 1024;

  @IsOptional()
  @IsUrl({ protocols: ['smtp', 'smtps'], require_protocol: true, require_tld: false, allow_underscores: true }, says(SMTP_URL_FORMAT))
  SMTP_URL?: string;

  /** Connections kept open to the mail server; the outbox sends that many mails at once. */
  @WholeNumber(1, 50)
  SMTP_MAX_CONNECTIONS = 5;

  @ValidateIf((env: EnvironmentVariables) => env.MAIL_FROM !== undefined || env.SMTP_URL !== undefined)
  @IsDefined(says('required when SMTP_URL is set (a real mail server wants a real sender)'))
  @Matches(MAILBOX, says('must be an email address, or a name and one in angle brackets (T-shirt Store <shop@example.com>)'))
  MAIL_FROM?: string;

  @IsOptional()
  @Matches(EMAIL, says('must be an email address'))
  SHOP_EMAIL?: string;

  /** How long a staff invitation's link works. */
  @WholeNumber(1, 720)
  STAFF_INVITE_TTL_HOURS = 72;

  // Shown at the top of every HTML mail and at the end of the text; no line breaks (it goes in headers' neighbours).
  @Length(1, 80, says('must be 1 to 80 characters'))
  @Matches(/^[^\r\n\t]+$/, says('must be on one line'))
  SHOP_NAME = 'The T-shirt Store';

  /** `npm start` only: where the embedded development Postgres keeps its data, and outbox/ the mails. */
  STORE_DATA_DIR = '.data';

  /** Folder of the built web app served at `/`; unset: the API serves /api only. */
  WEB_DIST?: string;

  @OneOf(['postgres', 's3'])
  PHOTO_STORE: 'postgres' | 's3' = 'postgres';

  @ValidateIf((env: EnvironmentVariables) => env.S3_BUCKET !== undefined || env.PHOTO_STORE === 's3')
  @IsDefined(says('required when PHOTO_STORE=s3'))
  @Matches(BUCKET, says((args) => `"${String(args.value)}" is not a bucket name (3-63 lower-case letters, digits, dots and hyphens)`))
  S3_BUCKET?: string;

  S3_REGION = 'us-east-1';

  @IsOptional()
  @IsUrl(
    { protocols: ['http', 'https'], require_protocol: true, require_tld: false, allow_underscores: true },
    says((args) => `"${String(args.value)}" is not an http(s) URL`),
  )
  S3_ENDPOINT?: string;

  // Default: path style (host/bucket) with S3_ENDPOINT (most self-hosted servers), virtual-hosted (AWS) without.
  @IsOptional()
  @OneOf(BOOLEANS)
  S3_FORCE_PATH_STYLE?: 'true' | 'false';

  // Both or neither: neither uses the SDK's default credential chain (instance role, AWS_* variables...).
  @ValidateIf((env: EnvironmentVariables) => env.S3_SECRET_ACCESS_KEY !== undefined)
  @IsDefined({ message: S3_KEYS_TOGETHER })
  S3_ACCESS_KEY_ID?: string;

  @ValidateIf((env: EnvironmentVariables) => env.S3_ACCESS_KEY_ID !== undefined)
  @IsDefined({ message: S3_KEYS_TOGETHER })
  S3_SECRET_ACCESS_KEY?: string;
}

/**
 * The environment as {@link EnvironmentVariables}, or a {@link ConfigError} with one line per bad or missing
 * variable. Values are trimmed; a blank one counts as unset.
 */
export function validate(raw: Record<string, unknown>): EnvironmentVariables {
  const given: Record<string, string> = {};
  for (const [name, value] of Object.entries(raw)) {
    const text = typeof value === 'string' ? value.trim() : undefined;
    if (text) given[name] = text;
  }
  const env = plainToInstance(EnvironmentVariables, given);
  const problems = validateSync(env, { stopAtFirstError: true }).flatMap((error) =>
    // The first problem of each variable; a rule about a list (CORS_ORIGINS) gives one line per bad entry.
    Object.values(error.constraints ?? {})
      .slice(0, 1)
      .flatMap((message) => message.split('\n')),
  );
  if (problems.length > 0) throw new ConfigError(problems);
  return env;
}

/**
 * The configuration the code reads, grouped by concern, from the validated environment. Defaults that depend on
 * another variable (production's JSON logs and HSTS, path-style S3 with an endpoint) are settled here.
 */
export function appConfig(env: EnvironmentVariables) {
  const isProduction = env.NODE_ENV === 'production';
  const optional = (value: string | undefined) => value;
  const s3 = env.S3_BUCKET
    ? {
        bucket: env.S3_BUCKET,
        region: env.S3_REGION,
        /** An S3-compatible server (MinIO, R2, s3rver...); undefined: AWS's own endpoint for the region. */
        endpoint: optional(env.S3_ENDPOINT),
        /** Both or neither: neither uses the SDK's default credential chain (instance role, AWS_* variables...). */
        accessKeyId: optional(env.S3_ACCESS_KEY_ID),
        secretAccessKey: optional(env.S3_SECRET_ACCESS_KEY),
        /** `bucket.host` (virtual-hosted, AWS) or `host/bucket` (path style, most self-hosted servers). */
        forcePathStyle: (env.S3_FORCE_PATH_STYLE ?? (env.S3_ENDPOINT ? 'true' : 'false')) === 'true',
      }
    : undefined;
  const braintreeKeys =
    env.BRAINTREE_MERCHANT_ID !== undefined && env.BRAINTREE_PUBLIC_KEY !== undefined && env.BRAINTREE_PRIVATE_KEY !== undefined;
  const admin =
    env.ADMIN_EMAIL && env.ADMIN_PASSWORD
      ? { email: env.ADMIN_EMAIL.toLowerCase(), password: env.ADMIN_PASSWORD, name: env.ADMIN_NAME }
      : undefined;
  return {
    nodeEnv: env.NODE_ENV as NodeEnv,
    port: env.PORT,
    /**
     * Where shoppers open the store, without a trailing slash: the base of the links in e-mails. Unset: the API's
     * own port on localhost, except in production, where it stays undefined and no mail with a link is sent.
     */
    publicUrl: (env.PUBLIC_URL ?? (env.NODE_ENV === 'production' ? undefined : `http://localhost:${env.PORT}`))?.replace(/\/+$/, ''),
    /** Unset only in development, where `npm start` brings up an embedded Postgres. */
    databaseUrl: optional(env.DATABASE_URL),
    /**
     * Where the catalogue cache LISTENs for changes, when DATABASE_URL goes through a transaction-mode pooler
     * (PgBouncer), which cannot carry a session's LISTEN; undefined: DATABASE_URL itself.
     */
    databaseListenUrl: optional(env.DATABASE_LISTEN_URL),
    jwtSecret: env.JWT_SECRET ?? DEVELOPMENT_JWT_SECRET,
    jwtExpiresInSeconds: env.JWT_EXPIRES_IN_SECONDS,
    admin: admin as { email: string; password: string; name: string } | undefined,
    authRateLimit: env.AUTH_RATE_LIMIT,
    braintree: (env.PAYMENT_GATEWAY !== 'test' && braintreeKeys
      ? {
          merchantId: env.BRAINTREE_MERCHANT_ID!,
          publicKey: env.BRAINTREE_PUBLIC_KEY!,
          privateKey: env.BRAINTREE_PRIVATE_KEY!,
          environment: env.BRAINTREE_ENVIRONMENT,
        }
      : undefined) as BraintreeConfig | undefined,
    /** Folder of the built web app served at `/`, or undefined to serve the API only. */
    webDist: optional(env.WEB_DIST),
    /** Express `trust proxy` setting: which hops may set X-Forwarded-For (the rate limit keys on the client address). */
    trustProxy: env.TRUST_PROXY,
    log: {
      format: env.LOG_FORMAT ?? (isProduction ? 'json' : 'pretty'),
      level: env.LOG_LEVEL ?? (env.NODE_ENV === 'test' ? 'error' : 'info'),
    } as LogSettings,
    seedDemo: env.SEED_DEMO === 'true',
    /** Database time limits: per statement (server side and client side), per connection attempt, for /api/health. */
    db: {
      statementTimeoutMs: env.DB_STATEMENT_TIMEOUT_MS,
      connectTimeoutMs: env.DB_CONNECT_TIMEOUT_MS,
      healthTimeoutMs: env.DB_HEALTH_TIMEOUT_MS,
      poolMax: env.DB_POOL_MAX,
    },
    /**
     * Product search (`q`): Postgres cancels a search's statements after `statementTimeoutMs` (shorter than
     * DB_STATEMENT_TIMEOUT_MS), and a process runs at most `concurrency` searches at once; more are answered 503.
     */
    search: {
      statementTimeoutMs: env.SEARCH_STATEMENT_TIMEOUT_MS,
      concurrency: env.SEARCH_CONCURRENCY ?? Math.max(1, Math.floor(env.DB_POOL_MAX * 0.4)),
    },
    /** Years a deleted account's anonymised orders are kept for the accounting, counted from each order's date. */
    orderRetentionYears: env.ORDER_RETENTION_YEARS,
    /** Node HTTP server limits against slow or idle clients. */
    http: {
      headersTimeoutMs: env.HTTP_HEADERS_TIMEOUT_MS,
      requestTimeoutMs: env.HTTP_REQUEST_TIMEOUT_MS,
      keepAliveTimeoutMs: env.HTTP_KEEP_ALIVE_TIMEOUT_MS,
    },
    /** Exact origins allowed to call the API from a browser on another origin; empty = same origin only. */
    corsOrigins: (env.CORS_ORIGINS ?? '')
      .split(',')
      .map((entry) => corsOrigin(entry.trim()))
      .filter((origin): origin is string => origin !== undefined),
    /** Send Strict-Transport-Security (only meaningful when clients reach the store over TLS). */
    hsts: (env.HSTS ?? (isProduction ? 'true' : 'false')) === 'true',
    /** Checkout attempts a minute per signed-in user, and a guest's per client network and per e-mail. */
    paymentRateLimit: env.PAYMENT_RATE_LIMIT,
    /**
     * Crash recovery of checkouts (docs/security.md, "A crash mid-payment"): an Idempotency-Key's lease (renewed
     * while its request runs; a dead holder's key is taken over once it lapses), the age at which the sweeper
     * resolves a Pending order (asking the gateway first), how often it runs, and where the test gateway records
     * its charges.
     */
    payments: {
      idempotencyLeaseSeconds: env.IDEMPOTENCY_LEASE_SECONDS,
      staleReservationSeconds: env.STALE_RESERVATION_SECONDS,
      sweepIntervalSeconds: env.SWEEP_INTERVAL_SECONDS,
      testGatewayLedger: env.TEST_GATEWAY_LEDGER,
    },
    /** Sign-in attempts per (account, client network or known device) per SIGNIN_FAILURE_WINDOW_SECONDS (see SigninLimits). */
    signinFailureLimit: env.SIGNIN_FAILURE_LIMIT,
    signinFailureWindowSeconds: env.SIGNIN_FAILURE_WINDOW_SECONDS,
    /** Account-wide attempts from unknown browsers in the window after which one is let through per SIGNIN_ACCOUNT_SLOWDOWN_SECONDS. */
    signinAccountSlowdownAfter: env.SIGNIN_ACCOUNT_SLOWDOWN_AFTER,
    signinAccountSlowdownSeconds: env.SIGNIN_ACCOUNT_SLOWDOWN_SECONDS,
    /**
     * Two-factor sign-in of the shop's people (docs/security.md): `required` confines a member without it to its
     * enrolment routes; the secret key that encrypts the TOTP secrets; code attempts per (account, client network)
     * and per account in SIGNIN_FAILURE_WINDOW_SECONDS.
     */
    twoFactor: {
      mode: (env.ADMIN_2FA ?? (isProduction ? 'required' : 'optional')) as 'optional' | 'required',
      key: env.TWO_FACTOR_KEY ?? env.JWT_SECRET ?? DEVELOPMENT_JWT_SECRET,
      previousKey: env.TWO_FACTOR_KEY_PREVIOUS as string | undefined,
      attemptLimit: env.TWO_FACTOR_ATTEMPT_LIMIT,
      accountLimit: env.TWO_FACTOR_ACCOUNT_LIMIT,
    },
    /** Port of the Prometheus `/metrics` server, apart from the API's; undefined: no metrics server. */
    metricsPort: env.METRICS_PORT as number | undefined,
    /** Catalogue caches: bytes of list pages kept, how many pages at most, and bytes of photos kept; 0 turns one off. */
    listCacheMaxBytes: env.LIST_CACHE_MAX_BYTES,
    listCacheMaxEntries: env.LIST_CACHE_MAX_ENTRIES,
    /**
     * Stock and sold moves (a checkout, a cancel) drop the cached lists at most once per this many milliseconds,
     * so a busy shop's sales do not empty every replica's list cache at every order; 0: at once.
     */
    listStockRefreshMs: env.LIST_STOCK_REFRESH_MS,
    photoCacheMaxBytes: env.PHOTO_CACHE_MAX_BYTES,
    productCacheMaxBytes: env.PRODUCT_CACHE_MAX_BYTES,
    /** Order e-mails: how the notifications worker sends what the outbox holds. */
    mail: {
      /** smtp:// or smtps:// URL of the mail server (credentials in it); undefined: write .eml files to `outboxDir`. */
      smtpUrl: optional(env.SMTP_URL),
      /** Pooled connections to the mail server, and so how many mails the outbox worker sends at once. */
      smtpMaxConnections: env.SMTP_MAX_CONNECTIONS,
      /** The sender: `address` or `Name <address>`. */
      from: env.MAIL_FROM ?? 'T-shirt Store <store@localhost>',
      /** The shop's own address, sent a notice of every order; undefined: no notice. */
      shopEmail: optional(env.SHOP_EMAIL),
      /** The shop's name, heading every HTML mail and signing the text. */
      shopName: env.SHOP_NAME,
      /** Where the mails go as .eml files when there is no SMTP_URL: STORE_DATA_DIR/outbox (`.data/outbox`). */
      outboxDir: path.resolve(env.STORE_DATA_DIR, 'outbox'),
      /** Tests only, never read from the environment: false keeps the worker from running on its own (tests drive it). */
      workerEnabled: true,
      /** Tests only: how often the worker looks for due mails, and the first retry's delay (doubling, capped). */
      pollMs: 2000,
      retryBaseMs: 30_000,
    },
    /** How long a staff invitation's link works, in hours. */
    staffInviteTtlHours: env.STAFF_INVITE_TTL_HOURS,
    /** Products at or below this stock are "low" on the admin's sales overview. */
    lowStockThreshold: env.LOW_STOCK_THRESHOLD,
    /** Returns and exchanges (docs/returns.md); their sweeper runs every SWEEP_INTERVAL_SECONDS. */
    returns: { windowDays: env.RETURN_WINDOW_DAYS, exchangeHoldDays: env.EXCHANGE_HOLD_DAYS },
    /** Back-in-stock alerts (docs/api.md): the notify pass's timer, and how long finished alerts are kept. */
    stockAlerts: {
      passMs: env.STOCK_ALERT_PASS_SECONDS * 1000,
      keepDays: env.STOCK_ALERT_KEEP_DAYS,
      /** Tests only, never read from the environment: false runs no pass on its own (a test calls runOnce). */
      passEnabled: true,
    },
    /** How long a process quotes from its copy of the pricing rules, in seconds (docs/pricing.md). */
    pricingRulesCacheSeconds: env.PRICING_RULES_CACHE_SECONDS,
    /** How long a process answers a session's check from memory, in seconds (docs/security.md, "Sessions kept in memory"). */
    sessionCacheSeconds: env.SESSION_CACHE_SECONDS,
    /** PHOTO_STORE and its S3_* settings (the S3 settings also when PHOTO_STORE=postgres, for `npm run photos:migrate`). */
    photoStore: (env.PHOTO_STORE === 's3' && s3 ? { kind: 's3', s3 } : { kind: 'postgres', s3 }) as PhotoStoreConfig,
  };
}

/** The environment, validated and shaped; throws {@link ConfigError} naming every bad or missing value. */
export function loadConfig(raw: NodeJS.ProcessEnv = process.env): AppConfig {
  return appConfig(validate(raw));
}

export type AppConfig = ReturnType<typeof appConfig>;
export type NodeEnv = (typeof NODE_ENVS)[number];
export type BraintreeEnvironmentName = EnvironmentVariables['BRAINTREE_ENVIRONMENT'];
export interface BraintreeConfig {
  merchantId: string;
  publicKey: string;
  privateKey: string;
  environment: BraintreeEnvironmentName;
  /** Tests only, never read from the environment: the URL of a local Braintree protocol fake to use instead. */
  serverUrl?: string;
}
export type MailConfig = AppConfig['mail'];
export interface S3Config {
  bucket: string;
  region: string;
  endpoint: string | undefined;
  accessKeyId: string | undefined;
  secretAccessKey: string | undefined;
  forcePathStyle: boolean;
}
/** Where product photo bytes live: in Postgres (the default) or in an S3-compatible object store. */
export type PhotoStoreConfig = { kind: 'postgres'; s3?: S3Config } | { kind: 's3'; s3: S3Config };
