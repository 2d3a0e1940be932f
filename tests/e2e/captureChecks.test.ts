import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoPlaces } from '../../server/seed/demoPlaces';
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

  /** The demo job waiting for review whose evidence was captured far from its state. */
  async function wrongStateJob(token: string) {
    const list = await callApi(server, token, 'GET', '/jobs?range=[0,199]');
    const waiting = (list.body as unknown as { id: string; status: string }[]).filter(
      (j) => j.status === 'submitted',
    );
    for (const { id } of waiting) {
      const d = (await callApi(server, token, 'GET', `/job/detail/${id}`))
        .body as unknown as Detail;
      const home = demoPlaces.find((p) => p.state === d.state)!.centre;
      const { lat, lng } = d.capture.submission;
      if (lat !== null && lng !== null && Math.hypot(lat - home.lat, lng - home.lng) > 1) return id;
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

  it('shows the checks the server did after start, and a reviewer has them run again', async () => {
    const token = await apiToken(server, 'admin@demo.ng', 'Admin1234!');
    const id = await wrongStateJob(token);
    const page = await signedInPage(browser, server, 'admin@demo.ng', 'Admin1234!');
    await page.goto(`/admin/jobs/profile/${id}`);
    const panel = page.getByRole('region', { name: 'Machine checks' });
    await panel.waitFor();

    // the panel reads the profile again by itself until the checks are settled
    await panel.getByText(/^Checked |could not be checked/).waitFor({ timeout: 60_000 });
    const first = await settled(token, id);
    if (first.capture.checks.status === 'done') {
      await page
        .getByRole('list', { name: 'Warnings' })
        .getByText('Far from the claimed place')
        .waitFor();
    } else {
      // The checkers of this branch are placeholders that throw: every part failed, and said so.
      expect(first.capture.checks.failed_parts).toEqual(['place', 'bill', 'face']);
      await panel.getByText('The evidence could not be checked. Try again later.').waitFor();
    }

    await panel.getByRole('button', { name: 'Check again' }).click();
    await page.getByText('The evidence will be checked again in a few seconds').waitFor();
    const again = await settled(token, id, first.capture.checks.checked_at);
    expect(again.capture.checks.status).toBe(first.capture.checks.status);
    await panel.getByText(/^Checked |could not be checked/).waitFor();
    await page.context().close();
  });
});
