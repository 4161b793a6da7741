import { homedir } from 'node:os';
import { join } from 'node:path';
import { z } from 'zod';
import { emailSchema, passwordSchema } from '@contract/validation';
import type { PrivateAddressPolicy } from './net/outbound-address';
import { defaultStoreEndpoints, readRootCertificates, type StoreEndpoints } from './domains/commerce/stores/endpoints';

/**
 * The server's environment, validated once at start. (Not to be confused with `config/` beside it:
 * the configuration documents operators publish.)
 *
 * A bad value stops the process with a message naming the variable (fastify/demo's "environment is
 * validated at boot"), instead of surfacing later as a confusing runtime failure.
 */
export interface ServerConfig {
  readonly port: number;
  readonly host: string;
  /** PGlite data directory; ignored when `databaseUrl` is set. */
  readonly dataDir: string;
  readonly databaseUrl: string | undefined;
  readonly adminEmail: string;
  /** Undefined: the first start generates a password and prints it once. */
  readonly adminPassword: string | undefined;
  readonly smtpUrl: string | undefined;
  readonly mailFrom: string;
  readonly sessionIdleMinutes: number;
  readonly sessionMaxHours: number;
  readonly logLevel: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';
  /** Trust X-Forwarded-For from this many proxies (behind a load balancer); 0 trusts none. */
  readonly trustProxyHops: number;
  readonly migrationsDir: string | undefined;
  /** 32 bytes base64 for the secrets' encryption; unset: a key generated once and kept in the database. */
  readonly credentialsKey: string | undefined;
  /** Where the console is served on the web, for links in mails; unset for the desktop app. */
  readonly consoleUrl: string | undefined;
  /** Create the demo project on a database without projects (default: on for PGlite, off for DATABASE_URL). */
  readonly demoData: boolean;
  /** Where uploaded media are kept when no S3 storage is configured (UPLOADS_DIR, default `<DATA_DIR>/uploads`). */
  readonly uploadsDir: string;
  /** An S3-compatible bucket for uploaded media (S3_ENDPOINT, S3_BUCKET, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY, S3_REGION). */
  readonly s3: S3Config | undefined;
  /**
   * Whether webhook URLs may name, and deliveries connect to, loopback, private, link-local and other
   * non-public addresses (WEBHOOK_PRIVATE_ADDRESSES=allow|refuse, default refuse; see
   * net/outbound-address.ts). `allow` is for development and a single operator's own machine, where
   * a receiver on 127.0.0.1 or the local network is the point; it also accepts plain http endpoints.
   */
  readonly webhookPrivateAddresses: PrivateAddressPolicy;
  /**
   * Where the delivery API keeps its last-known-good configuration, answered while the database is
   * unreachable (DELIVERY_CACHE_DIR, default `<DATA_DIR>/delivery`).
   */
  readonly deliveryCacheDir: string;
  /**
   * The public base URL apps reach the delivery API at (DELIVERY_URL), e.g. a CDN; preview links name
   * it, and media URLs in delivered configuration start with it (never with the request's Host).
   */
  readonly deliveryUrl: string | undefined;
  /**
   * The delivery API's rate limits: per client address and key (DELIVERY_ADDRESS_RATE requests/s,
   * burst twice that) and per key (DELIVERY_KEY_RATE, a ceiling for the whole app).
   */
  readonly deliveryRateLimits: { readonly perSecond: number; readonly burst: number; readonly addressPerSecond: number; readonly addressBurst: number };
  /**
   * The App Store and Google Play (domains/commerce/stores/endpoints.ts): APPLE_ROOT_CERTIFICATES
   * (comma-separated PEM or DER files; default Apple Root CA - G3), APPLE_ONLINE_CHECKS (0 or 1,
   * default 1), APPLE_API_URL, GOOGLE_API_URL and GOOGLE_TOKEN_URL (a proxy; default the stores),
   * GOOGLE_PUSH_CERTS_URL (the keys of Pub/Sub push tokens; default Google's).
   */
  readonly stores: StoreEndpoints;
}

/** An S3-compatible bucket, addressed path-style (AWS, MinIO, Ceph, R2 and the like). */
export interface S3Config {
  readonly endpoint: string;
  readonly bucket: string;
  readonly accessKeyId: string;
  readonly secretAccessKey: string;
  readonly region: string;
}

/** Thrown for an invalid environment; `variable` names the culprit. */
export class ConfigError extends Error {
  constructor(
    readonly variable: string,
    detail: string,
  ) {
    super(`Invalid environment variable ${variable}: ${detail}`);
    this.name = 'ConfigError';
  }
}

