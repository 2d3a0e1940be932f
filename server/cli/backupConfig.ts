import { loadConfig } from '../config';

/**
 * The configuration the backup commands read: DATA_DIR, DATABASE_URL and the S3 settings, checked
 * as the server checks them. They sign nothing, so without JWT_SECRET none is generated (a
 * stand-in fills the field): a restore into a new folder leaves it for the server to make.
 */
export function backupConfig() {
  const { dataDir, databaseUrl, s3 } = loadConfig({
    ...process.env,
    JWT_SECRET: process.env.JWT_SECRET || 'x'.repeat(32),
  });
  return { dataDir, databaseUrl, s3 };
}
