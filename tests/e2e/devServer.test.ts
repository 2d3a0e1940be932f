import { createServer, type ViteDevServer } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/** `npm run dev` routes pages as the production server does (server/plugins/external/spa.ts). */
describe('the Vite dev server', () => {
  let vite: ViteDevServer;
  let base: string;
  beforeAll(async () => {
    vite = await createServer({ logLevel: 'silent', server: { port: 0, host: '127.0.0.1' } });
    await vite.listen();
    base = vite.resolvedUrls!.local[0]!.replace(/\/$/, '');
  });
  afterAll(() => vite?.close());

  const page = async (path: string) => (await fetch(`${base}${path}`)).text();

  it('serves the capture page on capture links', async () => {
    const html = await page('/automatic-address-verification/AbC123_-xyz');
    expect(html).toContain('src="/src/capture/main.tsx"');
    expect(html).not.toContain('src="/src/main.tsx"');
  });

  it('serves the back-office everywhere else', async () => {
    const html = await page('/admin/jobs');
    expect(html).toContain('src="/src/main.tsx"');
    expect(html).not.toContain('capture/main.tsx');
  });
});
