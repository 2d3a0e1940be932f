import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findState } from '../../reference/locations';
import { demoStaffPassword } from '../../server/seed/demoUsers';
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
 * Then each role: the company sees its own jobs' checks (on a 390 px phone) but may not run them
 * again, provider staff as their labels allow; none of them is ever offered a call the server
 * would refuse (a 403 ends the session).
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

  type Checks = {
    status: string;
    checked_at: string | null;
    failed_parts: string[];
    bill?: { text: string; name_score: number; address_score: number };
    place?: { distance_km: number; hq: { name: string } };
  };
  type Detail = {
    id: string;
    status: string;
    company_id: string;
    assignee_type: string | null;
    assignee_id: string | null;
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

  /** The jobs waiting for review that `token` may see. */
  async function waitingJobs(token: string) {
    const list = await callApi(server, token, 'GET', '/jobs?range=[0,199]');
    return (list.body as unknown as Detail[]).filter((j) => j.status === 'submitted');
  }

  /** The first job waiting for review that `token` sees, once its bill and place are checked. */
  async function checkedJob(token: string) {
    for (const { id } of await waitingJobs(token)) {
      const d = await settled(token, id);
      if (d.capture.checks.bill && d.capture.checks.place) return d;
    }
    throw new Error('no job with its bill and place checked');
  }

  /** The paths of the API calls a page makes, to show what it never asked for. */
  function calls(page: Page) {
    const made: string[] = [];
    page.on('request', (r) => {
      const { pathname } = new URL(r.url());
      if (pathname.startsWith('/api/')) made.push(`${r.method()} ${pathname}`);
    });
    return made;
  }

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

  it(
    'a company sees its own job’s checks but may not run them again; they fit a 390 px phone',
    { timeout: 300_000 },
    async () => {
      const token = await apiToken(server, 'company@demo.ng', 'Company1234!');
      const admin = await apiToken(server, 'admin@demo.ng', 'Admin1234!');
      const job = await checkedJob(token);
      // The server sends the company the read text and the scores of its own job…
      expect(job.capture.checks.bill!.text.length).toBeGreaterThan(20);
      expect(job.capture.checks.bill!.name_score).toBeGreaterThanOrEqual(0);
      expect((await callApi(server, token, 'POST', `/jobs/${job.id}/checks`)).status).toBe(403);
      // …and nothing of another company's
      const me = (await callApi(server, token, 'GET', '/auth/me')).body as { company_id: string };
      const others = (await waitingJobs(admin)).filter(
        (j) =>
          j.company_id !== me.company_id &&
          !(j.assignee_type === 'company' && j.assignee_id === me.company_id),
      );
      expect(others.length).toBeGreaterThan(0);
      expect((await callApi(server, token, 'GET', `/job/detail/${others[0]!.id}`)).status).toBe(
        404,
      );

      const phone = { width: 390, height: 844 };
      const page = await signedInPage(browser, server, 'company@demo.ng', 'Company1234!', {
        viewport: phone,
      });
      const made = calls(page);
      await page.goto(`/company/jobs/profile/${job.id}`);
      const panel = page.getByRole('region', { name: 'Machine checks' });
      await panel.getByText(/^Checked /).waitFor();
      await panel.getByLabel('Text read on the bill').waitFor();
      const map = page.getByRole('region', { name: 'Map' });
      await map.locator('.leaflet-tooltip').waitFor();
      await map.scrollIntoViewIfNeeded();
      // The access answer came long before the map's chunk: the button is not offered.
      expect(await panel.getByRole('button', { name: 'Check again' }).count()).toBe(0);

      const layout = await page.evaluate(() => {
        const right = (e: Element) => e.getBoundingClientRect().right;
        const region = (name: string) =>
          document.querySelector(`[role=region][aria-label="${name}"]`)!;
        const panelEl = region('Machine checks');
        const mapEl = region('Map');
        const pre = panelEl.querySelector('pre')!;
        const box = mapEl.querySelector('.leaflet-container')!.getBoundingClientRect();
        // The two circle markers (the capture point, the LGA's headquarters), not the accuracy circle.
        const markers = [...mapEl.querySelectorAll('path[fill-opacity="0.8"]')].map((m) => {
          const r = m.getBoundingClientRect();
          return (
            r.left >= box.left && r.right <= box.right && r.top >= box.top && r.bottom <= box.bottom
          );
        });
        const tip = mapEl.querySelector('.leaflet-tooltip')!.getBoundingClientRect();
        return {
          page: document.scrollingElement!.scrollWidth,
          widest: Math.max(
            ...[...panelEl.querySelectorAll('*'), ...mapEl.querySelectorAll('*')]
              .filter((e) => !e.closest('.leaflet-pane'))
              .map(right),
          ),
          textFits:
            pre.scrollWidth <= pre.clientWidth || getComputedStyle(pre).overflowX === 'auto',
          textRight: right(pre),
          markers,
          tipInside: tip.left >= box.left && tip.right <= box.right,
        };
      });
      expect(layout.page).toBeLessThanOrEqual(phone.width + 1);
      expect(layout.widest).toBeLessThanOrEqual(phone.width + 1);
      expect(layout.textRight).toBeLessThanOrEqual(phone.width);
      expect(layout.textFits).toBe(true);
      expect(layout.markers).toEqual([true, true]);
      expect(layout.tipInside).toBe(true);
      expect(made.filter((c) => c.startsWith('POST') && c.endsWith('/checks'))).toEqual([]);
      await page.context().close();
    },
  );

  it(
    'provider staff see what their labels allow: a viewer the checks without Check again, the demo sub-admin no profile',
    { timeout: 300_000 },
    async () => {
      const admin = await apiToken(server, 'admin@demo.ng', 'Admin1234!');
      const job = await checkedJob(admin);

      // people@demo.ng views jobs (View Job History) but does not review them.
      const viewer = await signedInPage(browser, server, 'people@demo.ng', demoStaffPassword);
      await viewer.goto(`/admin/jobs/profile/${job.id}`);
      const panel = viewer.getByRole('region', { name: 'Machine checks' });
      await panel.getByLabel('Text read on the bill').waitFor();
      await viewer.locator('.leaflet-tooltip').waitFor();
      expect(await panel.getByRole('button', { name: 'Check again' }).count()).toBe(0);
      const viewerToken = await apiToken(server, 'people@demo.ng', demoStaffPassword);
      expect((await callApi(server, viewerToken, 'POST', `/jobs/${job.id}/checks`)).status).toBe(
        403,
      );
      await viewer.context().close();

      // The demo's sub-admin holds no "View Job History": the profile is refused without asking.
      const subadmin = await signedInPage(browser, server, 'subadmin@demo.ng', 'Subadmin1234!');
      const made = calls(subadmin);
      await subadmin.goto(`/admin/jobs/profile/${job.id}`);
      await subadmin.getByText('Access denied').first().waitFor();
      expect(await subadmin.getByRole('region', { name: 'Machine checks' }).count()).toBe(0);
      expect(made.filter((c) => c.includes('/job/detail/') || c.endsWith('/checks'))).toEqual([]);
      // still signed in: the dashboard opens
      await subadmin.getByRole('menuitem', { name: 'Dashboard' }).first().click();
      await subadmin.waitForURL(/\/admin\/dashboard$/);
      const subToken = await apiToken(server, 'subadmin@demo.ng', 'Subadmin1234!');
      expect((await callApi(server, subToken, 'GET', `/job/detail/${job.id}`)).status).toBe(403);
      await subadmin.context().close();
    },
  );
});
