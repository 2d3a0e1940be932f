import { eraseJobs } from '../services/retention';
import { accountByEmail, daysAgo, type DemoSeeder } from './demoContext';

/**
 * One closed job of the demo company already past its retention: its oldest approved job,
 * erased through the retention's own erasure as if the daily run had done it two days ago. Its
 * files are queued for deletion; the first retention run deletes them.
 */
export const seedRetention: DemoSeeder = async (tx, ctx) => {
  const owner = accountByEmail(ctx, 'company@demo.ng');
  const oldest = await tx.query<{ id: string }>(
    `SELECT id FROM jobs WHERE company_id = $1 AND status = 'approved'
      ORDER BY created_at, id LIMIT 1`,
    [owner.company_id],
  );
  await eraseJobs(
    tx,
    oldest.rows.map((j) => j.id),
    daysAgo(ctx, 2),
    { action: 'retention.erase', actorId: null },
  );
};
