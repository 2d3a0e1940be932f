import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { ImportParserLimits } from './services/importParser';

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  /** Set: a real PostgreSQL server; unset: PGlite in `dataDir`. */
  databaseUrl?: string;
  publicUrl: string;
  superAdminEmails: string[];
  smtpUrl?: string;
  mailFrom: string;
  jwtSecret: string;
  demoData: boolean;
  logLevel: string;
  /** Set: uploaded files go to this S3-compatible bucket; unset: `dataDir/files`. */
  s3?: S3Config;
  /** Unset: importParser.ts's defaults (tests set small ones). */
  importLimits?: Partial<ImportParserLimits>;
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
    publicUrl: (env.PUBLIC_URL || `http://localhost:${port}`).replace(/\/+$/, ''),
    superAdminEmails: (env.SUPER_ADMIN_EMAILS ?? '')
      .split(',')
      .map((e) => e.trim().toLowerCase())
      .filter(Boolean),
    smtpUrl: env.SMTP_URL || undefined,
    mailFrom: env.MAIL_FROM || 'Verification Back-office <no-reply@localhost>',
    jwtSecret: env.JWT_SECRET || persistentSecret(dataDir),
    demoData: env.DEMO_DATA !== 'false',
    logLevel: env.LOG_LEVEL || 'info',
    s3,
  };
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

/** A random secret kept in DATA_DIR so that tokens survive restarts when JWT_SECRET is unset. */
function persistentSecret(dataDir: string): string {
  const file = path.join(dataDir, 'jwt-secret');
  try {
    return readFileSync(file, 'utf8').trim();
  } catch {
    mkdirSync(dataDir, { recursive: true });
    const secret = randomBytes(48).toString('base64url');
    writeFileSync(file, secret, { mode: 0o600 });
    return secret;
  }
}
