import { readFile } from 'node:fs/promises';
import type { Db } from '../../server/db';
import type { Queryable } from '../../server/db/types';
import type { PGlite } from '@electric-sql/pglite';
import { pgliteDb, startPglite, type PgliteDb } from '../../server/db/pglite';

/**
 * Fresh migrated PGlite databases for the API tests, reused. Starting a PGlite costs about 2 s of
 * CPU (the WASM instance, then PostgreSQL's start on the loaded cluster) whatever it holds, and the
 * suite starts hundreds: on CI's two cores that was most of the API suite's time. A database a test
 * closes is put back as it was after the migrations instead (every table emptied and refilled with
 * the migrations' rows, the sequences set back, the session's state dropped) and handed to the next
 * test of the same worker; tables made since (the job queue's, one per queue at each app's start,
 * or a test's own) are dropped. One whose schema the test changed otherwise (a column, an index, a
 * trigger, a function, a role) is closed for real: only an unchanged one is reused.
 */

/** What the migrations left: a digest of the schema, each table's rows, each sequence. */
interface Baseline {
  schema: string;
  tables: string[];
  rows: { table: string; columns: string[]; csv: string }[];
  sequences: { name: string; value: string | null }[];
}

/** Idle databases kept per worker: each holds a few hundred MB. */
const maxIdle = 3;
const idle: PGlite[] = [];
let baseline: Promise<Baseline> | undefined;
/** How many databases this worker started, and how many times one was handed out again. */
export const poolCounts = { opened: 0, reused: 0 };

const userSchemas = `n.nspname NOT IN ('pg_catalog', 'information_schema') AND n.nspname NOT LIKE 'pg\\_%'`;

/** A digest of everything a test could change in the schema, not in the rows. */
async function schemaDigest(db: Queryable) {
  const r = await db.query<{ digest: string }>(
    `SELECT md5(concat_ws('|',
       (SELECT string_agg(n.nspname || '.' || c.relname || ':' || c.relkind::text || ':' ||
                 coalesce((SELECT string_agg(a.attname || ' ' || a.atttypid::text || ' ' || a.attnotnull::text ||
                                             ' ' || a.atthasdef::text, ',' ORDER BY a.attnum)
                             FROM pg_attribute a
                            WHERE a.attrelid = c.oid AND a.attnum > 0 AND NOT a.attisdropped), ''),
                 ';' ORDER BY n.nspname, c.relname)
          FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace WHERE ${userSchemas}),
       (SELECT string_agg(n.nspname || '.' || p.proname || md5(p.prosrc), ';' ORDER BY 1)
          FROM pg_proc p JOIN pg_namespace n ON n.oid = p.pronamespace WHERE ${userSchemas}),
       (SELECT string_agg(t.tgname || t.tgenabled::text, ';' ORDER BY t.tgname, t.tgrelid)
          FROM pg_trigger t),
       (SELECT string_agg(conname || contype::text || convalidated::text, ';' ORDER BY conname, conrelid)
          FROM pg_constraint),
       (SELECT string_agg(rolname, ';' ORDER BY rolname) FROM pg_roles),
       (SELECT string_agg(setrole || ':' || array_to_string(setconfig, ','), ';' ORDER BY 1)
          FROM pg_db_role_setting),
       (SELECT string_agg(extname || extversion, ';' ORDER BY extname) FROM pg_extension)
     )) AS digest`,
  );
  return r.rows[0]!.digest;
}

async function takeBaseline(db: PgliteDb): Promise<Baseline> {
  const tables = (await db.query<{ name: string }>(`${userTables} ORDER BY 1`)).rows.map(
    (t) => t.name,
  );
  const rows: Baseline['rows'] = [];
  for (const table of tables) {
    // Generated columns are computed again as the rows go back in.
    const columns = (
      await db.query<{ name: string }>(
        `SELECT format('%I', attname) AS name FROM pg_attribute
          WHERE attrelid = $1::regclass AND attnum > 0 AND NOT attisdropped AND attgenerated = ''
          ORDER BY attnum`,
        [table],
      )
    ).rows.map((c) => c.name);
    const csv = (await db.copyTo(`SELECT ${columns.join(', ')} FROM ${table}`, [])).toString();
    if (csv) rows.push({ table, columns, csv });
  }
  const sequences = (
    await db.query<{ name: string; value: string | null }>(
      `SELECT format('%I.%I', schemaname, sequencename) AS name, last_value::text AS value
         FROM pg_sequences ORDER BY 1`,
    )
  ).rows;
  return { schema: await schemaDigest(db), tables, rows, sequences };
}

