import { roundedKobo } from '../../reference/money';
import { jobKinds, type JobKind } from '../../reference/jobKinds';
import { createTatsRepository } from '../repositories/tats';
import type { DemoSeeder } from './demoContext';
import { demoPlaces } from './demoPlaces';

/** What a client pays (Company) and a field agent earns (Agent), in naira, and the TAT in hours. */
const baseTerms: Record<JobKind, { company: number; agent: number; hours: number }> = {
  address: { company: 3500, agent: 2000, hours: 48 },
  business_address: { company: 5000, agent: 3000, hours: 72 },
  business: { company: 8000, agent: 4500, hours: 96 },
  product: { company: 6500, agent: 3500, hours: 72 },
};

/** Farther from the provider's teams: dearer and slower. */
const remoteStates = new Set(['kano', 'enugu', 'rivers']);

export const tatTerms = (state: string, kind: JobKind) => {
  const t = baseTerms[kind];
  const remote = remoteStates.has(state);
  return {
    company: remote ? t.company + 1000 : t.company,
    agent: remote ? t.agent + 500 : t.agent,
    hours: remote ? t.hours + 24 : t.hours,
  };
};

const day = 86_400_000;

/**
 * When a setting was made and last edited, in days before the demo's "now" (null: never edited,
 * which the screen shows as 'Date not set'). The price list was set up four months ago; the remote
 * states' surcharge and the agents' rates were revised since, and the business prices reviewed
 * after the first month; the newest state's settings are recent and untouched.
 */
export function tatHistory(state: string, kind: JobKind, audience: 'company' | 'agent') {
  const newest = demoPlaces.at(-1)!.state;
  if (state === newest) return { createdDaysAgo: 10, updatedDaysAgo: null };
  const updatedDaysAgo =
    audience === 'agent'
      ? 21
      : remoteStates.has(state)
        ? 60
        : kind === 'business' || kind === 'product'
          ? 95
          : null;
  return { createdDaysAgo: 130, updatedDaysAgo };
}

/** Company and Agent TATs for every demo state and job kind, so that every job can be assigned. */
export const seedTats: DemoSeeder = async (tx, ctx) => {
  const tats = createTatsRepository(tx);
  const daysAgo = (n: number | null) => (n === null ? null : new Date(+ctx.now - n * day));
  for (const { state } of demoPlaces) {
    for (const kind of jobKinds) {
      const t = tatTerms(state, kind);
      for (const audience of ['company', 'agent'] as const) {
        const row = await tats.create(
          {
            state,
            job_type: kind,
            audience,
            amount_kobo: roundedKobo(audience === 'company' ? t.company : t.agent),
            tat_in_hours: t.hours,
          },
          tx,
        );
        const h = tatHistory(state, kind, audience);
        await tx.query('UPDATE tat_settings SET created_at = $2, updated_at = $3 WHERE id = $1', [
          row.id,
          daysAgo(h.createdDaysAgo),
          daysAgo(h.updatedDaysAgo),
        ]);
      }
    }
  }
};
