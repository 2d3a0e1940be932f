import { spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { cpSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  chromium,
  type Browser,
  type BrowserContext,
  type BrowserContextOptions,
  type Page,
} from 'playwright-core';
import sharp from 'sharp';
import { inject } from 'vitest';
import {
  jwtSecret,
  readLog,
  serverReady,
  spawnServer,
  stopServer,
  type PooledServer,
} from './serverPool';

export const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const hasChromium = existsSync(chromiumPath);

export interface RunningServer {
  url: string;
  dataDir: string;
  jwtSecret: string;
  /** Everything the server has logged so far (mail without SMTP is printed here). */
  log: () => string;
  /** SIGTERM, waits for the exit, removes the data folder it made; the exit code. */
  stop: () => Promise<number | null>;
}

/** A browser test file, as opposed to a script that starts a server (bench/capture.ts). */
const inVitest = () => process.env.VITEST !== undefined;

/** A call to the run's server pool (./serverPool.ts, kept by the global setup ./runDir.ts). */
async function pool<T>(route: string, params: Record<string, string> = {}): Promise<T> {
  const query = new URLSearchParams(params);
  const res = await fetch(`${inject('e2eServerPool')}${route}?${query}`, { method: 'POST' });
  const body = (await res.json()) as T & { error?: string };
  if (!res.ok) throw new Error(body.error ?? `${route}: ${res.status}`);
  return body;
}

/**
 * The real server (`server/server.ts`) as a child process on a free port with its own data
 * folder, serving the built app from dist/. Stopped with SIGTERM, as an operator would.
 */
export async function startServer(env: Record<string, string> = {}): Promise<RunningServer> {
  const dataDir = env.DATA_DIR ?? mkdtempSync(path.join(tmpdir(), 'e2e-data-'));
  const logs = inVitest() ? path.join(inject('e2eRunDir'), 'logs') : tmpdir();
  const logPath = path.join(logs, `e2e-server-${randomUUID()}.log`);
  const server = spawnServer({ ...env, DATA_DIR: dataDir }, logPath);
  const pid = String(server.child.pid);
  // The global teardown stops it if this file does not (a beforeAll that timed out).
  if (inVitest()) await pool('/started', env.DATA_DIR ? { pid } : { pid, dir: dataDir });
  let finalLog: string | undefined;
  const stop = async () => {
    const code = await stopServer(server);
    if (!env.DATA_DIR) rmSync(dataDir, { recursive: true, force: true });
    finalLog ??= readLog(logPath); // log() still answers after stop()
    rmSync(logPath, { force: true });
    if (inVitest()) await pool('/stopped', { pid });
    return code;
  };
  try {
    await serverReady(server);
  } catch (e) {
    await stop();
    throw e;
  }
  return { url: server.url, dataDir, jwtSecret, log: () => finalLog ?? readLog(logPath), stop };
}

/**
 * The real server on a copy of a data folder the demo was seeded into, once per run, by the
 * global setup. With the default env it is the spare the setup started while the file before ran
 * (a start takes about 9 s); with an env of its own, a server started here.
 */
export async function startDemoServer(env: Record<string, string> = {}): Promise<RunningServer> {
  if (Object.keys(env).length === 0) {
    const taken = await pool<PooledServer>('/take');
    return {
      url: taken.url,
      dataDir: taken.dataDir,
      jwtSecret: taken.jwtSecret,
      log: () => readLog(taken.logPath),
      stop: async () => (await pool<{ code: number | null }>('/stop', { id: taken.id })).code,
    };
  }
  const { demo } = await pool<{ demo: string }>('/demo');
  const dataDir = mkdtempSync(path.join(tmpdir(), 'e2e-demo-'));
  cpSync(demo, dataDir, { recursive: true });
  const server = await startServer({ ...env, DATA_DIR: dataDir });
  return {
    ...server,
    stop: async () => {
      const code = await server.stop();
      rmSync(dataDir, { recursive: true, force: true });
      return code;
    },
  };
}

/** Debian's Chromium through playwright-core, flags as this machine needs them. */
export function launchChromium(extraArgs: string[] = []): Promise<Browser> {
  return chromium.launch({
    executablePath: chromiumPath,
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
      '--disable-quic',
      ...extraArgs,
    ],
  });
}

/**
 * The newest link to `linkPath` that the server printed in a mail to `to`; waits a little, as the
 * child's log reaches us a moment after the answer that caused it.
 */
export async function mailedLink(server: RunningServer, to: string, linkPath: string) {
  const pattern = new RegExp(`https?://[^\\s"\\\\]+${linkPath}\\?token=[\\w-]+`);
  for (let waited = 0; waited < 10_000; waited += 100) {
    const lines = server
      .log()
      .split('\n')
      .filter((l) => l.includes(to) && l.includes(linkPath));
    const match = lines.at(-1)?.match(pattern);
    if (match) return match[0];
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`no mail to ${to} with ${linkPath} in the server log`);
}

export async function newContext(
  browser: Browser,
  server: RunningServer,
  options: BrowserContextOptions = {},
): Promise<BrowserContext> {
  return browser.newContext({
    baseURL: server.url,
    viewport: { width: 1280, height: 800 },
    ...options,
  });
}