const userTables = `SELECT format('%I.%I', n.nspname, c.relname) AS name
    FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
   WHERE c.relkind IN ('r', 'p') AND ${userSchemas}`;

/** Thrown to roll the reset back: the schema changed. */
class SchemaChanged extends Error {}

/** Puts `db` back as the migrations left it; false when its schema changed (not reusable). */
async function reset(db: PgliteDb, base: Baseline) {
  // The session: settings, prepared statements (the next Db names its own from the start),
  // temporary tables, locks, listeners, open cursors.
  await db.exec('DISCARD ALL');
  try {
    await db.transaction(async (tx) => {
      // Without the tables' triggers: the audit log refuses TRUNCATE, as it should in the app.
      await tx.exec(`SET LOCAL session_replication_role = replica`);
      // Tables made after the migrations: the job queue's, one per queue, made by each app's
      // start (pg-boss), or a test's own. The next app makes its queues again.
      const known = new Set(base.tables);
      const made = (await tx.query<{ name: string }>(userTables)).rows
        .map((t) => t.name)
        .filter((t) => !known.has(t));
      if (made.length) await tx.exec(`DROP TABLE ${made.join(', ')} CASCADE`);
      if ((await schemaDigest(tx)) !== base.schema) throw new SchemaChanged();
      await tx.exec(`TRUNCATE ${base.tables.join(', ')} RESTART IDENTITY CASCADE`);
      for (const { table, columns, csv } of base.rows) await tx.copyFrom(table, columns, csv);
      for (const { name, value } of base.sequences) {
        await tx.query(
          value === null ? `SELECT setval($1, 1, false)` : `SELECT setval($1, $2::bigint, true)`,
          value === null ? [name] : [name, value],
        );
      }
      // The planner's statistics of the last test's rows would steer the next test's plans.
      await tx.exec('DELETE FROM pg_statistic');
    });
    return true;
  } catch (err) {
    if (err instanceof SchemaChanged) return false;
    throw err;
  }
}

/**
 * A migrated database as the migrations left it, from `snapshot` (./pgliteSnapshot.ts); `close()`
 * hands it back for reuse. The object is new each time (helpers key per-app state by it) and
 * refuses use once closed.
 */
export async function pooledPglite(snapshot: string): Promise<Db> {
  let pg = idle.pop();
  if (pg) poolCounts.reused++;
  else {
    poolCounts.opened++;
    pg = await startPglite(undefined, new Blob([await readFile(snapshot)]));
  }
  const db = pgliteDb(pg);
  // Taken once per worker, from its first database before any test has used it.
  await (baseline ??= takeBaseline(db));
  const kept = pg;
  let closed = false;
  const open = () => {
    if (closed) throw new Error('This database is closed');
    return db;
  };
  return {
    kind: db.kind,
    query: async (sql, params) => open().query(sql, params),
    queryPrepared: async (sql, params) => open().queryPrepared(sql, params),
    exec: async (sql) => open().exec(sql),
    copyFrom: async (table, columns, csv) => open().copyFrom(table, columns, csv),
    copyTo: async (select, params) => open().copyTo(select, params),
    transaction: async (fn) => open().transaction(fn),
    afterCommit: (fn) => open().afterCommit(fn),
    dumpDataDir: async () => open().dumpDataDir(),
    close: async () => {
      if (closed) return;
      closed = true;
      const reusable =
        idle.length < maxIdle && (await reset(db, await baseline!).catch(() => false));
      if (reusable) idle.push(kept);
      else await db.close();
    },
  };
}
