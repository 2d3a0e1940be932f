import { spawnSync } from 'node:child_process';
import { createReadStream, existsSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser, BrowserContextOptions, Page } from 'playwright-core';
import { build } from 'vite';
import {
  addressJobForm,
  chromiumPath,
  createUsersWithCli,
  hasChromium,
  launchChromium,
  startServer,
  type RunningServer,
} from '../tests/e2e/harness';
import { writeDetailedClip } from './fakeCamera';
import { fmt, markdownTable, median } from './report';
import { gzipKB, watchScripts } from '../tests/e2e/scriptSize';

/**
 * The capture page on an emulated slow mobile network, next to floors measured in the same run:
 * first camera frame against a page with react-webcam alone, Submit → 'Submitted' against a plain
 * POST of the same bytes, and the JS each page loads (gzip). Returns the report's section, or null
 * without Chromium.
 */
export const captureHeading = '## Capture on a slow mobile network';

const runs = Number(process.env.BENCH_CAPTURE_RUNS ?? 5);
/** Chromium CDP Network.emulateNetworkConditions: 1.6 Mbps down, 750 kbps up, 150 ms RTT. */
const slowMobile = {
  offline: false,
  latency: 150,
  downloadThroughput: 1.6e6 / 8,
  uploadThroughput: 750e3 / 8,
};
const floorRoot = path.resolve('bench/webcamFloor');
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** dist/ as `npm run build` makes it, rebuilt when the capture sources are newer. */
function ensureBuilt() {
  const newest = (p: string): number => {
    const s = statSync(p);
    if (!s.isDirectory()) return s.mtimeMs;
    return Math.max(s.mtimeMs, ...readdirSync(p).map((n) => newest(path.join(p, n))));
  };
  const page = 'dist/capture.html';
  const sources = Math.max(newest('src/capture'), newest('capture.html'));
  if (existsSync(page) && statSync(page).mtimeMs >= sources) return;
  console.log('building dist/ (vite build)');
  const r = spawnSync(
    process.execPath,
    ['node_modules/vite/bin/vite.js', 'build', '--logLevel', 'warn'],
    {
      stdio: 'inherit',
    },
  );
  if (r.status !== 0) throw new Error('vite build failed');
}

/**
 * The floor page's build, served like the app serves dist/ (pre-compressed files), plus /sink:
 * a POST that only counts its bytes, for the upload floor. Same host as the server, another port.
 */
