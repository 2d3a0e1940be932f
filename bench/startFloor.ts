import { openDb } from '../server/db';

/** The floor of bench/start.ts: opens DATA_DIR's database as the server does, says so, closes. */
const db = await openDb({ dataDir: process.env.DATA_DIR!, databaseUrl: undefined }, 'the bench');
console.log('open');
await db.close();