/**
 * The default PGlite directory in the user's data folder, the place each OS expects application
 * data (XDG on Linux, Application Support on macOS, %APPDATA% on Windows).
 */
export function defaultDataDir(
  env: Readonly<Record<string, string | undefined>> = process.env,
  platform: NodeJS.Platform = process.platform,
  home: string = homedir(),
): string {
  if (platform === 'win32') return join(env.APPDATA ?? join(home, 'AppData', 'Roaming'), 'Palette Console', 'data');
  if (platform === 'darwin') return join(home, 'Library', 'Application Support', 'Palette Console', 'data');
  return join(env.XDG_DATA_HOME || join(home, '.local', 'share'), 'palette-console', 'data');
}

const integerIn = (min: number, max: number) => z.coerce.number({ error: 'must be a number' }).int('must be an integer').min(min).max(max);

const urlWithProtocols = (protocols: readonly string[]) =>
  z.string().refine(
    (value) => {
      try {
        return protocols.includes(new URL(value).protocol);
      } catch {
        return false;
      }
    },
    { message: `must be a URL starting with ${protocols.map((p) => `${p}//`).join(' or ')}` },
  );

/** One schema per variable, so each failure names exactly one variable. */
const variables = {
  PORT: integerIn(0, 65_535).default(8787),
  HOST: z.string().min(1).default('127.0.0.1'),
  DATA_DIR: z.string().min(1).optional(),
  DATABASE_URL: urlWithProtocols(['postgres:', 'postgresql:']).optional(),
  ADMIN_EMAIL: emailSchema.default('admin@palette.local'),
  ADMIN_PASSWORD: passwordSchema.optional(),
  SMTP_URL: urlWithProtocols(['smtp:', 'smtps:']).optional(),
  MAIL_FROM: z.string().min(3).max(320).default('Palette Console <no-reply@palette.local>'),
  SESSION_IDLE_MINUTES: integerIn(1, 60 * 24 * 365).default(720),
  SESSION_MAX_HOURS: integerIn(1, 24 * 365).default(168),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  TRUST_PROXY_HOPS: integerIn(0, 10).default(0),
  MIGRATIONS_DIR: z.string().min(1).optional(),
  CREDENTIALS_KEY: z
    .string()
    .refine((value) => Buffer.from(value.trim(), 'base64').length === 32, { message: 'must be 32 bytes encoded as base64 (openssl rand -base64 32)' })
    .optional(),
  CONSOLE_URL: urlWithProtocols(['http:', 'https:']).optional(),
  DEMO_DATA: z.enum(['0', '1'], { error: 'must be 0 or 1' }).optional(),
  UPLOADS_DIR: z.string().min(1).optional(),
  S3_ENDPOINT: urlWithProtocols(['http:', 'https:']).optional(),
  S3_BUCKET: z
    .string()
    .regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, { message: 'must be a bucket name (3-63 lower-case letters, digits, dots and hyphens)' })
    .optional(),
  S3_ACCESS_KEY_ID: z.string().min(1).max(256).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).max(256).optional(),
  S3_REGION: z.string().regex(/^[a-z0-9-]{2,32}$/, { message: 'must be a region name such as us-east-1' }).default('us-east-1'),
  WEBHOOK_PRIVATE_ADDRESSES: z.enum(['allow', 'refuse'], { error: 'must be allow or refuse' }).default('refuse'),
  DELIVERY_CACHE_DIR: z.string().min(1).optional(),
  DELIVERY_URL: urlWithProtocols(['http:', 'https:']).optional(),
  DELIVERY_KEY_RATE: integerIn(1, 10_000_000).default(50_000),
  DELIVERY_ADDRESS_RATE: integerIn(1, 1_000_000).default(50),
  APPLE_ROOT_CERTIFICATES: z.string().min(1).optional(),
  APPLE_ONLINE_CHECKS: z.enum(['0', '1'], { error: 'must be 0 or 1' }).default('1'),
  APPLE_API_URL: urlWithProtocols(['http:', 'https:']).optional(),
  GOOGLE_API_URL: urlWithProtocols(['http:', 'https:']).optional(),
  GOOGLE_TOKEN_URL: urlWithProtocols(['http:', 'https:']).optional(),
  GOOGLE_PUSH_CERTS_URL: urlWithProtocols(['http:', 'https:']).optional(),
} as const;

type Variables = { [K in keyof typeof variables]: z.output<(typeof variables)[K]> };

function describe(error: z.ZodError): string {
  const issue = error.issues[0];
  if (!issue) return 'invalid value';
  // Contract schemas carry i18n keys as messages; say what they mean for an operator reading a log.
  if (issue.message === 'validation.password') return 'must be 8-16 English letters and digits';
  if (issue.message.startsWith('validation.')) return `invalid value (${issue.message})`;
  return issue.message;
}

