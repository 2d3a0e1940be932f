import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium, newContext, startServer, type RunningServer } from './harness';

/**
 * The field agent's journey in Chromium with a fake camera and a fixed GPS position: the link
 * mailed on assignment, three photos, location, submit; then the reviewer sees the photos and
 * approves.
 */
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
    // Users first, through the CLI, while no server holds the data folder.
    for (const [role, email, password, first, last] of Object.values(users)) {
      const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir };
      delete env.DATABASE_URL;
      const args = [
        'node_modules/tsx/dist/cli.mjs',
        'server/cli/userCreate.ts',
        '--role',
        role,
        '--email',
        email,
        '--password',
        password,
        '--first-name',
        first,
        '--last-name',
        last,
      ];
      if (role === 'company') args.push('--company-name', 'Client Capture Ltd');
      const r = spawnSync(process.execPath, args, { env, encoding: 'utf8' });
      expect(r.status, r.stderr).toBe(0);
    }
    server = await startServer({ DATA_DIR: dataDir });
    browser = await launchChromium([
      '--use-fake-device-for-media-stream',
      '--use-fake-ui-for-media-stream',
    ]);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  async function api(token: string | null, method: string, url: string, body?: unknown) {
    const res = await fetch(`${server.url}/api/v2${url}`, {
      method,
      headers: {
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...(body && !(body instanceof FormData) ? { 'content-type': 'application/json' } : {}),
      },
      body: body instanceof FormData ? body : body ? JSON.stringify(body) : undefined,
    });
    return {
      status: res.status,
      body: (await res.json()) as Record<string, unknown> & { [k: string]: never },
    };
  }
  const tokenOf = async (u: readonly string[]) =>
    (await api(null, 'POST', '/auth/login', { email: u[1], password: u[2] })).body
      .accessToken as unknown as string;

  it('takes the photos and location on the link, and the reviewer approves them', async () => {
    const admin = await tokenOf(users.admin);
    const company = await tokenOf(users.company);
    const form = new FormData();
    for (const [k, v] of Object.entries({
      type: 'address',
      first_name: 'Funke',
      last_name: 'Ade',
      phone: '08031234567',
      email: 'funke@example.ng',
      address: '3 Marina Road',
      landmark: 'By the jetty',
      state: 'lagos',
      lga: 'Lagos Island',
    }))
      form.append(k, v);
    const created = await api(company, 'POST', '/job/create-address', form);
    expect(created.status).toBe(201);
    const jobId = created.body.id as unknown as string;
    expect(
      (
        await api(admin, 'POST', '/setting/tat', {
          state: 'lagos',
          jobType: 'address',
          audience: 'agent',
          amount: 1500,
          tatInHours: 24,
        })
      ).status,
    ).toBe(201);
    const agents = (await api(admin, 'GET', '/job/fetch-assignees/agent')).body as unknown as {
      id: string;
    }[];
    expect(agents).toHaveLength(1);
    expect(
      (await api(admin, 'PATCH', `/job/assign/agent/${agents[0]!.id}`, { list: [jobId] })).status,
    ).toBe(200);

    // The link reaches the agent by mail (printed to the log without SMTP).
    let link: string | undefined;
    for (let i = 0; i < 100 && !link; i++) {
      link = server
        .log()
        .match(/https?:\/\/[^\s"\\]+\/automatic-address-verification\/[\w-]+/)?.[0];
      if (!link) await new Promise((r) => setTimeout(r, 100));
    }
    expect(link).toBeDefined();

    const context = await browser.newContext({
      viewport: { width: 360, height: 740 },
      permissions: ['geolocation', 'camera'],
      geolocation: { latitude: 6.4503, longitude: 3.3958, accuracy: 12 },
    });
    const page = await context.newPage();
    await page.goto(link!);
    await page.getByText('Funke Ade').first().waitFor();
    for (let step = 0; step < 3; step++) {
      // The fake camera's first frames must have arrived before a photo can be taken.
      await page.waitForFunction(() =>
        [...document.querySelectorAll('video')].some((v) => v.readyState >= 2 && v.videoWidth > 0),
      );
      await page.getByRole('button', { name: 'Capture image' }).click();
      await page.getByRole('button', { name: 'Next' }).click();
    }
    await page
      .getByPlaceholder('Where you are: street, building, landmark')
      .fill('Blue gate, 3 Marina');
    await page.getByRole('button', { name: 'Capture', exact: true }).click();
    await page.getByText(/accuracy 12 m/).waitFor();
    await page.getByRole('button', { name: 'Submit' }).click();
    await page.getByText('Submitted', { exact: true }).waitFor({ timeout: 60_000 });
    await context.close();

    const detail = (await api(admin, 'GET', `/job/detail/${jobId}`)).body as unknown as {
      status: string;
      capture: { submission: { lat: number; accuracy_m: number; photos: unknown[] } };
    };
    expect(detail.status).toBe('submitted');
    expect(detail.capture.submission.photos).toHaveLength(3);
    expect(detail.capture.submission.lat).toBeCloseTo(6.4503, 4);

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
});
