import { performance } from 'node:perf_hooks';
import { stateAliases } from '../reference/locations';
import { openPglite } from '../server/db/pglite';
import { openPostgres } from '../server/db/postgres';
import { migrate } from '../server/db/migrate';
import type { Db } from '../server/db';
import { createJobsRepository, type NewJob } from '../server/repositories/jobs';
import { createLedgerRepository } from '../server/repositories/ledger';
import { createTatsRepository } from '../server/repositories/tats';
import { chargeNewJobs, priceNewJobs } from '../server/services/charges';
import { createConfirmedUser } from '../server/services/createUser';
import { fundingMovement, wallet } from '../server/services/ledger';
import { fmt, markdownTable, median } from './report';

/**
 * Money's cost, each figure next to its floor from the same run: creating a job with its charge
 * (price lookup, wallet row lock, ledger postings) against the same insert without, one at a time
 * and as a 10,000-row bulk file; and a balance read once the ledger holds 1,000,000 postings.
 */
export async function benchMoney(scratchUrl?: string) {
  const db: Db = scratchUrl ? await openPostgres(scratchUrl) : await openPglite();
  await migrate(db);
  const owner = await createConfirmedUser(db, {
    role: 'company',
    email: 'money-bench@bench.ng',
    password: 'bench-password',
    first_name: 'Bench',
    last_name: 'Money',
    company_name: 'Money Bench Ltd',
  });
  const companyId = owner.company_id!;
  const jobs = createJobsRepository(db);
  const deps = { tats: createTatsRepository(db), ledger: createLedgerRepository(db) };
  await db.query(
    `INSERT INTO tat_settings (state, job_type, audience, amount_kobo, tat_in_hours)
     SELECT s, 'address', 'company', 150000, 48 FROM unnest($1::text[]) s`,
    [stateAliases],
  );
  await deps.ledger.post([fundingMovement(companyId, 1e13, 'MONEY-BENCH', {}, null)]);
  const job = (i: number): NewJob => ({
    type: 'address',
    company_id: companyId,
    created_by: owner.id,
    state: stateAliases[i % stateAliases.length]!,
    lga: 'Ikeja',
    subject_name: `Bench Subject ${i}`,
    fields: { first_name: 'Bench', last_name: `Subject ${i}`, address: `${i} Allen Avenue` },
  });

  const singles = 300;
  const time = async (fn: () => Promise<unknown>) => {
    const t = performance.now();
    await fn();
    return performance.now() - t;
  };
  const plainOne = await time(async () => {
    for (let i = 0; i < singles; i++) await db.transaction((tx) => jobs.insert(job(i), tx));
  });
  const chargedOne = await time(async () => {
    for (let i = 0; i < singles; i++) {
      await db.transaction(async (tx) => {
        const j = job(i);
        const [price] = await priceNewJobs(deps, companyId, 'address', [j.state], tx);
        const id = await jobs.insert({ ...j, price_kobo: price }, tx);
        await chargeNewJobs(deps, companyId, [{ id, priceKobo: price! }], owner.id, tx);
      });
    }
  });
  const bulk = Array.from({ length: 10_000 }, (_, i) => job(i));
  const plainBulk = await time(() => db.transaction((tx) => jobs.insertMany(bulk, owner.id, tx)));
  const chargedBulk = await time(() =>
    db.transaction(async (tx) => {
      const prices = await priceNewJobs(
        deps,
        companyId,
        'address',
        bulk.map((j) => j.state),
        tx,
      );
      const ids = await jobs.insertMany(
        bulk.map((j, i) => ({ ...j, price_kobo: prices[i] })),
        owner.id,
        tx,
      );
      const charged = ids.map((id, i) => ({ id, priceKobo: prices[i]! }));
      await chargeNewJobs(deps, companyId, charged, owner.id, tx);
    }),
  );

  // 1,000 movements of 1,000 postings each (the bank to 999 other wallets): 1,000,000 postings.
  for (let batch = 0; batch < 10; batch++) {
    await db.transaction(async (tx) => {
      await tx.query(
        `CREATE TEMP TABLE fill ON COMMIT DROP AS
           SELECT gen_random_uuid() AS id, g AS n FROM generate_series(1, 100) g`,
      );
      await tx.query(
        `INSERT INTO ledger_movements (id, reference, kind, amount_kobo)
         SELECT id, 'FILL-' || $1 || '-' || n, 'funding', 99900 FROM fill`,
        [batch],
      );
      await tx.query(
        `INSERT INTO ledger_entries (movement_id, account_kind, account_owner, amount_kobo)
         SELECT f.id, 'company_wallet', gen_random_uuid(), 100
           FROM fill f CROSS JOIN generate_series(1, 999)
         UNION ALL
         SELECT f.id, 'bank', '00000000-0000-0000-0000-000000000000', -99900 FROM fill f`,
      );
    });
  }
  const entries = Number(
    (await db.query<{ n: string }>('SELECT count(*)::text AS n FROM ledger_entries')).rows[0]!.n,
  );
  const reads = async (fn: () => Promise<unknown>) => {
    const ms: number[] = [];
    for (let i = 0; i < 200; i++) ms.push(await time(fn));
    return median(ms);
  };
  const balanceRow = await reads(() => deps.ledger.balance(wallet(companyId)));
  const ledgerSum = await reads(() => deps.ledger.ledgerSum(wallet(companyId)));
  const floor = await reads(() => db.query('SELECT id FROM accounts WHERE id = $1', [owner.id]));
  await db.close();

  const rows = [
    ['measure', 'with money', 'floor', 'ratio'],
    [
      `create one job (mean of ${singles}, ms)`,
      fmt(chargedOne / singles, 2),
      fmt(plainOne / singles, 2),
      fmt(chargedOne / plainOne, 2),
    ],
    [
      'create 10,000 jobs in bulk (ms)',
      fmt(chargedBulk),
      fmt(plainBulk),
      fmt(chargedBulk / plainBulk, 2),
    ],
    [
      `wallet balance at ${fmt(entries)} postings (median of 200, ms)`,
      fmt(balanceRow, 3),
      fmt(floor, 3),
      fmt(balanceRow / floor, 2),
    ],
    [
      'the same balance summed from the postings (ms)',
      fmt(ledgerSum, 3),
      fmt(floor, 3),
      fmt(ledgerSum / floor, 2),
    ],
  ];
  return [
    '## Money',
    '',
    `On ${db.kind}, in-process. Floors: the same job inserts without price, wallet lock or ledger postings; a primary-key read of an account.`,
    '',
    ...markdownTable(rows),
  ].join('\n');
}
