import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium, startServer, type RunningServer } from './harness';
import { gzipKB, watchScripts } from './scriptSize';

/** Every script the browser fetched for a page, and their gzip size from the build output. */
async function scriptsLoadedBy(browser: Browser, url: string) {
  const page = await browser.newPage();
  const scripts = watchScripts(page);
  await page.goto(url, { waitUntil: 'networkidle' });
  await page.close();
  return { files: [...scripts], gzipKB: gzipKB('dist', scripts) };
}

describe('bundle budgets (the JS a screen loads, gzip)', () => {
  let server: RunningServer;
  let browser: Browser;
  beforeAll(async () => {
    server = await startServer();
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('keeps /login under 430 KB', async () => {
    const { files, gzipKB } = await scriptsLoadedBy(browser, `${server.url}/login`);
    console.log(`/login loads ${files.length} scripts, ${gzipKB.toFixed(1)} KB gzip`);
    expect(files.length).toBeGreaterThan(0);
    expect(gzipKB).toBeLessThan(430);
  });

  it('keeps the capture wizard under 80 KB, with no react-admin or MUI', async () => {
    const { files, gzipKB } = await scriptsLoadedBy(
      browser,
      `${server.url}/automatic-address-verification/no-such-token`,
    );
    console.log(`capture page loads ${files.length} scripts, ${gzipKB.toFixed(1)} KB gzip`);
    expect(files.length).toBeGreaterThan(0);
    expect(gzipKB).toBeLessThan(80);
    for (const f of files) {
      expect(readFileSync(path.join('dist', f), 'utf8')).not.toMatch(
        /react-admin|MuiButton|@emotion/,
      );
    }
  });

  it('serves built assets pre-compressed', async () => {
    const html = await (await fetch(`${server.url}/login`)).text();
    const entry = html.match(/src="(\/assets\/[^"]+\.js)"/)?.[1];
    expect(entry).toBeDefined();
    const res = await fetch(`${server.url}${entry}`, {
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(res.headers.get('content-encoding')).toBe('br');
    expect(res.headers.get('cache-control')).toContain('immutable');
  });
});
