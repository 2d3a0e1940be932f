import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Page } from 'playwright-core';

/* The JS a page loads, sized as served: for the bundle budgets and the capture benchmark. */

/** The pathnames of every .js file `page` fetches from now on. */
export function watchScripts(page: Page) {
  const scripts = new Set<string>();
  page.on('response', (res) => {
    const { pathname } = new URL(res.url());
    if (pathname.endsWith('.js')) scripts.add(pathname);
  });
  return scripts;
}

/** Gzip size in KB of built files under `root`, at level 9 as build/precompress.ts writes .gz. */
export function gzipKB(root: string, pathnames: Iterable<string>) {
  let bytes = 0;
  for (const p of pathnames)
    bytes += gzipSync(readFileSync(path.join(root, p)), { level: 9 }).length;
  return bytes / 1024;
}
