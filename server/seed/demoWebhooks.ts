import type { Queryable } from '../db';
import { createAccountsRepository } from '../repositories/accounts';
import { createWebhooksRepository } from '../repositories/webhooks';
import { createSealer, randomToken } from '../services/secrets';
import { newWebhookSecret } from '../services/webhooks';
import { daysAgo, type DemoContext } from './demoContext';

/** The demo company's receiver: a name that resolves nowhere, so nothing is ever sent there. */
export const demoWebhookUrl = 'https://hooks.lagoscredit.example/verification';

/**
 * The demo company's webhook endpoint with a delivery history: its latest jobs' `job.created`,
 * delivered with a 200, and one that failed with a 500 and was delivered on its retry. Written
 * through the repository as deliveries are, but already settled: nothing is queued, so
 * `npm start` sends nothing.
 */
export async function seedWebhooks(tx: Queryable, ctx: DemoContext) {
  const company = await createAccountsRepository(tx).findByEmail('company@demo.ng', tx);
  if (!company?.company_id) return;
  const companyId = company.company_id;
  const repo = createWebhooksRepository(tx);
  const sealer = ctx.webhookSealer ?? createSealer(randomToken(), 'webhook-secrets');
  await repo.insert(
    {
      companyId,
      url: demoWebhookUrl,
      events: ['job.created', 'job.assigned', 'job.approved', 'job.rejected'],
      secretSealed: sealer.seal(newWebhookSecret()),
      createdBy: company.id,
      createdAt: daysAgo(ctx, 30),
    },
    tx,
  );
  const { rows } = await tx.query<{ id: string; created_at: Date }>(
    'SELECT id, created_at FROM jobs WHERE company_id = $1 ORDER BY created_at DESC LIMIT 8',
    [companyId],
  );
  for (const [i, job] of rows.entries()) {
    const [delivery] = await repo.publish('job.created', [job.id], [companyId], tx, job.created_at);
    const durationMs = 90 + ctx.random.int(0, 400);
    if (i === 2) {
      const failed = { ok: false, statusCode: 500, error: null, durationMs: 1500 + durationMs };
      await repo.recordAttempt(delivery!, failed, false, tx);
    }
    await repo.recordAttempt(
      delivery!,
      { ok: true, statusCode: 200, error: null, durationMs },
      false,
      tx,
    );
  }
}
