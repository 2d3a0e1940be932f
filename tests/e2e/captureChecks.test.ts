import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findState } from '../../reference/locations';
import { stateAt } from '../../server/services/checks/place';
import {
  apiToken,
  callApi,
  launchChromium,
  signedInPage,
  startDemoServer,
  type RunningServer,
} from './harness';

/**
 * The machine checks in Chromium against the real server, started on the demo with CHECKS=on
 * (the other browser files run with them off): the server queues the demo's pending checks at
 * start, and a reviewer sees them on the profile of the demo job captured in another state.
 */
describe('Job profile → Machine checks', () => {
  let server: RunningServer;
  let browser: Browser;

  beforeAll(async () => {
    server = await startDemoServer({ CHECKS: 'on' });
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  type Checks = { status: string; checked_at: string | null; failed_parts: string[] };
  type Detail = {
    state: string;
    capture: {
      submission: { lat: number | null; lng: number | null; warnings: { code: string }[] };
      checks: Checks;
    };
  };

  /** The demo job waiting for review whose evidence was captured in another state. */
  async function wrongStateJob(token: string) {
    const list = await callApi(server, token, 'GET', '/jobs?range=[0,199]');
    const waiting = (list.body as unknown as { id: string; status: string }[]).filter(
      (j) => j.status === 'submitted',
    );
    for (const { id } of waiting) {
      const d = (await callApi(server, token, 'GET', `/job/detail/${id}`))
        .body as unknown as Detail;
      const { lat, lng } = d.capture.submission;
      if (lat !== null && lng !== null && stateAt({ lat, lng }) !== findState(d.state)?.alias) {
        return id;
      }
    }
    throw new Error('no demo job captured in another state');
  }

  /** The profile once its checks are settled (and, given `after`, newer than that run). */
  const settled = async (token: string, id: string, after: string | null = null) => {
    for (;;) {
      const d = (await callApi(server, token, 'GET', `/job/detail/${id}`))
        .body as unknown as Detail;
      const { status, checked_at } = d.capture.checks;
      if (status !== 'pending' && checked_at !== after) return d;
      await new Promise((r) => setTimeout(r, 250));
    }
  };

  it(
    'shows the checks the server did after start, and a reviewer has them run again',
    { timeout: 300_000 },
    async () => {
      const token = await apiToken(server, 'admin@demo.ng', 'Admin1234!');
      const id = await wrongStateJob(token);
      const page = await signedInPage(browser, server, 'admin@demo.ng', 'Admin1234!');
      await page.goto(`/admin/jobs/profile/${id}`);
      const panel = page.getByRole('region', { name: 'Machine checks' });
      await panel.waitFor();

      // the panel reads the profile again by itself until the checks are settled
      await panel.getByText(/^Checked /).waitFor({ timeout: 180_000 });
      const first = await settled(token, id);
      expect(first.capture.checks.status).toBe('done');
      expect(first.capture.checks.failed_parts).toEqual([]);
      expect(first.capture.submission.warnings.map((w) => w.code)).toContain(
        'far_from_claimed_place',
      );
      await page
        .getByRole('list', { name: 'Warnings' })
        .getByText('Far from the claimed place')
        .waitFor();
      // the bill as read, with the claimed name marked in it
      await panel.locator('mark').first().waitFor();
      // the map marks the claimed LGA's headquarters beside the capture point
      await page.locator('.leaflet-tooltip').first().waitFor();

      await panel.getByRole('button', { name: 'Check again' }).click();
      await page.getByText('The evidence will be checked again in a few seconds').waitFor();
      const again = await settled(token, id, first.capture.checks.checked_at);
      expect(again.capture.checks.status).toBe(first.capture.checks.status);
      await panel.getByText(/^Checked |could not be checked/).waitFor();
      await page.context().close();
    },
  );
});
