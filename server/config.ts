import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

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
