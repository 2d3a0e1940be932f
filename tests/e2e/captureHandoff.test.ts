import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  apiToken,
  callApi,
  launchChromium,
  signedInPage,
  startDemoServer,
  type RunningServer,
} from './harness';

interface JobRow {
  id: string;
  status: string;
  assignee_type: string | null;
}
interface JobDetail {
  code: string;
  capture: {
    link: { url: string | null; loopback_public_url: string | null } | null;
    sms: { status: string } | null;
  };
}

/**
 * The capture hand-off on the job page: the live link as a QR code and text, the warning that a
 * loopback PUBLIC_URL (the default, http://localhost:PORT) cannot be opened by phones, and the
 * link sent by SMS (SMS_DRIVER=log: printed in the server log).
 */
describe('capture hand-off on the job page', () => {
  let server: RunningServer;
  let browser: Browser;
  let job: { id: string; code: string; url: string };

  beforeAll(async () => {
    // PUBLIC_URL left unset: the default a new user starts with.
    server = await startDemoServer({ PUBLIC_URL: '' });
    browser = await launchChromium();
    const admin = await apiToken(server, 'admin@demo.ng', 'Admin1234!');
    for (const status of ['accepted', 'assigned']) {
      const filter = encodeURIComponent(JSON.stringify({ status }));
      const listed = await callApi(server, admin, 'GET', `/jobs?range=[0,99]&filter=${filter}`);
      if (!Array.isArray(listed.body)) throw new Error(`GET /jobs: ${JSON.stringify(listed)}`);
      for (const row of (listed.body as unknown as JobRow[]).filter(
        (j) => j.assignee_type === 'agent',
      )) {
        const d = (await callApi(server, admin, 'GET', `/job/detail/${row.id}`))
          .body as unknown as JobDetail;
        // One whose link was never texted (the demo texted a few): the state shown is this test's.
        if (d.capture.link?.url && !d.capture.sms) {
          job = { id: row.id, code: d.code, url: d.capture.link.url };
          expect(d.capture.link.loopback_public_url).toMatch(/^http:\/\/localhost:\d+$/);
          break;
        }
      }
      if (job) break;
    }
    if (!job) throw new Error('no demo job with an agent and a live capture link');
  }, 180_000);

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('shows the link as a QR code and text, warns about the loopback PUBLIC_URL, and texts it', async () => {
    const page = await signedInPage(browser, server, 'admin@demo.ng', 'Admin1234!');
    await page.goto(`/admin/jobs/profile/${job.id}`);

    const qr = page.getByRole('img', { name: /^QR code of the capture link/ });
    await qr.waitFor();
    expect(await qr.evaluate((el) => el.tagName.toLowerCase())).toBe('svg');
    const size = await qr.boundingBox();
    expect(size!.width).toBeGreaterThanOrEqual(200);
    // The QR code holds modules (dark paths), drawn from the link.
    expect(await qr.locator('path').count()).toBeGreaterThan(0);
    expect(await page.getByLabel('Link for the field agent').inputValue()).toBe(job.url);
    const publicUrl = new URL(job.url).origin;
    // The server said so at start-up too, with the way out.
    expect(server.log()).toContain(
      `PUBLIC_URL is ${publicUrl}: phones cannot open capture links made from it.`,
    );
    await page
      .getByText(
        `Phones cannot open this link: PUBLIC_URL is ${publicUrl}. Set PUBLIC_URL to an address phones can reach (see README).`,
      )
      .waitFor();

    await page.getByRole('button', { name: 'Send by SMS' }).click();
    const dialog = page.getByRole('dialog', { name: 'Send the capture link by SMS' });
    await dialog.getByRole('button', { name: 'Send' }).click();
    await page.getByText('The SMS is on its way').waitFor();

    // The log driver prints the text with the link: the outbox of this test.
    const deadline = Date.now() + 15_000;
    while (
      !server
        .log()
        .includes(`SMS printed here as SMS_DRIVER is log:\\nVerification job ${job.code}`)
    ) {
      if (Date.now() > deadline)
        throw new Error(`no SMS in the server log:\n${server.log().slice(-2000)}`);
      await new Promise((r) => setTimeout(r, 100));
    }
    expect(server.log()).toContain(`open this link to take the photos: ${job.url}`);
    // The page follows the text until the driver has taken it.
    await page.getByText(/^SMS sent to •+\d{4} on /).waitFor({ timeout: 15_000 });
    await page.context().close();
  });
});
