import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findState } from '../../../reference/locations';
import { demoPlaces } from '../../../server/seed/demoPlaces';
import { createDemoTestApp } from '../demoSnapshot';
import type { TestContext } from '../helpers';
import { fakeCheckers, matchingBill, nearPlace, oneFace } from './support';

const fakes = fakeCheckers({ bill: matchingBill(), place: nearPlace(), face: oneFace() });
let ctx: TestContext;

beforeAll(async () => {
  ctx = await createDemoTestApp({ checks: true }, { checkers: fakes.checkers });
});
afterAll(() => ctx.close());

/** Rough kilometres between two points (equirectangular: enough to tell states apart). */
const km = (a: { lat: number; lng: number }, b: { lat: number; lng: number }) => {
  const x = ((b.lng - a.lng) * Math.PI * Math.cos(((a.lat + b.lat) * Math.PI) / 360)) / 180;
  const y = ((b.lat - a.lat) * Math.PI) / 180;
  return Math.hypot(x, y) * 6371;
};

describe('the demo’s machine checks', () => {
  it('every submission of the demo waits for its checks, which the start-up queues', async () => {
    // (an erased job's checks went with its personal data)
    const { rows } = await ctx.db.query<{ submissions: number; pending: number }>(
      `SELECT (SELECT count(*)::int FROM capture_submissions s JOIN jobs j ON j.id = s.job_id
                WHERE j.erased_at IS NULL) AS submissions,
              (SELECT count(*)::int FROM capture_checks WHERE status = 'pending') AS pending`,
    );
    expect(rows[0]!.submissions).toBeGreaterThan(20);
    expect(rows[0]!.pending).toBe(rows[0]!.submissions);

    expect(await ctx.app.checks.queuePending()).toBe(rows[0]!.submissions);
    await ctx.app.queue.settled(['checks'], 60_000);
    const after = await ctx.db.query<{ status: string; n: number }>(
      `SELECT status, count(*)::int AS n FROM capture_checks GROUP BY status`,
    );
    expect(after.rows).toEqual([{ status: 'done', n: rows[0]!.submissions }]);
    // each bill read once, by one warm reader
    expect(fakes.calls.bill).toHaveLength(rows[0]!.submissions);
    expect(fakes.calls.billCheckersMade).toBe(1);
  });

  it('one job waiting for review was captured in another state than it claims', async () => {
    const { rows } = await ctx.db.query<{ state: string; lat: number; lng: number }>(
      `SELECT j.state, s.lat, s.lng FROM jobs j JOIN capture_submissions s ON s.job_id = j.id
        WHERE j.status = 'submitted'`,
    );
    const far = rows.filter((r) => {
      const home = demoPlaces.find((p) => p.state === r.state)!;
      return km(home.centre, r) > 100;
    });
    expect(far).toHaveLength(1);
    expect(findState(far[0]!.state)).toBeDefined();
  });
});
