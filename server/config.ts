import { randomBytes } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { isIP } from 'node:net';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { isNubanShaped } from '../reference/nuban';
import { defaultRetentionDays } from '../reference/retention';
import { privateDir } from './db/ownerOnly';
import { defaultPlaceMaxKm } from './services/checks/placeSettings';
import type { ImportParserLimits } from './services/importParser';
import {
  defaultSmsTimeoutMs,
  defaultTermiiBaseUrl,
  smsDriverNames,
  type SmsDriverName,
  type SmsSettings,
} from './services/sms';

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  /** Set: a real PostgreSQL server; unset: PGlite in `dataDir`. */
  databaseUrl?: string;
  /** Connections to it per pool (see `defaultDatabasePoolSize`). */
  databasePoolSize: number;
  publicUrl: string;
  superAdminEmails: string[];
  smtpUrl?: string;
  mailFrom: string;
  /** A mail the SMTP server refused is tried again after this, doubling each time (5 tries). */
  mailRetryDelaySeconds: number;
  /** How texts (capture links) are sent: the log, or Termii. */
  sms: SmsSettings;
  jwtSecret: string;
  /** A sign-in ends this long after it began, however active. */
  sessionMaxHours: number;
  /** A sign-in ends when no refresh came for this long. */
  sessionIdleMinutes: number;
  /** Photos sent ahead of a capture submission that never closed are deleted after this. */
  captureUploadRetentionDays: number;
  /** Closed jobs' photos, attachments and personal fields are erased this many days after closing. */
  retentionDays: number;
  demoData: boolean;
  logLevel: string;
  /** Set: uploaded files go to this S3-compatible bucket; unset: `dataDir/files`. */
  s3?: S3Config;
  /** Unset: importParser.ts's defaults (tests set small ones). */
  importLimits?: Partial<ImportParserLimits>;
  /**
   * Whose `X-Forwarded-For` to believe for the client IP (throttling): nobody, the nearest N
   * proxies, or proxies at these addresses/CIDRs.
   */
  trustProxy: false | number | string[];
  timeouts: ServerTimeouts;
  /** Unset: `defaultMoneySettings` (tests leave it out). */
  money?: MoneySettings;
  /** Requests a minute one API key may make; unset: `defaultApiKeyRequestsPerMinute`. */
  apiKeyRequestsPerMinute?: number;
  /** Unset: services/webhookDelivery.ts's defaults. */
  webhooks?: Partial<WebhookSettings>;
  /** A capture farther than this from the claimed LGA's headquarters is flagged; unset: 25. */
  placeMaxKm?: number;
  /**
   * The machine checks of capture submissions (services/checks/): false (`CHECKS=off`) leaves
   * them pending and queues nothing; unset: on.
   */
  checks?: boolean;
}

/** How webhooks are delivered (README, Webhooks). */
export interface WebhookSettings {
  /** `http://` and private, loopback addresses allowed: development and tests only. */
  allowPrivate: boolean;
  /** The first retry's delay; each next one doubles (with jitter). */
  retryBaseMs: number;
  /** A delivery failing this long is given up; an endpoint failing this long is disabled. */
  giveUpAfterMs: number;
  /** A receiver's answer must come within this. */
  timeoutMs: number;
}

/** An integration's bulk of traffic (polling the jobs list, downloading evidence) fits under it. */
export const defaultApiKeyRequestsPerMinute = 600;

/** The variables that name the operator's bank account, all three needed. */
export const paymentVariables = [
  'PAYMENT_BANK_NAME',
  'PAYMENT_ACCOUNT_NAME',
  'PAYMENT_ACCOUNT_NUMBER',
] as const;

/**
 * Where companies pay: the operator's account as configured, or none yet (the variables still
 * missing, never an invented number; a database holding the demo shows the demo's account).
 */
export type PaymentAccountStatus = 'configured' | 'not_configured';

/** How companies pay (shown with the wallet) and the VAT of invoices. */
export interface MoneySettings {
  paymentAccount: PaymentAccountStatus;
  /** The `PAYMENT_*` variables still to set when the account is not configured. */
  missingPaymentVariables: string[];
  bankName: string;
  /** Also the issuer named on invoices and receipts. */
  accountName: string;
  accountNumber: string;
  /** Percent, e.g. 7.5: the part of each price that invoices show as VAT. */
  vatRatePercent: number;
}

