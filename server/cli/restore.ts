import path from 'node:path';
import { parseArgs } from 'node:util';
import { ConfigError } from '../config';
import { DataDirInUseError } from '../db/dataDirLock';
import {
  BadArchiveError,
  PgToolMissingError,
  restoreBackup,
  BackupRefusedError,
} from '../services/backup';
import { backupConfig } from './backupConfig';

const usage = `Usage: npm run restore -- <backup.tar> [--data-dir DIR] [--force]
  without DATABASE_URL: restores the embedded database and the files into DIR (default DATA_DIR)
  with DATABASE_URL: restores into that (empty) database, and the files into DIR/files`;

async function main() {
  let parsed;
  try {
    parsed = parseArgs({
      args: process.argv.slice(2),
      options: { 'data-dir': { type: 'string' }, force: { type: 'boolean', default: false } },
      allowPositionals: true,
    });
    if (parsed.positionals.length !== 1) throw new Error('Name one archive to restore');
  } catch (err) {
    console.error(`${(err as Error).message}\n\n${usage}`);
    process.exit(2);
  }
  const config = backupConfig();
  const archive = path.resolve(parsed.positionals[0]!);
  const dataDir = path.resolve(parsed.values['data-dir'] ?? config.dataDir);
  const manifest = await restoreBackup(archive, {
    dataDir,
    databaseUrl: config.databaseUrl,
    force: parsed.values.force,
  });
  const where = config.databaseUrl ? 'the database at DATABASE_URL' : dataDir;
  console.log(
    `Restored the backup of ${manifest.createdAt} (migration ${manifest.database.migration}, ` +
      `${manifest.files.count} files) into ${where}; every checksum matched`,
  );
}

main().catch((err: unknown) => {
  const known = [
    ConfigError,
    DataDirInUseError,
    PgToolMissingError,
    BadArchiveError,
    BackupRefusedError,
  ];
  console.error(known.some((k) => err instanceof k) ? (err as Error).message : err);
  process.exit(1);
});