/**
 * Reads and validates the server configuration from an environment.
 *
 * Empty strings count as unset, the way shells and .env files commonly leave optional variables.
 * Throws ConfigError naming the first invalid variable.
 */
export function loadConfig(env: Readonly<Record<string, string | undefined>> = process.env): ServerConfig {
  const values: Partial<Record<keyof typeof variables, unknown>> = {};
  for (const name of Object.keys(variables) as (keyof typeof variables)[]) {
    const raw = env[name];
    const result = variables[name].safeParse(raw === '' ? undefined : raw);
    if (!result.success) throw new ConfigError(name, describe(result.error));
    values[name] = result.data;
  }
  const v = values as Variables;
  return {
    port: v.PORT,
    host: v.HOST,
    dataDir: v.DATA_DIR ?? defaultDataDir(env),
    databaseUrl: v.DATABASE_URL,
    adminEmail: v.ADMIN_EMAIL,
    adminPassword: v.ADMIN_PASSWORD,
    smtpUrl: v.SMTP_URL,
    mailFrom: v.MAIL_FROM,
    sessionIdleMinutes: v.SESSION_IDLE_MINUTES,
    sessionMaxHours: v.SESSION_MAX_HOURS,
    logLevel: v.LOG_LEVEL,
    trustProxyHops: v.TRUST_PROXY_HOPS,
    migrationsDir: v.MIGRATIONS_DIR,
    credentialsKey: v.CREDENTIALS_KEY,
    consoleUrl: v.CONSOLE_URL,
    demoData: v.DEMO_DATA === undefined ? v.DATABASE_URL === undefined : v.DEMO_DATA === '1',
    uploadsDir: v.UPLOADS_DIR ?? join(v.DATA_DIR ?? defaultDataDir(env), 'uploads'),
    s3: s3Config(v),
    webhookPrivateAddresses: v.WEBHOOK_PRIVATE_ADDRESSES,
    deliveryCacheDir: v.DELIVERY_CACHE_DIR ?? join(v.DATA_DIR ?? defaultDataDir(env), 'delivery'),
    deliveryUrl: v.DELIVERY_URL?.replace(/\/+$/, ''),
    deliveryRateLimits: {
      perSecond: v.DELIVERY_KEY_RATE,
      burst: v.DELIVERY_KEY_RATE * 2,
      addressPerSecond: v.DELIVERY_ADDRESS_RATE,
      addressBurst: v.DELIVERY_ADDRESS_RATE * 2,
    },
    stores: storeEndpoints(v),
  };
}

/** The stores' endpoints; a root certificate file that cannot be read names APPLE_ROOT_CERTIFICATES. */
function storeEndpoints(v: Variables): StoreEndpoints {
  let roots = defaultStoreEndpoints.appleRootCertificates;
  if (v.APPLE_ROOT_CERTIFICATES) {
    try {
      roots = readRootCertificates(v.APPLE_ROOT_CERTIFICATES.split(',').map((path) => path.trim()).filter((path) => path !== ''));
    } catch (error) {
      throw new ConfigError('APPLE_ROOT_CERTIFICATES', error instanceof Error ? error.message : 'unreadable certificate');
    }
  }
  return {
    ...defaultStoreEndpoints,
    appleRootCertificates: roots,
    appleOnlineChecks: v.APPLE_ONLINE_CHECKS === '1',
    appleApiUrl: v.APPLE_API_URL,
    googleApiUrl: v.GOOGLE_API_URL,
    googleTokenUrl: v.GOOGLE_TOKEN_URL,
    googlePushCertsUrl: v.GOOGLE_PUSH_CERTS_URL,
  };
}

/** The S3 settings: none of the four required ones, or all of them (a partial set names what is missing). */
function s3Config(v: Variables): S3Config | undefined {
  const required = { S3_ENDPOINT: v.S3_ENDPOINT, S3_BUCKET: v.S3_BUCKET, S3_ACCESS_KEY_ID: v.S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY: v.S3_SECRET_ACCESS_KEY };
  const missing = Object.entries(required).filter(([, value]) => value === undefined);
  if (missing.length === Object.keys(required).length) return undefined;
  const [first] = missing;
  if (first) throw new ConfigError(first[0], 'is required when S3 storage is configured (S3_ENDPOINT, S3_BUCKET, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY)');
  return {
    endpoint: v.S3_ENDPOINT as string,
    bucket: v.S3_BUCKET as string,
    accessKeyId: v.S3_ACCESS_KEY_ID as string,
    secretAccessKey: v.S3_SECRET_ACCESS_KEY as string,
    region: v.S3_REGION,
  };
}