/** The example account of the tests that leave `money` out. */
export const defaultMoneySettings: MoneySettings = {
  paymentAccount: 'configured',
  missingPaymentVariables: [],
  bankName: 'Wema Bank',
  accountName: 'Verification Back-office Ltd',
  accountNumber: '0123456789',
  vatRatePercent: 7.5,
};

/** Limits on slow clients, in milliseconds (README, Security). */
export interface ServerTimeouts {
  /** The whole request, body included: a 15 MB capture upload must fit on a slow link. */
  requestMs: number;
  headersMs: number;
  /** A connection that sends nothing for this long is closed. */
  idleMs: number;
  keepAliveMs: number;
}

export interface S3Config {
  bucket: string;
  region: string;
  /** Unset: AWS itself; set: MinIO, Ceph, Garage… at this URL. */
  endpoint?: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** `https://endpoint/bucket/key` rather than `https://bucket.endpoint/key`. */
  forcePathStyle: boolean;
}

type Env = Record<string, string | undefined>;

/**
 * Two connections per core of this machine. Measured where the database shares the machine (2
 * cores, `npm run bench`): 10 connections per pool, node-postgres's default, gave the jobs list
 * ≈1,600 req/s and p99 14 ms; 3 to 5 gave ≈2,100 req/s and p99 8–10 ms: more busy backends
 * than cores only take turns on them, and the Node process waits its turn too.
 */
export const defaultDatabasePoolSize = () => 2 * availableParallelism();

export class ConfigError extends Error {}

/** Reads the configuration from the environment; README's table documents every variable. */
export function loadConfig(env: Env = process.env): Config {
  const port = Number(env.PORT ?? 3000);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    throw new ConfigError(`PORT must be a port number, got "${env.PORT}"`);
  }
  const dataDir = path.resolve(env.DATA_DIR || './data');
  const databaseUrl = env.DATABASE_URL || undefined;
  const s3 = loadS3Config(env);
  return {
    port,
    host: env.HOST || '0.0.0.0',
    dataDir,
    databaseUrl,
    databasePoolSize: wholeNumber(env, 'DATABASE_POOL_SIZE', defaultDatabasePoolSize(), 1000),
    publicUrl: (env.PUBLIC_URL || `http://localhost:${port}`).replace(/\/+$/, ''),
    superAdminEmails: (env.SUPER_ADMIN_EMAILS ?? '')
      .split(',')
      .map((e) => e.trim().toLowerCase())
      .filter(Boolean),
    smtpUrl: env.SMTP_URL || undefined,
    mailRetryDelaySeconds: wholeNumber(env, 'MAIL_RETRY_DELAY_SECONDS', 30, 3600),
    mailFrom: env.MAIL_FROM || 'Verification Back-office <no-reply@localhost>',
    sms: loadSmsSettings(env),
    jwtSecret: env.JWT_SECRET
      ? checkedSecret(env.JWT_SECRET, 'JWT_SECRET')
      : persistentSecret(dataDir),
    sessionMaxHours: wholeNumber(env, 'SESSION_MAX_HOURS', 12),
    sessionIdleMinutes: wholeNumber(env, 'SESSION_IDLE_MINUTES', 120),
    captureUploadRetentionDays: wholeNumber(env, 'CAPTURE_UPLOAD_RETENTION_DAYS', 7, 365),
    retentionDays: wholeNumber(env, 'RETENTION_DAYS', defaultRetentionDays, 36_500),
    demoData: env.DEMO_DATA !== 'false',
    logLevel: env.LOG_LEVEL || 'info',
    s3,
    trustProxy: loadTrustProxy(env.TRUST_PROXY),
    timeouts: loadTimeouts(env),
    money: loadMoneySettings(env),
    apiKeyRequestsPerMinute: wholeNumber(
      env,
      'API_KEY_REQUESTS_PER_MINUTE',
      defaultApiKeyRequestsPerMinute,
      1_000_000,
    ),
    checks: onOff(env, 'CHECKS', true),
    webhooks: {
      allowPrivate: env.WEBHOOK_ALLOW_PRIVATE === 'true',
      retryBaseMs: wholeNumber(env, 'WEBHOOK_RETRY_BASE_MS', 30_000, 3_600_000),
    },
    placeMaxKm: wholeNumber(env, 'PLACE_MAX_KM', defaultPlaceMaxKm, 1000),
  };
}

