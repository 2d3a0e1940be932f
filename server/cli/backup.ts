import path from 'node:path';
import { parseArgs } from 'node:util';
import { ConfigError } from '../config';
import { DataDirInUseError } from '../db/dataDirLock';
import {
  BackupRefusedError,
  createBackup,
  DumpUnavailableError,
  PgToolMissingError,
} from '../services/backup';
import { backupConfig } from './backupConfig';

const usage = 'Usage: npm run backup -- [--out backup.tar]';

async function main() {
  let out: string | undefined;
  try {
    ({
      values: { out },
    } = parseArgs({ args: process.argv.slice(2), options: { out: { type: 'string' } } }));
  } catch (err) {
    console.error(`${(err as Error).message}\n\n${usage}`);
    process.exit(2);
  }
  const config = backupConfig();
  const stamp = new Date().toISOString().replace(/[-:]/g, '').replace(/\..*/, '');
  const file = path.resolve(out ?? `backup-${stamp}.tar`);
  const { manifest, source } = await createBackup(config, file);
  const files =
    manifest.files.store === 's3'
      ? 'no files: they are in the S3 bucket, which its own versioning or replication backs up'
      : `${manifest.files.count} stored files`;
  console.log(
    `Backed up the ${manifest.database.kind} database (read from ${source}, migration ` +
      `${manifest.database.migration}) and ${files} to ${file}`,
  );
}

main().catch((err: unknown) => {
  const known = [
    ConfigError,
    DataDirInUseError,
    DumpUnavailableError,
    PgToolMissingError,
    BackupRefusedError,
  ];
  console.error(known.some((k) => err instanceof k) ? (err as Error).message : err);
  process.exit(1);
});
