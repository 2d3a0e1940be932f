import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cameraMessages } from '../../src/capture/messages';
import {
  addressJobForm,
  callApi,
  createUsersWithCli,
  fundCompany,
  launchChromium,
  newContext,
  startServer,
  type RunningServer,
} from './harness';

/**
 * The field agent's journey in Chromium with a fake camera and a fixed GPS position: the link
 * mailed on assignment, three photos, location, submit; then the reviewer sees the photos and
 * approves.
 */
interface JobDetail {
  status: string;
  events: { to_status: string }[];
  capture: {
    link: { url: string } | null;
    submission: {
      lat: number;
      photos: { kind: string; sha256: string }[];
    } | null;
  };
}

describe('capture from the agent’s link to approval', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'e2e-capture-'));
  let server: RunningServer;
  let browser: Browser;
  const users = {
    admin: ['admin', 'boss@capture.ng', 'Admin-pass-1', 'Ada', 'Admin'],
    company: ['company', 'client@capture.ng', 'Client-pass-1', 'Cole', 'Client'],
    agent: ['agent', 'agent@capture.ng', 'Agent-pass-1', 'Musa', 'Field'],
  } as const;

  beforeAll(async () => {
    createUsersWithCli(
      dataDir,
      Object.values(users).map(([role, email, password, firstName, lastName]) => ({
        role,
        email,
        password,
        firstName,
        lastName,
        companyName: role === 'company' ? 'Client Capture Ltd' : undefined,
      })),
    );
    server = await startServer({ DATA_DIR: dataDir });
    browser = await launchChromium([
      '--use-fake-device-for-media-stream',
      '--use-fake-ui-for-media-stream',
    ]);
    // A job is charged its Company price when created, and an agent can be assigned jobs in a
    // state once the agents' price there is set; the company's wallet covers this file's jobs.
    const admin = await tokenOf(users.admin);
    for (const [audience, amount] of [
      ['company', 2500],
      ['agent', 1500],
    ] as const) {
      const tat = await api(admin, 'POST', '/setting/tat', {
        state: 'lagos',
        jobType: 'address',
        audience,
        amount,
        tatInHours: 24,
      });
      expect(tat.status).toBe(201);
    }
    await fundCompany(server, admin, 'Client Capture Ltd', 50_000);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const api = (token: string | null, method: string, url: string, body?: unknown) =>
    callApi(server, token, method, url, body);
  const tokenOf = async (u: readonly string[]) =>
    (await api(null, 'POST', '/auth/login', { email: u[1], password: u[2] })).body
      .accessToken as unknown as string;

  /** A new address job for `name`, assigned to the agent: its id and the capture link. */
  async function assignedJob(name: string) {
    const [first, last] = name.split(' ');
    const form = addressJobForm(first!, last!);
    const created = await api(await tokenOf(users.company), 'POST', '/job/create-address', form);
    expect(created.status).toBe(201);
    const jobId = created.body.id as unknown as string;
    const admin = await tokenOf(users.admin);
    const agents = (await api(admin, 'GET', '/job/fetch-assignees/agent')).body as unknown as {
      id: string;
    }[];
    expect(agents).toHaveLength(1);
    expect(
      (await api(admin, 'PATCH', `/job/assign/agent/${agents[0]!.id}`, { list: [jobId] })).status,
    ).toBe(200);
    const detail = (await api(admin, 'GET', `/job/detail/${jobId}`)).body as unknown as JobDetail;
    expect(detail.capture.link?.url).toMatch(/\/automatic-address-verification\/[\w-]+$/);
    return { jobId, link: detail.capture.link!.url };
  }

  const jobDetail = async (jobId: string) =>
    (await api(await tokenOf(users.admin), 'GET', `/job/detail/${jobId}`))
      .body as unknown as JobDetail;

  /** The agent's phone: 360 px wide, camera and a fixed GPS position granted. */
  const phone = (b: Browser) =>
    b.newContext({
      viewport: { width: 360, height: 740 },
      permissions: ['geolocation', 'camera'],
      geolocation: { latitude: 6.4503, longitude: 3.3958, accuracy: 12 },
    });

  /** The privacy notice the wizard shows once per job before the first photo. */
  async function passNotice(page: Page) {
    await page.getByRole('region', { name: 'Before the photos' }).waitFor();
    await page.getByRole('link', { name: 'privacy policy' }).waitFor();
    await page.getByRole('button', { name: 'Continue' }).click();
  }

  /** Takes the three photos and the location, up to (not including) Submit. */
  async function fillWizard(page: Page, link: string, name: string) {
    await page.goto(link);
    await page.getByText(name).first().waitFor();
    await passNotice(page);
    for (let step = 0; step < 3; step++) {
      // The fake camera's first frames must have arrived before a photo can be taken.
      await page.waitForFunction(() =>
        [...document.querySelectorAll('video')].some((v) => v.readyState >= 2 && v.videoWidth > 0),
      );
      await page.getByRole('button', { name: 'Capture image' }).click();
      // The photo is a JPEG data URL (spec §2), shown before moving on.
      expect(await page.locator('img.frame').getAttribute('src')).toMatch(
        /^data:image\/jpeg;base64,\/9j\//,
      );
      await page.getByRole('button', { name: 'Next' }).click();
    }
    await page
      .getByPlaceholder('Where you are: street, building, landmark')
      .fill('Blue gate, 3 Marina');
    await page.getByRole('button', { name: 'Capture', exact: true }).click();
    await page.getByText(/accuracy 12 m/).waitFor();
  }

  it('takes the photos and location on the link, and the reviewer approves them', async () => {
    const admin = await tokenOf(users.admin);
    const { jobId } = await assignedJob('Funke Ade');

    // The link reaches the agent by mail (printed to the log without SMTP).
    let link: string | undefined;
    for (let i = 0; i < 100 && !link; i++) {
      link = server
        .log()
        .match(/https?:\/\/[^\s"\\]+\/automatic-address-verification\/[\w-]+/)?.[0];
      if (!link) await new Promise((r) => setTimeout(r, 100));
    }
    expect(link).toBeDefined();

    const context = await phone(browser);
    const page = await context.newPage();
    await fillWizard(page, link!, 'Funke Ade');
    await page.getByRole('button', { name: 'Submit' }).click();
    await page.getByText('Submitted', { exact: true }).waitFor({ timeout: 60_000 });
    await context.close();

    const detail = await jobDetail(jobId);
    expect(detail.status).toBe('submitted');
    expect(detail.capture.submission!.photos).toHaveLength(3);
    expect(detail.capture.submission!.lat).toBeCloseTo(6.4503, 4);

    // The reviewer sees the three photos and approves.
    const reviewer = await (await newContext(browser, server)).newPage();
    await reviewer.goto('/login');
    await reviewer.locator('input[name="email"]').fill(users.admin[1]);
    await reviewer.locator('input[name="password"]').fill(users.admin[2]);
    await reviewer.getByRole('button', { name: 'Log in' }).click();
    await reviewer.waitForURL(/\/admin\/dashboard$/);
    await reviewer.goto(`/admin/jobs/profile/${jobId}`);
    await expect
      .poll(() => reviewer.locator('img[src^="blob:"]').count(), { timeout: 20_000 })
      .toBe(3);
    await reviewer.getByRole('button', { name: 'Approve', exact: true }).click();
    await reviewer
      .getByRole('dialog')
      .getByRole('button', { name: /approve|confirm/i })
      .click();
    await reviewer.getByText('Job successfully approved or rejected', { exact: true }).waitFor();
    expect(
      ((await api(admin, 'GET', `/jobs/${jobId}`)).body as unknown as { status: string }).status,
    ).toBe('approved');
  });

  /** SHA-256 of the photos of the submission the page keeps in IndexedDB until the server's 201. */
  const keptPhotoHashes = (page: Page) =>
    page.evaluate(async () => {
      const db = await new Promise<IDBDatabase>((resolve, reject) => {
        const req = indexedDB.open('capture-wizard');
        req.onsuccess = () => resolve(req.result);
        req.onerror = () => reject(req.error);
      });
      const entries = await new Promise<{ photos: Record<string, ArrayBuffer> }[]>(
        (resolve, reject) => {
          const req = db.transaction('pending').objectStore('pending').getAll();
          req.onsuccess = () => resolve(req.result as { photos: Record<string, ArrayBuffer> }[]);
          req.onerror = () => reject(req.error);
        },
      );
      db.close();
      const hex = async (b: ArrayBuffer) =>
        [...new Uint8Array(await crypto.subtle.digest('SHA-256', b))]
          .map((x) => x.toString(16).padStart(2, '0'))
          .join('');
      return Promise.all(
        entries.map(async (e) =>
          Object.fromEntries(
            await Promise.all(
              Object.entries(e.photos).map(async ([kind, bytes]) => [kind, await hex(bytes)]),
            ),
          ),
        ),
      );
    });

  const storedPhotoHashes = (detail: JobDetail) =>
    Object.fromEntries(detail.capture.submission!.photos.map((p) => [p.kind, p.sha256]));

  const isCapturePost = (url: URL) => url.pathname.startsWith('/api/v2/capture/');

  it('keeps the photos when the answer is lost mid-submit, and sends them once on reopening', async () => {
    const { jobId, link } = await assignedJob('Bola Oyo');
    const context = await phone(browser);
    const page = await context.newPage();
    await fillWizard(page, link, 'Bola Oyo');

    // The upload reaches the server, then the network drops before the answer comes back.
    let cut = false;
    await page.route(isCapturePost, async (route) => {
      if (route.request().method() !== 'POST' || cut) return route.fallback();
      cut = true;
      await route.fetch();
      await context.setOffline(true);
      await route.abort('internetdisconnected');
    });
    await page.getByRole('button', { name: 'Submit' }).click();
    await page.getByText(/^The submission could not reach the server\./).waitFor();
    expect(cut).toBe(true);
    const [taken, ...others] = await keptPhotoHashes(page);
    expect(others).toEqual([]);
    expect(Object.keys(taken!).sort()).toEqual(['house', 'selfie', 'utility_bill']);

    // Still offline, the agent closes the page; back online, they reopen the link: the kept
    // submission goes again with the same key, and the server answers as it did the first time.
    await page.close();
    await context.setOffline(false);
    const answers: number[] = [];
    context.on('response', (r) => {
      if (r.request().method() === 'POST' && isCapturePost(new URL(r.url())))
        answers.push(r.status());
    });
    const reopened = await context.newPage();
    await reopened.goto(link);
    await reopened.getByText('Submitted', { exact: true }).waitFor({ timeout: 60_000 });
    expect(answers).toEqual([201]);
    expect(await keptPhotoHashes(reopened)).toEqual([]);
    await context.close();

    const detail = await jobDetail(jobId);
    expect(detail.status).toBe('submitted');
    expect(detail.events.filter((e) => e.to_status === 'submitted')).toHaveLength(1);
    expect(storedPhotoHashes(detail)).toEqual(taken);
  });

  it('sends a submission made offline by itself when the network returns', async () => {
    const { jobId, link } = await assignedJob('Chidi Eze');
    const context = await phone(browser);
    const page = await context.newPage();
    await fillWizard(page, link, 'Chidi Eze');
    await context.setOffline(true);
    await page.getByRole('button', { name: 'Submit' }).click();
    await page.getByText(/^The submission could not reach the server\./).waitFor();
    const [taken] = await keptPhotoHashes(page);
    expect((await jobDetail(jobId)).status).toBe('accepted');

    await context.setOffline(false);
    await page.getByText('Submitted', { exact: true }).waitFor({ timeout: 60_000 });
    await context.close();
    const detail = await jobDetail(jobId);
    expect(detail.status).toBe('submitted');
    expect(storedPhotoHashes(detail)).toEqual(taken);
  });

  it('photos leave as they are taken: a cut during the second photo costs one resend of it alone', async () => {
    const { jobId, link } = await assignedJob('Dayo Ade');
    const context = await phone(browser);
    const page = await context.newPage();

    // What each finished photo upload carried, and how many uploads of each kind were cut.
    const finished: { kind: string; sha256: string }[] = [];
    const cutUploads: string[] = [];
    const kindOf = (url: string) => /\/photos\/(\w+)\?/.exec(url)?.[1] ?? '';
    context.on('requestfinished', (request) => {
      if (request.method() !== 'PUT') return;
      const body = request.postDataBuffer()!;
      finished.push({
        kind: kindOf(request.url()),
        sha256: createHash('sha256').update(body).digest('hex'),
      });
    });
    let cut = false;
    await page.route(
      (url) => url.pathname.endsWith('/photos/house'),
      async (route) => {
        if (cut) return route.fallback();
        cut = true;
        cutUploads.push('house');
        await context.setOffline(true);
        await route.abort('internetdisconnected');
      },
    );

    await page.goto(link);
    await page.getByText('Dayo Ade').first().waitFor();
    await passNotice(page);
    const takeAndNext = async () => {
      await page.waitForFunction(() =>
        [...document.querySelectorAll('video')].some((v) => v.readyState >= 2 && v.videoWidth > 0),
      );
      await page.getByRole('button', { name: 'Capture image' }).click();
      await page.locator('img.frame').waitFor();
      await page.getByRole('button', { name: 'Next' }).click();
    };
    await takeAndNext(); // selfie: sent at once
    await expect.poll(() => finished.map((f) => f.kind)).toEqual(['selfie']);
    await takeAndNext(); // house: the network drops while it uploads
    await expect.poll(() => cut).toBe(true);
    await takeAndNext(); // utility bill, taken offline
    await page.getByRole('button', { name: 'Capture', exact: true }).click();
    await page.getByText(/accuracy 12 m/).waitFor();
    await page.getByRole('button', { name: 'Submit' }).click();
    await page.getByText(/^The submission could not reach the server\./).waitFor();
    const [taken] = await keptPhotoHashes(page);

    // Back online: the photos the server lacks go, then the closing call.
    await context.setOffline(false);
    await page.getByText('Submitted', { exact: true }).waitFor({ timeout: 60_000 });
    await context.close();

    expect(cutUploads).toEqual(['house']);
    // Each photo arrived in full exactly once, with the bytes the page took.
    expect(finished.map((f) => f.kind).sort()).toEqual(['house', 'selfie', 'utility_bill']);
    expect(Object.fromEntries(finished.map((f) => [f.kind, f.sha256]))).toEqual(taken);
    const detail = await jobDetail(jobId);
    expect(detail.status).toBe('submitted');
    expect(detail.events.filter((e) => e.to_status === 'submitted')).toHaveLength(1);
    expect(storedPhotoHashes(detail)).toEqual(taken);
  });

  describe('camera failures show the messages of spec §8', () => {
    /** The alert the first photo step shows in a Chromium started with `flags`. */
    async function cameraAlert(name: string, flags: string[], permissions: string[]) {
      const { link } = await assignedJob(name);
      const own = await launchChromium(flags);
      try {
        const context = await own.newContext({
          viewport: { width: 360, height: 740 },
          permissions,
        });
        const page = await context.newPage();
        await page.goto(link);
        await passNotice(page);
        await page.getByRole('alert').waitFor();
        return await page.getByRole('alert').textContent();
      } finally {
        await own.close();
      }
    }

    it('says there is only one camera when switching with one device', async () => {
      const { link } = await assignedJob('Dayo Ibe');
      const context = await phone(browser);
      const page = await context.newPage();
      await page.goto(link);
      await passNotice(page);
      await page.getByRole('button', { name: 'Switch camera' }).click();
      await page.getByText(cameraMessages.onlyOneCamera, { exact: true }).waitFor();
      await context.close();
    });

    it('says permission is denied when the camera is refused', async () => {
      // A camera exists, but nobody answers the permission prompt with yes.
      expect(await cameraAlert('Efe Uko', ['--use-fake-device-for-media-stream'], [])).toBe(
        cameraMessages.permissionDenied,
      );
    });

    it('says there is no camera when the phone has none', async () => {
      expect(await cameraAlert('Femi Oni', ['--use-fake-ui-for-media-stream'], ['camera'])).toBe(
        cameraMessages.noDevice,
      );
    });
  });
});