/** `on` or `off` (unset: `fallback`); anything else is refused at start. */
function onOff(env: Env, name: string, fallback: boolean) {
  const v = env[name];
  if (v === undefined || v === '') return fallback;
  if (v === 'on' || v === 'off') return v === 'on';
  throw new ConfigError(`${name} must be on or off, got "${v}"`);
}

/** `SMS_DRIVER=log` (the default) prints texts to the log; `termii` needs its key and sender. */
function loadSmsSettings(env: Env): SmsSettings {
  const driver = (env.SMS_DRIVER || 'log') as SmsDriverName;
  if (!smsDriverNames.includes(driver)) {
    throw new ConfigError(`SMS_DRIVER must be ${smsDriverNames.join(' or ')}, got "${driver}"`);
  }
  const retryDelaySeconds = wholeNumber(env, 'SMS_RETRY_DELAY_SECONDS', 30, 3600);
  if (driver === 'log') return { driver, retryDelaySeconds };
  const apiKey = env.TERMII_API_KEY;
  if (!apiKey) {
    throw new ConfigError(
      'SMS_DRIVER=termii needs TERMII_API_KEY: the API key of your Termii account (Settings → API Token)',
    );
  }
  const senderId = env.TERMII_SENDER_ID || '';
  if (!/^[A-Za-z0-9 ]{3,11}$/.test(senderId)) {
    throw new ConfigError(
      `SMS_DRIVER=termii needs TERMII_SENDER_ID: a sender ID registered with Termii (3 to 11 letters or digits), got "${senderId}"`,
    );
  }
  const baseUrl = (env.TERMII_BASE_URL || defaultTermiiBaseUrl).replace(/\/+$/, '');
  if (!/^https?:\/\/[^/]/.test(baseUrl)) {
    throw new ConfigError(`TERMII_BASE_URL must be an http(s) URL, got "${baseUrl}"`);
  }
  return {
    driver,
    retryDelaySeconds,
    termii: { apiKey, senderId, baseUrl, timeoutMs: defaultSmsTimeoutMs },
  };
}

function loadMoneySettings(env: Env): MoneySettings {
  const vatRaw = env.VAT_RATE_PERCENT;
  const vat = vatRaw ? Number(vatRaw) : defaultMoneySettings.vatRatePercent;
  if (!/^\d+(\.\d{1,2})?$/.test(vatRaw ?? '0') || !(vat >= 0 && vat < 100)) {
    throw new ConfigError(`VAT_RATE_PERCENT must be a percentage from 0 to 99.99, got "${vatRaw}"`);
  }
  const accountNumber = env.PAYMENT_ACCOUNT_NUMBER;
  if (accountNumber && !isNubanShaped(accountNumber)) {
    throw new ConfigError(
      `PAYMENT_ACCOUNT_NUMBER must be a 10-digit NUBAN account number, got "${accountNumber}"`,
    );
  }
  const missing = paymentVariables.filter((name) => !env[name]?.trim());
  return {
    paymentAccount: missing.length ? 'not_configured' : 'configured',
    missingPaymentVariables: missing,
    bankName: env.PAYMENT_BANK_NAME?.trim() ?? '',
    accountName: env.PAYMENT_ACCOUNT_NAME?.trim() || defaultMoneySettings.accountName,
    accountNumber: accountNumber ?? '',
    vatRatePercent: vat,
  };
}

/** A whole number from 1 (to `max`) read from `name`; `fallback` when it is unset. */
function wholeNumber(env: Env, name: string, fallback: number, max = Number.MAX_SAFE_INTEGER) {
  const raw = env[name];
  if (!raw) return fallback;
  const value = Number(raw);
  if (!/^\d+$/.test(raw) || value < 1 || value > max) {
    const range = max === Number.MAX_SAFE_INTEGER ? 'of at least 1' : `from 1 to ${max}`;
    throw new ConfigError(`${name} must be a whole number ${range}, got "${raw}"`);
  }
  return value;
}

/**
 * `true` would believe every hop, so a client could name its own IP in `X-Forwarded-For` and
 * dodge the per-IP limits: refused rather than guessed, since the right hop count depends on
 * the deployment.
 */
