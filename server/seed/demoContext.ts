import type { Queryable } from '../db';
import type { AccountRow } from '../repositories/accounts';
import type { CaptureLinks } from '../services/captureLinks';
import type { FileStorage } from '../services/storage';
import { demoRandom, type DemoRandom } from './demoRandom';

/** A company of the demo: a client that orders verifications, or a partner that does them. */
export interface DemoCompany {
  id: string;
  name: string;
  kind: 'client' | 'partner';
  /** Its owner account (role company), who creates, assigns and reviews its jobs. */
  ownerId: string;
  state: string;
  address: string;
  created_at: Date;
}

/** What the demo's seeders need besides the transaction: the app's file store and links. */
export interface DemoServices {
  storage: FileStorage;
  captureLinks: CaptureLinks;
  /** Seals the demo webhook's secret; unset, it is sealed under a key thrown away (rotate it). */
  webhookSealer?: { seal(secret: string): string };
  /** Seals the two-factor demo account's secret; unset, under a key thrown away. */
  twoFactorSealer?: { seal(secret: string): string };
}

/**
 * What the seeders have made so far, for the ones after them: each seeder adds its rows here.
 * Times are laid out backwards from `now`, over the last four months or so.
 */
export interface DemoContext extends DemoServices {
  now: Date;
  random: DemoRandom;
  /** Every account created so far. */
  accounts: AccountRow[];
  companies: DemoCompany[];
  /** Approved, active agents' account ids, to whom some jobs are assigned (may be empty). */
  agents: string[];
}

export type DemoSeeder = (tx: Queryable, ctx: DemoContext) => Promise<void>;

export const newDemoContext = (services: DemoServices, now = new Date()): DemoContext => ({
  ...services,
  now,
  random: demoRandom(),
  accounts: [],
  companies: [],
  agents: [],
});

/** The account with this email; a seeder that needs one that is not there is a bug. */
export function accountByEmail(ctx: DemoContext, email: string) {
  const a = ctx.accounts.find((x) => x.email === email);
  if (!a) throw new Error(`demo data: no account ${email} yet (check the seeders' order)`);
  return a;
}

/** `days` (fractional) before the context's now. */
export const daysAgo = (ctx: DemoContext, days: number) =>
  new Date(ctx.now.getTime() - days * 86_400_000);
