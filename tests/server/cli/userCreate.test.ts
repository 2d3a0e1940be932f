import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDb } from '../../../server/db';
import { verifyPassword } from '../../../server/services/secrets';
import { liveProcess } from '../helpers';

// Embedded database only: the CLI runs without DATABASE_URL, on the data folder under test.

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** `npm run user:create -- …` as an operator runs it, on the embedded database in `dataDir`. */
function userCreate(dataDir: string, args: string[]): Promise<Run> {
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir };
  delete env.DATABASE_URL; // always the embedded database: the data folder is what is tested
  env.JWT_SECRET = 'cli-test-secret-cli-test-secret-cli'; // else one is written to the folder
  const child = spawn(
    path.resolve('node_modules/.bin/tsx'),
    ['server/cli/userCreate.ts', ...args],
    {
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
  child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
  return new Promise((resolve, reject) => {
    child.once('error', reject);
    child.once('close', (code) => resolve({ code, stdout, stderr }));
  });
}

/** The arguments of a valid call; `over` changes or (with undefined) removes options. */
const userArgs = (over: Record<string, string | undefined> = {}) => {
  const values: Record<string, string | undefined> = {
    role: 'admin',
    email: 'ops@provider.ng',
    password: 'operator-pass-1',
    'first-name': 'Ope',
    'last-name': 'Rator',
    ...over,
  };
  return Object.entries(values).flatMap(([k, v]) => (v === undefined ? [] : [`--${k}`, v]));
};

interface AccountCheck {
  role: string;
  email: string;
  first_name: string;
  last_name: string;
  phone: string | null;
  password_hash: string;
  company_name: string | null;
  email_confirmed_at: Date | null;
  status: number;
}

async function accountsIn(dataDir: string) {
  const db = await openDb({ dataDir }, 'the tests');
  try {
    const r = await db.query<AccountCheck>(
      `SELECT a.role, a.email, a.first_name, a.last_name, a.phone, a.password_hash, a.email_confirmed_at,
              a.status, c.name AS company_name
         FROM accounts a LEFT JOIN companies c ON c.id = a.company_id ORDER BY a.created_at`,
    );
    return r.rows;
  } finally {
    await db.close();
  }
}

describe('npm run user:create', () => {
  let tmp: string;
  let other: ChildProcess;
  beforeAll(() => {
    tmp = mkdtempSync(path.join(tmpdir(), 'user-create-'));
    other = liveProcess();
  });
  afterAll(() => {
    other.kill();
    rmSync(tmp, { recursive: true, force: true });
  });

  // Two CLI processes, each migrating or opening a PGlite folder: 30 s was passed on a loaded run.
  it('creates confirmed users in a new data folder, migrating it first; refuses a taken email', async () => {
    const dataDir = path.join(tmp, 'new');
    const admin = await userCreate(dataDir, userArgs());
    expect(admin.stderr).toBe('');
    expect(admin.code).toBe(0);
    expect(admin.stdout).toMatch(/Created admin ops@provider\.ng \(ADM-\d{6}\)/);

    const agent = await userCreate(
      dataDir,
      userArgs({ role: 'agent', email: 'field.agent@provider.ng', phone: '0803 444 5555' }),
    );
    expect(agent.code).toBe(0);
    const company = await userCreate(
      dataDir,
      userArgs({ role: 'company', email: 'client@lender.ng', 'company-name': 'Lender Ltd' }),
    );
    expect(company.code).toBe(0);

    // An email that is taken, in any case: a message, not a stack trace.
    const again = await userCreate(dataDir, userArgs({ email: 'OPS@provider.ng' }));
    expect(again.code).not.toBe(0);
    expect(again.stderr).toMatch(/already exists/);
    expect(again.stderr).not.toMatch(/\bat .*\.ts:\d+/);

    // The folder is released when the command ends: it opens here.
    const rows = await accountsIn(dataDir);
    expect(rows).toEqual([
      expect.objectContaining({
        role: 'admin',
        email: 'ops@provider.ng',
        first_name: 'Ope',
        company_name: null,
      }),
      expect.objectContaining({
        role: 'agent',
        email: 'field.agent@provider.ng',
        phone: '+2348034445555',
      }),
      expect.objectContaining({
        role: 'company',
        email: 'client@lender.ng',
        company_name: 'Lender Ltd',
      }),
    ]);
    for (const row of rows) {
      expect(row.email_confirmed_at).toBeInstanceOf(Date);
      expect(row.status).toBe(1);
      expect(row.password_hash).toMatch(/^\$argon2id\$/);
      expect(await verifyPassword(row.password_hash, 'operator-pass-1')).toBe(true);
    }
    expect(existsSync(path.join(dataDir, 'pglite.lock'))).toBe(false);
  }, 120_000);

  it.each([
    ['a missing email', userArgs({ email: undefined }), /--email/],
    ['a malformed email', userArgs({ email: 'not-an-email' }), /--email/],
    ['an unknown role', userArgs({ role: 'superuser' }), /--role/],
    ['the role sub-admin', userArgs({ role: 'sub-admin' }), /--role/],
    ['a short password', userArgs({ password: 'short' }), /--password.*8/],
    ['a missing first name', userArgs({ 'first-name': '  ' }), /--first-name/],
    ['an unknown option', [...userArgs(), '--admin', 'yes'], /admin/],
    ['no arguments', [], /--role/],
    [
      'a phone that is not Nigerian',
      userArgs({ phone: '+1 415 555 2671' }),
      /--phone must be a valid Nigerian/,
    ],
  ])('exits non-zero with a message on %s, touching nothing', async (_what, args, message) => {
    const dataDir = path.join(tmp, `bad-${Math.random().toString(36).slice(2)}`);
    const run = await userCreate(dataDir, args);
    expect(run.code).not.toBe(0);
    expect(run.stderr).toMatch(message);
    expect(run.stderr).toMatch(/Usage: npm run user:create/);
    expect(existsSync(dataDir)).toBe(false);
  });

  it('security: refuses one of the most common passwords with a message, creating no one', async () => {
    const dataDir = path.join(tmp, 'common-password');
    const run = await userCreate(
      dataDir,
      userArgs({ role: 'company', password: 'Password123', 'company-name': 'Lender Ltd' }),
    );
    expect(run.code).not.toBe(0);
    expect(run.stderr).toMatch(/most commonly used passwords/);
    expect(run.stderr).not.toMatch(/\bat .*\.ts:\d+/);
    expect(await accountsIn(dataDir)).toEqual([]);
  });

  it('refuses a data folder that another live process holds, leaving it untouched', async () => {
    const dataDir = path.join(tmp, 'busy');
    mkdirSync(dataDir);
    writeFileSync(
      path.join(dataDir, 'pglite.lock'),
      JSON.stringify({ pid: other.pid, owner: 'the API server' }),
    );
    const run = await userCreate(dataDir, userArgs());
    expect(run.code).not.toBe(0);
    expect(run.stderr).toMatch(/in use by the API server/);
    expect(run.stderr).toContain(String(other.pid));
    expect(readdirSync(dataDir)).toEqual(['pglite.lock']);
  });
});