function loadTrustProxy(value: string | undefined): Config['trustProxy'] {
  const v = value?.trim() ?? '';
  if (v === '' || v === 'false') return false;
  if (/^\d+$/.test(v) && Number(v) >= 1 && Number(v) <= 10) return Number(v);
  if (v === 'true') {
    throw new ConfigError(
      'TRUST_PROXY=true would trust any X-Forwarded-For a client sends; set it to the number of ' +
        'proxies in front of the server (1 behind one load balancer) or to their addresses',
    );
  }
  const proxies = v.split(',').map((p) => p.trim());
  for (const p of proxies) {
    const [address, bits, extra] = p.split('/');
    const family = isIP(address ?? '');
    const maxBits = family === 6 ? 128 : 32;
    const badBits = bits !== undefined && !(/^\d+$/.test(bits) && Number(bits) <= maxBits);
    if (!family || badBits || extra !== undefined) {
      throw new ConfigError(
        `TRUST_PROXY must be false, a number of proxy hops (1 to 10) or a comma list of proxy ` +
          `addresses or CIDRs, got "${value}"`,
      );
    }
  }
  return proxies;
}

export const defaultTimeouts: ServerTimeouts = {
  requestMs: 300_000,
  headersMs: 20_000,
  idleMs: 30_000,
  keepAliveMs: 72_000,
};

function loadTimeouts(env: Env): ServerTimeouts {
  const seconds = (name: string, fallbackMs: number) =>
    1000 * wholeNumber(env, name, fallbackMs / 1000, 3600);
  const timeouts = {
    requestMs: seconds('REQUEST_TIMEOUT_SECONDS', defaultTimeouts.requestMs),
    headersMs: seconds('HEADERS_TIMEOUT_SECONDS', defaultTimeouts.headersMs),
    idleMs: seconds('IDLE_TIMEOUT_SECONDS', defaultTimeouts.idleMs),
    keepAliveMs: seconds('KEEP_ALIVE_TIMEOUT_SECONDS', defaultTimeouts.keepAliveMs),
  };
  if (timeouts.headersMs > timeouts.requestMs) {
    throw new ConfigError('HEADERS_TIMEOUT_SECONDS must not exceed REQUEST_TIMEOUT_SECONDS');
  }
  return timeouts;
}

const s3Variables = [
  'S3_ENDPOINT',
  'S3_REGION',
  'S3_ACCESS_KEY_ID',
  'S3_SECRET_ACCESS_KEY',
  'S3_FORCE_PATH_STYLE',
] as const;

/** The S3 store when `S3_BUCKET` is set; any other `S3_*` without it is a mistake, not ignored. */
function loadS3Config(env: Env): S3Config | undefined {
  const bucket = env.S3_BUCKET;
  if (!bucket) {
    const stray = s3Variables.find((name) => env[name]);
    if (stray) throw new ConfigError(`${stray} is set but S3_BUCKET is not`);
    return undefined;
  }
  const required = (name: 'S3_ACCESS_KEY_ID' | 'S3_SECRET_ACCESS_KEY') => {
    const value = env[name];
    if (!value) throw new ConfigError(`S3_BUCKET is set, so ${name} must be set too`);
    return value;
  };
  const accessKeyId = required('S3_ACCESS_KEY_ID');
  const secretAccessKey = required('S3_SECRET_ACCESS_KEY');
  const endpoint = env.S3_ENDPOINT || undefined;
  if (endpoint && !/^https?:\/\/[^/]/.test(endpoint)) {
    throw new ConfigError(`S3_ENDPOINT must be an http(s) URL, got "${endpoint}"`);
  }
  const pathStyle = env.S3_FORCE_PATH_STYLE;
  if (pathStyle && pathStyle !== 'true' && pathStyle !== 'false') {
    throw new ConfigError(`S3_FORCE_PATH_STYLE must be true or false, got "${pathStyle}"`);
  }
  return {
    bucket,
    region: env.S3_REGION || 'us-east-1',
    endpoint,
    accessKeyId,
    secretAccessKey,
    forcePathStyle: pathStyle ? pathStyle === 'true' : Boolean(endpoint),
  };
}

// HS256 keys shorter than the hash output (32 bytes) can be brute-forced from one token.
const minSecretBytes = 32;

function checkedSecret(secret: string, source: string) {
  if (Buffer.byteLength(secret, 'utf8') < minSecretBytes) {
    throw new ConfigError(`${source} must be at least ${minSecretBytes} bytes long`);
  }
  return secret;
}

/** A random secret kept in DATA_DIR so that tokens survive restarts when JWT_SECRET is unset. */
function persistentSecret(dataDir: string): string {
  const file = path.join(dataDir, 'jwt-secret');
  try {
    return checkedSecret(readFileSync(file, 'utf8').trim(), file);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
  }
  privateDir(dataDir);
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}
