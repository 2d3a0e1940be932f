import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startServer } from './harness';

const tsx = ['node_modules/tsx/dist/cli.mjs'];

function runNode(args: string[], env: Record<string, string>) {
  const childEnv: NodeJS.ProcessEnv = { ...process.env, ...env };
  delete childEnv.DATABASE_URL;
  return spawnSync(process.execPath, [...tsx, ...args], {
    env: childEnv,
    encoding: 'utf8',
    timeout: 60_000,
  });
}

async function login(url: string, email: string, password: string) {
  return fetch(`${url}/api/v2/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
}

describe('the server process on its data folder', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'e2e-lifecycle-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('seeds demo data on a new folder, refuses a second process, and keeps data across a graceful stop', async () => {
    const server = await startServer({ DATA_DIR: dataDir, DEMO_DATA: 'true' });
    try {
      expect((await login(server.url, 'admin@demo.ng', 'Admin1234!')).status).toBe(200);
      const signup = await fetch(`${server.url}/api/v2/auth/signup`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          first_name: 'Kemi',
          last_name: 'Ade',
          email: 'kemi@lifecycle.ng',
          phone: '08051234567',
          password: 'kemi-password',
        }),
      });
      expect(signup.status).toBe(201);

      // PGlite allows one process per folder: the CLI and a second server must refuse it.
      const cli = runNode(
        [
          'server/cli/userCreate.ts',
          '--role',
          'admin',
          '--email',
          'x@lifecycle.ng',
          '--password',
          'lifecycle-pass-1',
          '--first-name',
          'X',
          '--last-name',
          'Y',
        ],
        { DATA_DIR: dataDir },
      );
      expect(cli.status).not.toBe(0);
      expect(cli.stderr).toMatch(/in use by the API server/);
      const second = runNode(['server/server.ts'], { DATA_DIR: dataDir, PORT: '0' });
      expect(second.status).not.toBe(0);
      expect(second.stderr).toMatch(/in use by the API server/);
    } finally {
      expect(await server.stop()).toBe(0);
    }

    // With the server stopped the CLI may use the folder.
    const cli = runNode(
      [
        'server/cli/userCreate.ts',
        '--role',
        'company',
        '--email',
        'ops@lifecycle.ng',
        '--password',
        'lifecycle-pass-1',
        '--first-name',
        'Ops',
        '--last-name',
        'Person',
        '--company-name',
        'Ops Ltd',
      ],
      { DATA_DIR: dataDir },
    );
    expect(cli.stderr).toBe('');
    expect(cli.status).toBe(0);

    const again = await startServer({ DATA_DIR: dataDir, DEMO_DATA: 'true' });
    try {
      // The same data: the demo admin, the unconfirmed sign-up and the CLI's user, nothing re-seeded.
      expect((await login(again.url, 'admin@demo.ng', 'Admin1234!')).status).toBe(200);
      expect((await login(again.url, 'kemi@lifecycle.ng', 'kemi-password')).status).toBe(403);
      const ops = await login(again.url, 'ops@lifecycle.ng', 'lifecycle-pass-1');
      expect(ops.status).toBe(200);
      expect((await ops.json()).account.company_name).toBe('Ops Ltd');
      expect(again.log()).not.toMatch(/demo accounts created/);
    } finally {
      expect(await again.stop()).toBe(0);
    }
  });
});
