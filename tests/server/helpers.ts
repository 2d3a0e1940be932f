import { spawn, type ChildProcess } from 'node:child_process';
import { Writable } from 'node:stream';
import type { FastifyPluginAsync } from 'fastify';
import { inject } from 'vitest';
import { buildApp, type App, type AppOptions } from '../../server/app';
import { defaultTimeouts, loadConfig, type Config } from '../../server/config';
import type { Db } from '../../server/db';
import { migrate } from '../../server/db/migrate';
import { openPglite } from '../../server/db/pglite';
import { openPostgres } from '../../server/db/postgres';
import { pooledPglite } from './pglitePool';
import { createConfirmedUser, type CreateUserInput } from '../../server/services/createUser';

export const testConfig = (over: Partial<Config> = {}): Config => ({
  port: 0,
  host: '127.0.0.1',
  dataDir: '/nonexistent',
  databasePoolSize: 4,
  publicUrl: 'http://backoffice.test',
  superAdminEmails: ['boss@provider.ng'],
  mailFrom: 'test@backoffice.test',
  // A refused mail is tried again at once: tests see all five tries without waiting.
  mailRetryDelaySeconds: 0,
  // The same for texts: the log driver, each failed try repeated at once.
  sms: { driver: 'log', retryDelaySeconds: 0 },
  jwtSecret: 'test-secret-test-secret-test-secret',
  sessionMaxHours: 12,
  sessionIdleMinutes: 120,
  captureUploadRetentionDays: 7,
  retentionDays: 365,
  demoData: false,
  logLevel: 'silent',
  trustProxy: false,
  timeouts: defaultTimeouts,
  // The machine checks stay pending unless a test asks for them (with fake checkers).
  checks: false,
  ...over,
});

/** `loadConfig` over only these variables (a JWT secret, so nothing is written to disk). */
export const configFromEnv = (env: Record<string, string>) =>
  loadConfig({ DATA_DIR: '/nonexistent', JWT_SECRET: testConfig().jwtSecret, ...env });

/**
 * A fresh, empty (not migrated) database: in-memory PGlite, or, when DATABASE_URL is set (CI's
 * second pass), a new schema on that PostgreSQL so test files never see each other's rows.
 */
export async function emptyDb(): Promise<Db> {
  const url = process.env.DATABASE_URL;
  if (!url) return openPglite();
  const schema = `t_${process.pid}_${Math.random().toString(36).slice(2, 10)}`;
  const admin = await openPostgres(url);
  await admin.exec(`CREATE SCHEMA ${schema}`);
  await admin.close();
  const sep = url.includes('?') ? '&' : '?';
  const db = await openPostgres(`${url}${sep}options=-c%20search_path%3D${schema}`);
  return {
    ...db,
    close: async () => {
      await db.exec(`DROP SCHEMA ${schema} CASCADE; DROP SCHEMA IF EXISTS ${schema}_queue CASCADE`);
      await db.close();
    },
  };
}

/** A fresh, migrated database for one test file (see `emptyDb`). */
export async function freshDb(): Promise<Db> {
  // On PGlite, the suite's migrated cluster (./pgliteSnapshot.ts), reused (./pglitePool.ts).
  const snapshot = inject('pgliteSnapshot');
  if (snapshot) return pooledPglite(snapshot);
  const db = await emptyDb();
  await migrate(db);
  return db;
}

export interface TestContext {
  app: App;
  db: Db;
  close: () => Promise<void>;
}

export interface PrintedMail {
  to: string;
  subject: string;
  text: string;
}

/** The mail each test app printed (without SMTP_URL the log is the delivery), by its database. */
const printedMail = new WeakMap<Db, PrintedMail[]>();
const loggedErrors = new WeakMap<Db, unknown[]>();
const appOf = new WeakMap<Db, App>();

/** A logger that keeps the mail the mailer prints and the errors logged; the rest is dropped. */
function mailCatcher(mails: PrintedMail[], errors: unknown[]) {
  const stream = new Writable({
    write(chunk: Buffer, _enc, done) {
      const line = JSON.parse(chunk.toString()) as {
        level: number;
        mailTo?: string;
        subject?: string;
        msg: string;
      };
      if (line.level >= 50) errors.push(line);
      if (line.mailTo) {
        mails.push({
          to: line.mailTo,
          subject: line.subject ?? '',
          text: line.msg.slice(line.msg.indexOf('\n') + 1),
        });
      }
      done();
    },
  });
  return { level: 'info', stream };
}

/** What a test may give the app besides its settings: fake machine checks. */
export type TestAppOptions = Pick<AppOptions, 'checkers'>;

/** The real app over a fresh database, for `app.inject`. */
export async function createTestApp(
  config: Partial<Config> = {},
  options: TestAppOptions = {},
): Promise<TestContext> {
  return createTestAppOn(await freshDb(), config, options);
}

/** The real app over `db` (closed with it), e.g. a copy of the seeded demo (./demoSnapshot.ts). */
export async function createTestAppOn(
  db: Db,
  config: Partial<Config> = {},
  options: TestAppOptions = {},
): Promise<TestContext> {
  const mails: PrintedMail[] = [];
  const errors: unknown[] = [];
  printedMail.set(db, mails);
  loggedErrors.set(db, errors);
  const app = await buildApp({
    config: testConfig(config),
    db,
    logger: mailCatcher(mails, errors),
    ...options,
  });
  await app.ready();
  appOf.set(db, app);
  return {
    app,
    db,
    close: async () => {
      await app.close();
      await db.close();
    },
  };
}

