import type { Db } from '../../../server/db';

/**
 * Tables a refused request may change, or that change on their own while the fuzz runs: left
 * out of the comparison, each for its reason.
 */
export const changesAllowed: Record<string, string> = {
  'public.audit_log':
    'refusals are audited on purpose (failed sign-ins, denied access, junk tokens)',
  'public.rate_limits': 'throttles count refused attempts: that is how they throttle',
  'public.schema_migrations': 'written only at start-up; listed so the digest skips it',
};

/**
 * Columns a refused request may change, or background workers change after an earlier accepted
 * request: the rest of each row is still compared.
 */
export const columnsAllowed: Record<string, string[]> = {
  // Mail and texts queued by an accepted request are sent afterwards by the queue's workers.
  'public.mail_outbox': ['sent_at', 'attempts', 'text_body', 'last_error'],
  'public.sms_outbox': [
    'sent_at',
    'failed_at',
    'attempts',
    'body',
    'last_error',
    'provider_message_id',
  ],
  // Webhook deliveries likewise; a failing receiver marks its endpoint.
  'public.webhook_deliveries': [
    'status',
    'attempts',
    'last_status_code',
    'last_error',
    'last_duration_ms',
    'first_failed_at',
    'next_attempt_at',
    'claimed_until',
    'delivered_at',
  ],
  'public.webhook_endpoints': ['failing_since', 'disabled_at'],
  // An API key is used when it authenticates, whatever the route then answers.
  'public.api_keys': ['last_used_at'],
};

export interface Digest {
  /** The next transaction id: unchanged, nothing was written since. */
  xmax: string;
  tables: Map<string, string>;
}

/**
 * Fingerprints of every table of the app's schema in one statement: the job queue's schema is
 * left out, its own bookkeeping written by its workers' polling. A row written (inserted,
 * updated, deleted) by a committed transaction moves its table's count or its highest xmin, which
 * costs a fraction of an md5 of every row (`md5Digest`, the baseline FUZZ_PROGRESS prints); rows
 * are md5'd only where some columns are allowed to change.
 */
export async function tableDigester(db: Db) {
  const tables = (
    await db.query<{ name: string }>(
      `SELECT format('%I.%I', schemaname, tablename) AS name FROM pg_tables
        WHERE schemaname = current_schema()
        ORDER BY 1`,
    )
  ).rows
    .map((r) => r.name)
    .filter((name) => !(name in changesAllowed));
  const part = (name: string) => {
    const cols = columnsAllowed[name];
    const fingerprint = cols
      ? `md5(coalesce(string_agg((to_jsonb(t) - ARRAY[${cols.map((c) => `'${c}'`).join(',')}])::text, ',' ORDER BY (to_jsonb(t) - ARRAY[${cols.map((c) => `'${c}'`).join(',')}])::text), ''))`
      : `count(*)::text || ':' || coalesce(max(t.xmin::text::bigint), 0)::text`;
    return `SELECT '${name}' AS name, ${fingerprint} AS f FROM ${name} t`;
  };
  const statement = tables.map(part).join('\nUNION ALL ');
  const xmax = async () =>
    (await db.query<{ x: string }>('SELECT txid_snapshot_xmax(txid_current_snapshot())::text AS x'))
      .rows[0]!.x;

  return {
    tables,
    xmax,
    /** The plain way, md5 of every row of every table: the baseline the fingerprint is timed by. */
    async md5Digest() {
      for (const name of tables) {
        await db.query(
          `SELECT md5(coalesce(string_agg(t::text, ',' ORDER BY t::text), '')) FROM ${name} t`,
        );
      }
    },
    async digest(): Promise<Digest> {
      const x = await xmax();
      const rows = (await db.query<{ name: string; f: string }>(statement)).rows;
      return { xmax: x, tables: new Map(rows.map((r) => [r.name, r.f])) };
    },
  };
}

/** The tables whose fingerprints differ. */
export const changedTables = (before: Digest, after: Digest) =>
  [...after.tables].filter(([name, f]) => before.tables.get(name) !== f).map(([name]) => name);
