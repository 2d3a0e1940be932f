import type { Config } from '../../../server/config';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { stateAliases } from '../../../reference/locations';
import type { App } from '../../../server/app';
import type { Db } from '../../../server/db';
import type { LockedJob } from '../../../server/repositories/jobs';
import type { JobStatus } from '../../../server/services/jobStateMachine';
import { createLedgerRepository } from '../../../server/repositories/ledger';
import { fundingMovement } from '../../../server/services/ledger';
import { moveJob, type MoveStep } from '../../../server/services/jobMoves';
import { createTestApp, createUser, login, type TestAppOptions } from '../helpers';

export type Headers = Record<string, string>;

/**
 * A test app whose DATA_DIR is a fresh temporary folder (attachments are written there), with a
 * Company price for every state and kind, since creating a job charges it.
 */
export async function createJobsTestApp(
  config: Partial<Config> = {},
  options: TestAppOptions = {},
) {
  const ctx = await createTestApp(
    { dataDir: mkdtempSync(path.join(tmpdir(), 'jobs-test-')), ...config },
    options,
  );
  await setPrices(ctx.db);
  return ctx;
}

/** What staff and sub-users hold in these tests unless told otherwise: every right over jobs. */
export const jobLabels = [
  'View Dashboard',
  'Create Job',
  'View Job History',
  'View Job Stages',
  'View, Print & Download Report',
];

/** A signed-in user of the given kind; `companyOf` makes a company's sub-user. */
export async function signIn(
  app: App,
  db: Db,
  kind: 'admin' | 'staff' | 'company' | 'subuser' | 'agent' | 'boss',
  opts: {
    companyOf?: string;
    company_name?: string;
    permissions?: string[];
    /** A company the provider marked as a partner: jobs can be assigned to it. */
    partner?: boolean;
  } = {},
) {
  const role =
    kind === 'admin'
      ? 'admin'
      : kind === 'staff' || kind === 'subuser'
        ? 'sub-admin'
        : kind === 'agent'
          ? 'agent'
          : 'company';
  const email =
    kind === 'boss' ? `boss${Math.random().toString(36).slice(2, 6)}@provider.ng` : undefined;
  const { account, password } = await createUser(db, {
    role,
    ...(email ? { email } : {}),
    ...(opts.company_name ? { company_name: opts.company_name } : {}),
    ...(role === 'sub-admin' ? { permissions: opts.permissions ?? jobLabels } : {}),
  });
  if (kind === 'subuser') {
    await db.query('UPDATE accounts SET company_id = $2 WHERE id = $1', [
      account.id,
      opts.companyOf,
    ]);
  }
  if (opts.partner) await makePartner(db, account.company_id!);
  if (kind === 'agent') return { account, headers: {} as Headers, companyId: null };
  // Creating a job charges its owner: every company starts with money in its wallet.
  if (kind === 'company' || kind === 'boss')
    await fundWallet(db, account.company_id!, testWalletKobo);
  const session = await login(app, account.email, password);
  const companyId = kind === 'subuser' ? opts.companyOf! : account.company_id;
  return { account, headers: session.headers, companyId };
}

/** A signed-in user of the tests: its account, bearer headers and company. */
export type Actor = Awaited<ReturnType<typeof signIn>>;

/** Marks a company as a partner directly (the companies API has its own tests). */
export async function makePartner(db: Db, companyId: string, isPartner = true) {
  await db.query('UPDATE companies SET is_partner = $2 WHERE id = $1', [companyId, isPartner]);
}

export const addressFields = (over: Record<string, string> = {}) => ({
  first_name: 'Chidi',
  last_name: 'Okeke',
  phone: '0803 123 4567',
  email: 'chidi@example.ng',
  address: '12 Allen Avenue',
  landmark: 'Opposite the filling station',
  state: 'lagos',
  lga: 'ikeja',
  ...over,
});

/** A multipart body from text fields and files. */
export function multipart(
  fields: Record<string, string>,
  files: { field: string; filename: string; data: Buffer; type?: string }[] = [],
) {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  for (const f of files) {
    form.append(
      f.field,
      new Blob([new Uint8Array(f.data)], { type: f.type ?? 'application/octet-stream' }),
      f.filename,
    );
  }
  return form;
}

/**
 * A bulk file of jobs posted to `url` as the web sends it (`/job/upload`, `/job/price/file`): the
 * job kind (`type`, address by default) and other `fields`, the file named `filename` of `mime`
 * (`data: null` sends the form without a file).
 */
export const postJobsFile = (
  app: App,
  url: string,
  headers: Headers,
  data: Buffer | string | null,
  opts: { type?: string; filename?: string; fields?: Record<string, string>; mime?: string } = {},
) =>
  app.inject({
    method: 'POST',
    url,
    headers,
    payload: multipart(
      { type: opts.type ?? 'address', ...opts.fields },
      data === null
        ? []
        : [
            {
              field: 'file',
              filename: opts.filename ?? 'jobs.csv',
              data: Buffer.from(data),
              ...(opts.mime ? { type: opts.mime } : {}),
            },
          ],
    ),
  });

export async function createJob(
  app: App,
  headers: Headers,
  fields: Record<string, string> = addressFields(),
) {
  const res = await app.inject({
    method: 'POST',
    url: '/api/v2/job/create-address',
    headers,
    payload: multipart(fields),
  });
  if (res.statusCode !== 201) throw new Error(`create failed: ${res.statusCode} ${res.body}`);
  return res.json() as { id: string; code: string; status: JobStatus; [k: string]: unknown };
}

