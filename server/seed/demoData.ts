import type { Db } from '../db';
import { seedStaff } from './demoAccounts';
import { seedAgents } from './demoAgents';
import { seedApiKeys } from './demoApiKeys';
import { seedBreaches } from './demoBreaches';
import { seedAudit } from './demoAudit';
import { seedCompanies } from './demoCompanies';
import { newDemoContext, type DemoSeeder, type DemoServices } from './demoContext';
import { seedJobs } from './demoJobs';
import { seedMessages } from './demoMessages';
import { seedPayouts, seedWalletFunding } from './demoMoney';
import { seedRetention } from './demoRetention';
import { seedTatBreaches } from './demoTatBreaches';
import { seedTats } from './demoTats';
import { seedUsers } from './demoUsers';
import { seedWebhooks } from './demoWebhooks';

export { demoAccounts } from './demoAccounts';

/**
 * The demo's seeders, in order; each reads what the earlier ones put in the context and adds its
 * own rows. People first (staff, companies with their owners, then sub-users and agents: agents
 * push their ids to `ctx.agents` so that jobs can be assigned to them), then the settings jobs
 * need (TATs), then the jobs with their history and evidence, then whatever hangs on jobs
 * (messages, money). A new area adds one line in its place.
 */
export const demoSeeders: DemoSeeder[] = [
  seedStaff,
  seedCompanies,
  (tx) => seedUsers(tx),
  (tx, ctx) => seedAgents(tx, { storage: ctx.storage, agentIds: ctx.agents }).then(() => undefined),
  seedTats,
  seedWalletFunding,
  seedJobs,
  seedTatBreaches,
  seedMessages,
  seedPayouts,
  seedApiKeys,
  seedWebhooks,
  seedBreaches,
  seedRetention,
  // Last: the history of what the seeders above made, at their times.
  seedAudit,
];

/**
 * A running business for a new embedded database: README's three accounts, client and partner
 * companies, TAT settings and some ninety jobs in every status over the last four months, with
 * their history, capture evidence and attachments. One transaction: all of it or nothing.
 */
export async function seedDemoData(db: Db, services: DemoServices) {
  const ctx = newDemoContext(services);
  await db.transaction(async (tx) => {
    for (const seed of demoSeeders) await seed(tx, ctx);
  });
  return ctx;
}