/**
 * The real app over `db` with `extra` routes under /api/v2, started: a probe of what the app
 * checks at start-up. Rejects with the start-up error (the app closed); otherwise the caller
 * closes the app (not `db`).
 */
export async function appWithRoutes(db: Db, extra: FastifyPluginAsync): Promise<App> {
  const app = await buildApp({ config: testConfig(), db });
  try {
    await app.register(extra, { prefix: '/api/v2' });
    await app.ready();
    return app;
  } catch (err) {
    await app.close().catch(() => undefined);
    throw err;
  }
}

let counter = 0;
/** A confirmed user with a unique email; returns the account and its password. */
export async function createUser(db: Db, input: Partial<CreateUserInput> = {}) {
  const n = ++counter;
  const data: CreateUserInput = {
    role: 'company',
    email: `user${n}-${Math.random().toString(36).slice(2, 6)}@example.ng`,
    password: 'amaka-test-pass-7',
    first_name: 'Test',
    last_name: `User${n}`,
    phone: '08031234567',
    company_name: input.role === 'company' || !input.role ? `Company ${n}` : undefined,
    ...input,
  };
  const account = await createConfirmedUser(db, data);
  return { account, password: data.password, email: data.email };
}

/** The bearer header of a new user of `role` holding `permissions`, signed in on `ctx`. */
export async function headersOf(
  ctx: TestContext,
  role: CreateUserInput['role'],
  permissions: string[] = [],
) {
  const u = await createUser(ctx.db, { role, permissions });
  return (await login(ctx.app, u.email, u.password)).headers;
}

/** Signs in through the API and returns the bearer header for later calls. */
export async function login(app: App, email: string, password: string) {
  const res = await app.inject({
    method: 'POST',
    url: '/api/v2/auth/login',
    payload: { email, password },
  });
  if (res.statusCode !== 200) throw new Error(`login failed: ${res.statusCode} ${res.body}`);
  const body = res.json() as { accessToken: string; refreshToken: string; account: { id: string } };
  return { ...body, headers: { authorization: `Bearer ${body.accessToken}` } };
}

/**
 * The mail delivered to `to` by the app on `db`, oldest first. The outbox clears a body once the
 * mail is delivered, so tests read what the mailer printed.
 */
export async function mailsTo(db: Db, to: string): Promise<PrintedMail[]> {
  // Mail leaves through the queue, after the answer: wait for what is queued so far.
  await appOf.get(db)?.mailer.idle();
  const mails = printedMail.get(db);
  if (!mails) throw new Error('mailsTo: this database has no app from createTestApp');
  return mails.filter((m) => m.to.toLowerCase() === to.toLowerCase());
}

/** The errors (log level error and above) the app on `db` logged so far, e.g. a 500's cause. */
export const errorsLogged = (db: Db): unknown[] => loggedErrors.get(db) ?? [];

/** The link in the newest mail to `to`. */
export async function lastMailLink(db: Db, to: string): Promise<URL> {
  const match = (await mailsTo(db, to)).at(-1)?.text.match(/https?:\/\/\S+/);
  if (!match) throw new Error(`no mail with a link to ${to}`);
  return new URL(match[0]);
}

/**
 * `POST /api/v2/auth/<route>` with a JSON body; `remoteAddress` picks the client IP, by default
 * one no other call uses, so per-IP limits never link two calls.
 */
export function post(app: App, route: string, payload?: unknown, remoteAddress = uniqueIp()) {
  return app.inject({
    method: 'POST',
    url: `/api/v2/auth/${route}`,
    ...(payload === undefined ? {} : { payload: payload as object }),
    remoteAddress,
  });
}

/** A row count, e.g. `await count(db, 'login_failures WHERE email = $1', [email])`. */
export async function count(db: Db, fromWhere: string, params: unknown[] = []) {
  const r = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${fromWhere}`, params);
  return r.rows[0]!.n;
}

let ipCounter = 0;
/** A client IP no other test uses, so per-IP throttling never links two tests. */
export function uniqueIp() {
  const n = ++ipCounter;
  return `10.${process.pid % 250}.${Math.floor(n / 250)}.${(n % 250) + 1}`;
}

/** A valid sign-up body with a unique email; `over` replaces any field. */
export function signupBody(over: Record<string, unknown> = {}) {
  const n = ++counter;
  return {
    first_name: 'Amaka',
    last_name: `Obi${n}`,
    email: `signup${n}-${Math.random().toString(36).slice(2, 6)}@example.ng`,
    phone: '0803 123 4567',
    password: 'amaka-test-pass-7',
    ...over,
  };
}

/** A process that runs for a while: its pid stands for a live other owner of a data folder. */
export function liveProcess(): ChildProcess {
  return spawn('sleep', ['120'], { stdio: 'ignore' });
}

/** The pid of a process that has already exited. */
export async function deadPid(): Promise<number> {
  const child = spawn('true', [], { stdio: 'ignore' });
  await new Promise((resolve) => child.once('exit', resolve));
  return child.pid!;
}