/** Sets a TAT directly (the settings API has its own tests). */
export async function setTat(
  db: Db,
  t: {
    state?: string;
    type?: string;
    audience?: 'company' | 'agent';
    amountKobo?: number;
    hours?: number;
  } = {},
) {
  await db.query(
    `INSERT INTO tat_settings (state, job_type, audience, amount_kobo, tat_in_hours)
     VALUES ($1, $2, $3, $4, $5)
     ON CONFLICT (state, job_type, audience) DO UPDATE SET amount_kobo = $4, tat_in_hours = $5`,
    [
      t.state ?? 'lagos',
      t.type ?? 'address',
      t.audience ?? 'company',
      t.amountKobo ?? 150_000,
      t.hours ?? 48,
    ],
  );
}

/** What `signIn` puts in each new company's wallet: ₦1,000,000. */
export const testWalletKobo = 100_000_000;

let fundings = 0;
/** Credits a company's wallet through the ledger, as a recorded bank transfer would. */
export async function fundWallet(db: Db, companyId: string, kobo: number) {
  await db.transaction((tx) =>
    createLedgerRepository(tx).post(
      [
        fundingMovement(
          companyId,
          kobo,
          `TEST-${process.pid}-${++fundings}-${Math.random().toString(36).slice(2, 8)}`,
          { method: 'bank_transfer' },
          null,
        ),
      ],
      tx,
    ),
  );
}

/**
 * What creating jobs needs since they are charged: a Company price for each (state, kind) the
 * test uses (₦1,500 unless told; every state by default) and, through `signIn`, a funded wallet.
 */
export async function setPrices(
  db: Db,
  prices: { states?: readonly string[]; types?: string[]; amountKobo?: number } = {},
) {
  await db.query(
    `INSERT INTO tat_settings (state, job_type, audience, amount_kobo, tat_in_hours)
     SELECT s, t, 'company', $3, 48 FROM unnest($1::text[]) s CROSS JOIN unnest($2::text[]) t
     ON CONFLICT DO NOTHING`,
    [
      prices.states ?? stateAliases,
      prices.types ?? ['address', 'business_address', 'business', 'product'],
      prices.amountKobo ?? 150_000,
    ],
  );
}

/**
 * Moves a job through `steps` in one transaction with the one writer of moves (state machine,
 * events, money), for a move no route of the test makes: capture's submit without photos, an
 * agent declining. `actor` picks who the events name from the locked job (default: its agent).
 */
export async function moveThrough(
  app: App,
  jobId: string,
  steps: (job: LockedJob) => MoveStep[],
  actor: (job: LockedJob) => string | null = (job) => job.assignee_agent_id,
) {
  const { jobs } = app.repos;
  await app.db.transaction(async (tx) => {
    const [job] = await jobs.lockForMove([jobId], tx);
    if (!job) throw new Error(`no job ${jobId}`);
    await moveJob({ jobs, queue: app.queue }, job, steps(job), actor(job), tx);
  });
}

/**
 * Moves an assigned or accepted job on to `submitted` as the capture link does (accepting it first
 * when still assigned), without photos: for tests of what follows a submission. Capture's own
 * tests submit real photos.
 */
export const submitEvidence = (app: App, jobId: string) =>
  moveThrough(app, jobId, (job) => [
    ...(job.status === 'assigned'
      ? [{ action: 'accept' as const, reason: 'Accepted by submitting through the capture link' }]
      : []),
    { action: 'submit', reason: 'Evidence submitted through the capture link' },
  ]);

/**
 * A small real PDF (one A4 page with a line of text), its cross-reference table at the offsets
 * a reader expects; with `xrefStream` a PDF 1.5 cross-reference stream instead of the table.
 */
export function pdfFile({ text = 'Utility bill', xrefStream = false } = {}) {
  const content = `BT /F1 18 Tf 72 770 Td (${text}) Tj ET`;
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents 4 0 R ' +
      '/Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${content.length} >>\nstream\n${content}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let out = `%PDF-${xrefStream ? '1.5' : '1.4'}\n%\xe2\xe3\xcf\xd3\n`;
  const offsets: number[] = [];
  for (const [i, o] of objects.entries()) {
    offsets.push(out.length);
    out += `${i + 1} 0 obj\n${o}\nendobj\n`;
  }
  const xrefAt = out.length;
  const size = objects.length + (xrefStream ? 2 : 1);
  if (xrefStream) {
    // Entries of 1 + 4 + 1 bytes: type 0 (free) for object 0, type 1 (at an offset) for the rest.
    const entry = (type: number, offset: number, gen: number) =>
      String.fromCharCode(
        type,
        offset >>> 24,
        (offset >>> 16) & 255,
        (offset >>> 8) & 255,
        offset & 255,
        gen,
      );
    const rows = entry(0, 0, 255) + [...offsets, xrefAt].map((o) => entry(1, o, 0)).join('');
    out +=
      `${size - 1} 0 obj\n<< /Type /XRef /Size ${size} /W [1 4 1] /Root 1 0 R /Length ${rows.length} >>\n` +
      `stream\n${rows}\nendstream\nendobj\n`;
  } else {
    out += `xref\n0 ${size}\n0000000000 65535 f \n`;
    out += offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('');
    out += `trailer\n<< /Size ${size} /Root 1 0 R >>\n`;
  }
  out += `startxref\n${xrefAt}\n%%EOF\n`;
  return Buffer.from(out, 'latin1');
}