/** A new browser context signed in through the login page, on its dashboard. */
export async function signedInPage(
  browser: Browser,
  server: RunningServer,
  email: string,
  password: string,
  options: BrowserContextOptions = {},
) {
  const context = await newContext(browser, server, options);
  const page = await context.newPage();
  await page.goto('/login');
  await page.locator('input[name="email"]').fill(email);
  await page.locator('input[name="password"]').fill(password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await page.waitForURL(/\/(company|admin)\/dashboard$/);
  return page;
}

/** The form of a new address job in Lagos for `first last`, as the company's form sends it. */
export function addressJobForm(first: string, last: string) {
  const form = new FormData();
  for (const [k, v] of Object.entries({
    type: 'address',
    first_name: first,
    last_name: last,
    phone: '08031234567',
    email: 'funke@example.ng',
    address: '3 Marina Road',
    landmark: 'By the jetty',
    state: 'lagos',
    lga: 'Lagos Island',
  }))
    form.append(k, v);
  return form;
}

export interface CliUser {
  role: 'admin' | 'company' | 'agent';
  email: string;
  password: string;
  firstName: string;
  lastName: string;
  companyName?: string;
}

/**
 * Creates users with `npm run user:create` on the embedded database in `dataDir`, before a server
 * holds the folder (one process per PGlite folder).
 */
export function createUsersWithCli(dataDir: string, users: CliUser[]) {
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir };
  delete env.DATABASE_URL;
  for (const u of users) {
    const args = ['node_modules/tsx/dist/cli.mjs', 'server/cli/userCreate.ts'];
    args.push('--role', u.role, '--email', u.email, '--password', u.password);
    args.push('--first-name', u.firstName, '--last-name', u.lastName);
    if (u.companyName) args.push('--company-name', u.companyName);
    const r = spawnSync(process.execPath, args, { env, encoding: 'utf8' });
    if (r.status !== 0) throw new Error(`user:create ${u.role} ${u.email}: ${r.stderr}`);
  }
}

/** A signed-in user's access token, through the API. */
export async function apiToken(server: RunningServer, email: string, password: string) {
  const res = await fetch(`${server.url}/api/v2/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  if (res.status !== 200) throw new Error(`login ${email}: ${res.status}`);
  return ((await res.json()) as { accessToken: string }).accessToken;
}

/**
 * Set-up for stories that are not about money: jobs are charged to their owner, so an admin
 * records a bank payment of `amount` NGN into the wallet of the company named `companyName`.
 */
export async function fundCompany(
  server: RunningServer,
  adminToken: string,
  companyName: string,
  amount: number,
) {
  const filter = encodeURIComponent(JSON.stringify({ q: companyName }));
  const found = await callApi(server, adminToken, 'GET', `/companies?filter=${filter}`);
  const company = (found.body as unknown as { id: string; name: string }[]).find(
    (c) => c.name === companyName,
  );
  if (!company) throw new Error(`no company named ${companyName}`);
  const funded = await callApi(server, adminToken, 'POST', '/wallet/fund', {
    company_id: company.id,
    amount,
    reference: `E2E-${randomUUID()}`,
    paid_at: new Date().toISOString().slice(0, 10),
  });
  if (funded.status !== 201) throw new Error(`funding ${companyName}: ${funded.status}`);
}

/** An API call of a test's set-up: a JSON or multipart body, the bearer token when given. */
export async function callApi(
  server: RunningServer,
  token: string | null,
  method: string,
  url: string,
  body?: unknown,
) {
  const res = await fetch(`${server.url}/api/v2${url}`, {
    method,
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body && !(body instanceof FormData) ? { 'content-type': 'application/json' } : {}),
    },
    body: body instanceof FormData ? body : body ? JSON.stringify(body) : undefined,
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

/** Types `fields` (input name → text) into a form's inputs. */
export async function fillInputs(page: Page, fields: Record<string, string>) {
  for (const [name, value] of Object.entries(fields)) {
    await page.locator(`input[name="${name}"]`).fill(value);
  }
}

/**
 * Waits until the page has had no request in flight for a moment (its screen has its data):
 * call it once per page before navigating, then `await settle()` after each step.
 */
export function networkSettler(page: Page) {
  const inFlight = new Set<unknown>();
  page.on('request', (r) => inFlight.add(r));
  page.on('requestfinished', (r) => inFlight.delete(r));
  page.on('requestfailed', (r) => inFlight.delete(r));
  return async () => {
    for (let quiet = 0; quiet < 3;) {
      await page.waitForTimeout(60);
      quiet = inFlight.size > 0 ? 0 : quiet + 1;
    }
  };
}

/** To a route of the single-page app the way a link does (no reload: the app and its caches stay). */
export const openClientSide = (page: Page, route: string) =>
  page.evaluate((to) => {
    window.history.pushState(null, '', to);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, route);

/**
 * The agent's evidence through the capture API, as the wizard on the phone sends it: three
 * plain JPEGs, a GPS fix and the device time. `fields` adds or replaces form fields. The status.
 */
export async function submitCapture(
  server: RunningServer,
  token: string,
  fields: Record<string, string> = {},
) {
  const form = new FormData();
  for (const [kind, colour] of [
    ['selfie', '#a86'],
    ['house', '#6a8'],
    ['utility_bill', '#eee'],
  ] as const) {
    const jpeg = await sharp({
      create: { width: 640, height: 480, channels: 3, background: colour },
    })
      .jpeg()
      .toBuffer();
    form.append(kind, new Blob([new Uint8Array(jpeg)], { type: 'image/jpeg' }), `${kind}.jpg`);
  }
  const rest = {
    lat: '6.6018',
    lng: '3.3515',
    accuracy: '9',
    captured_at: new Date().toISOString(),
    idempotency_key: randomUUID(),
    ...fields,
  };
  for (const [name, value] of Object.entries(rest)) form.append(name, value);
  return (await callApi(server, null, 'POST', `/capture/${token}`, form)).status;
}
