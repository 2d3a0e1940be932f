import { ConfigError, loadConfig } from '../config';
import { openDb } from '../db';
import { DataDirInUseError } from '../db/dataDirLock';
import { migrate } from '../db/migrate';
import { HttpError } from '../errors';
import { EmailTakenError } from '../repositories/accounts';
import { createConfirmedUser } from '../services/createUser';
import { parseUserArgs, usage } from './userArgs';

async function main() {
  const parsed = parseUserArgs(process.argv.slice(2));
  if (!parsed.user) {
    console.error(`${parsed.problems.join('\n')}\n\n${usage}`);
    process.exit(2);
  }
  const config = loadConfig();
  const db = await openDb(config, 'user:create');
  try {
    await migrate(db);
    const account = await createConfirmedUser(db, parsed.user);
    console.log(`Created ${account.role} ${account.email} (${account.unique_code})`);
  } finally {
    await db.close();
  }
}

main().catch((err: unknown) => {
  if (
    err instanceof DataDirInUseError ||
    err instanceof ConfigError ||
    err instanceof EmailTakenError ||
    err instanceof HttpError
  ) {
    console.error(err.message);
  } else {
    console.error(err);
  }
  process.exit(1);
});