async function serveFloor(root: string) {
  const types: Record<string, string> = {
    '.html': 'text/html; charset=utf-8',
    '.js': 'text/javascript',
    '.css': 'text/css',
  };
  const server = createServer((req, res) => {
    const { pathname } = new URL(req.url ?? '/', 'http://localhost');
    if (pathname === '/sink') {
      let bytes = 0;
      req.on('data', (chunk: Buffer) => (bytes += chunk.length));
      req.on('end', () => {
        res.writeHead(200, {
          'content-type': 'application/json',
          'access-control-allow-origin': '*',
        });
        res.end(JSON.stringify({ bytes }));
      });
      return;
    }
    const file = path.join(root, pathname === '/' ? 'index.html' : path.normalize(pathname));
    if (!file.startsWith(root + path.sep) || !existsSync(file)) {
      res.writeHead(404).end();
      return;
    }
    const accepts = String(req.headers['accept-encoding'] ?? '');
    const encoding = (['br', 'gzip'] as const).find(
      (e) => accepts.includes(e) && existsSync(`${file}.${e === 'br' ? 'br' : 'gz'}`),
    );
    res.writeHead(200, {
      'content-type': types[path.extname(file)] ?? 'application/octet-stream',
      'cache-control': 'no-cache',
      ...(encoding ? { 'content-encoding': encoding } : {}),
    });
    createReadStream(encoding ? `${file}.${encoding === 'br' ? 'br' : 'gz'}` : file).pipe(res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { url, close: () => new Promise((resolve) => server.close(resolve)) };
}

const users = {
  admin: ['admin', 'bench-admin@capture.ng', 'Admin-pass-1'],
  company: ['company', 'bench-client@capture.ng', 'Client-pass-1'],
  agent: ['agent', 'bench-agent@capture.ng', 'Agent-pass-1'],
} as const;

/** Creates address jobs and assigns them to the agent, one capture link each (from the mail). */
async function jobMaker(server: RunningServer) {
  const api = async <T>(token: string | null, method: string, url: string, body?: unknown) => {
    const json = body !== undefined && !(body instanceof FormData);
    const res = await fetch(`${server.url}/api/v2${url}`, {
      method,
      headers: {
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...(json ? { 'content-type': 'application/json' } : {}),
      },
      body: json ? JSON.stringify(body) : (body as FormData | undefined),
    });
    const text = await res.text();
    if (!res.ok) throw new Error(`${method} ${url} answered ${res.status}: ${text}`);
    return JSON.parse(text) as T;
  };
  const login = async ([, email, password]: readonly string[]) =>
    (await api<{ accessToken: string }>(null, 'POST', '/auth/login', { email, password }))
      .accessToken;
  const admin = await login(users.admin);
  const company = await login(users.company);
  await api(admin, 'POST', '/setting/tat', {
    state: 'lagos',
    jobType: 'address',
    audience: 'agent',
    amount: 1500,
    tatInHours: 24,
  });
  const [agent] = await api<{ id: string }[]>(admin, 'GET', '/job/fetch-assignees/agent');
  const seen = new Set<string>();
  const linkPattern = /https?:\/\/[^\s"\\]+\/automatic-address-verification\/[\w-]+/g;

  return async function newJob() {
    const form = addressJobForm('Funke', 'Ade');
    const { id } = await api<{ id: string }>(company, 'POST', '/job/create-address', form);
    await api(admin, 'PATCH', `/job/assign/agent/${agent!.id}`, { list: [id] });
    for (let waited = 0; waited < 10_000; waited += 100) {
      const link = server
        .log()
        .match(linkPattern)
        ?.find((l) => !seen.has(l));
      if (link) {
        seen.add(link);
        return link;
      }
      await sleep(100);
    }
    throw new Error(`no capture link mailed for job ${id}`);
  };
}

/** A fresh context and page on the emulated network, cache off, noting the scripts it loads. */
async function throttledPage(browser: Browser, options: BrowserContextOptions = {}) {
  const context = await browser.newContext({ viewport: { width: 360, height: 740 }, ...options });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  await cdp.send('Network.emulateNetworkConditions', slowMobile);
  return { context, page, scripts: watchScripts(page) };
}

/** In the page: the time since navigation start once a camera frame shows, else false. */
const cameraLiveAt = () =>
  [...document.querySelectorAll('video')].some((v) => v.readyState >= 2 && v.videoWidth > 0) &&
  performance.now();

/** Milliseconds from navigation start to the first camera frame. */
async function firstFrameMs(page: Page, url: string) {
  await page.goto(url, { waitUntil: 'commit' });
  const ready = await page.waitForFunction(cameraLiveAt, undefined, {
    polling: 10,
    timeout: 120_000,
  });
  return (await ready.jsonValue()) as number;
}

interface Run {
  frameMs: number;
  floorFrameMs: number;
  submitMs: number;
  floorPostMs: number;
  postBytes: number;
  photoBytes: number;
}

/** The scripts each page loaded, over all runs. */
type Scripts = Record<'capture' | 'floor', Set<string>>;

async function oneRun(browser: Browser, link: string, floorUrl: string, js: Scripts) {
  const floor = await throttledPage(browser, { permissions: ['camera'] });
  const floorFrameMs = await firstFrameMs(floor.page, floorUrl);
  floor.scripts.forEach((s) => js.floor.add(s));
  await floor.context.close();

  const { context, page, scripts } = await throttledPage(browser, {
    permissions: ['geolocation', 'camera'],
    geolocation: { latitude: 6.4503, longitude: 3.3958, accuracy: 12 },
    bypassCSP: true, // the page's CSP (connect-src 'self') would refuse the floor's sink
  });
  const frameMs = await firstFrameMs(page, link);
  for (let step = 0; step < 3; step++) {
    await page.waitForFunction(cameraLiveAt);
    await page.getByRole('button', { name: 'Capture image' }).click();
    await page.getByRole('button', { name: 'Next' }).click();
  }
  await page.getByPlaceholder('Where you are: street, building, landmark').fill('Blue gate');
  await page.getByRole('button', { name: 'Capture', exact: true }).click();
  await page.getByText(/accuracy 12 m/).waitFor();
  scripts.forEach((s) => js.capture.add(s));

  // Submit's click and the 'Submitted' heading, both timed in the page; the submission's form
  // is kept (a Blob-backed body is not visible to Playwright) for the floor to send again.
  await page.evaluate(() => {
    const kept: { submit?: number; done?: number; form?: FormData } = {};
    const send = window.fetch;
    Object.assign(window, { benchKept: kept });
    // (an assignment, not a named function: tsx would wrap that in a helper the page lacks)
    window.fetch = (input, init) => {
      if (init?.method === 'POST' && init.body instanceof FormData) kept.form = init.body;
      return send(input, init);
    };
    document.addEventListener(
      'click',
      (e) => {
        const button = e.target instanceof Element ? e.target.closest('button') : null;
        if (button?.textContent === 'Submit') kept.submit ??= performance.now();
      },
      true,
    );
    new MutationObserver((_records, observer) => {
      if (!document.getElementById('done-title')) return;
      kept.done = performance.now();
      observer.disconnect();
    }).observe(document.body, { childList: true, subtree: true });
  });
  const posted = page.waitForRequest(
    (r) => r.method() === 'POST' && new URL(r.url()).pathname.startsWith('/api/v2/capture/'),
  );
  await page.getByRole('button', { name: 'Submit' }).click();
  await posted;
  await page.getByText('Submitted', { exact: true }).waitFor({ timeout: 300_000 });

  // The floor: the same form POSTed by fetch from the same page under the same emulation.
  const timed = await page.evaluate(async (sink) => {
    const kept = (window as unknown as { benchKept: Record<string, number> & { form: FormData } })
      .benchKept;
    await (await fetch(sink)).json(); // an open connection, as the capture POST has
    const started = performance.now();
    const res = await fetch(sink, { method: 'POST', body: kept.form });
    const { bytes } = (await res.json()) as { bytes: number };
    const photos = [...kept.form.values()].filter((v) => v instanceof Blob);
    return {
      submitMs: kept.done! - kept.submit!,
      floorMs: performance.now() - started,
      bytes,
      photos: photos.length,
      photoBytes: photos.reduce((sum, p) => sum + p.size, 0),
    };
  }, `${floorUrl}/sink`);
  if (timed.photos !== 3 || timed.bytes < timed.photoBytes)
    throw new Error(`the sink received ${timed.bytes} bytes for ${timed.photos} photos`);
  await context.close();
  return {
    frameMs,
    floorFrameMs,
    submitMs: timed.submitMs,
    floorPostMs: timed.floorMs,
    postBytes: timed.bytes,
    photoBytes: timed.photoBytes,
  } satisfies Run;
}

export async function benchCapture(): Promise<string | null> {
  if (!hasChromium) {
    console.warn(`Chromium is missing at ${chromiumPath}: the capture benchmark is skipped.`);
    return null;
  }
  ensureBuilt();
  const floorDir = mkdtempSync(path.join(tmpdir(), 'bench-webcam-floor-'));
  const dataDir = mkdtempSync(path.join(tmpdir(), 'bench-capture-'));
  await build({
    root: floorRoot,
    configFile: path.join(floorRoot, 'vite.config.ts'),
    logLevel: 'warn',
    build: { outDir: floorDir, emptyOutDir: true },
  });
  createUsersWithCli(
    dataDir,
    Object.values(users).map(([role, email, password]) => ({
      role,
      email,
      password,
      firstName: 'Bench',
      lastName: role,
      companyName: role === 'company' ? 'Bench Capture Ltd' : undefined,
    })),
  );
  const server = await startServer({ DATA_DIR: dataDir });
  const floor = await serveFloor(floorDir);
  const clip = path.join(dataDir, 'camera.y4m');
  writeDetailedClip(clip);
  const browser = await launchChromium([
    '--use-fake-device-for-media-stream',
    '--use-fake-ui-for-media-stream',
    `--use-file-for-fake-video-capture=${clip}`,
  ]);
  try {
    const newJob = await jobMaker(server);
    const js: Scripts = { capture: new Set(), floor: new Set() };
    const results: Run[] = [];
    for (let i = 0; i <= runs; i++) {
      const r = await oneRun(browser, await newJob(), floor.url, js);
      console.log(
        `capture run ${i || 'warm-up'}: frame ${fmt(r.frameMs)} ms (floor ${fmt(r.floorFrameMs)}),` +
          ` submit ${fmt(r.submitMs)} ms (floor ${fmt(r.floorPostMs)}, ${fmt(r.postBytes / 1024)} KB)`,
      );
      if (i > 0) results.push(r);
    }
    const m = (k: keyof Run) => median(results.map((r) => r[k]));
    const spread = (k: keyof Run) => {
      const all = results.map((r) => r[k]);
      return `${fmt(m(k))} ms (${fmt(Math.min(...all))}–${fmt(Math.max(...all))})`;
    };
    const files = (n: number) => `${n} file${n === 1 ? '' : 's'}`;
    const captureKB = gzipKB('dist', js.capture);
    const floorKB = gzipKB(floorDir, js.floor);
    const rows = [
      ['measure', 'result', 'floor', 'ratio'],
      [
        'capture link → first camera frame',
        spread('frameMs'),
        `${spread('floorFrameMs')}, react-webcam page`,
        `${fmt(m('frameMs') / m('floorFrameMs'), 2)}×`,
      ],
      [
        `Submit → 'Submitted': three photos, ${fmt(m('photoBytes') / 1024)} KB of JPEG ` +
          `(${fmt(m('postBytes') / 1024)} KB multipart)`,
        spread('submitMs'),
        `${spread('floorPostMs')}, fetch POST of the same bytes`,
        `${fmt(m('submitMs') / m('floorPostMs'), 2)}×`,
      ],
      [
        'JS the page loads, gzip -9',
        `${fmt(captureKB, 1)} KB (${files(js.capture.size)})`,
        `${fmt(floorKB, 1)} KB (${files(js.floor.size)}), react-webcam page`,
        `${fmt(captureKB / floorKB, 2)}×`,
      ],
    ];
    return [
      captureHeading,
      '',
      `Chromium ${browser.version()} with a fake camera; network emulated over CDP (1.6 Mbps down, ` +
        `750 kbps up, 150 ms latency, cache disabled), a fresh browser context per page; median of ` +
        `${runs} runs after a warm-up (min–max in brackets); the camera plays a detailed still ` +
        '(bench/fakeCamera.ts), so the photos are as large as real ones. The server runs on the embedded PGlite. ' +
        'Floors, in the same run: a page with react-webcam alone (same React build and camera ' +
        'request, served pre-compressed), and the submission’s own form POSTed again by fetch ' +
        'from the capture page to a sink on another port that only counts the bytes.',
      '',
      ...markdownTable(rows),
      '',
    ].join('\n');
  } finally {
    await browser.close();
    await floor.close();
    await server.stop();
    rmSync(floorDir, { recursive: true, force: true });
    rmSync(dataDir, { recursive: true, force: true });
  }
}
