import { createApiKeysRepository } from '../repositories/apiKeys';
import { createApiKey } from '../services/apiKeys';
import { accountByEmail, daysAgo, type DemoSeeder } from './demoContext';

/**
 * Lagos Credit's integration: a key its owner made a month ago, used this morning, and an older
 * one revoked. Made through the same use case as `POST /api-keys`; the keys themselves are
 * thrown away (only their hashes are stored), so no demo secret is printed or kept.
 */
export const seedApiKeys: DemoSeeder = async (tx, ctx) => {
  const owner = accountByEmail(ctx, 'company@demo.ng');
  const apiKeys = createApiKeysRepository(tx);
  const order = { creator: owner, companyId: owner.company_id! };
  await createApiKey(
    apiKeys,
    {
      ...order,
      name: 'Loan origination system',
      createdAt: daysAgo(ctx, 30),
      lastUsedAt: daysAgo(ctx, 0.1),
    },
    tx,
  );
  const old = await createApiKey(
    apiKeys,
    {
      ...order,
      name: 'Old CRM sync',
      permission: ['View Job History'],
      createdAt: daysAgo(ctx, 90),
      lastUsedAt: daysAgo(ctx, 45),
    },
    tx,
  );
  await apiKeys.revoke(old.id, tx);
};
