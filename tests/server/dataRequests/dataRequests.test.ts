import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applicationFields, apply } from '../agentApplications/support';
import { cast, jpeg, type Cast } from '../capture/support';
import { createUser, login, type TestContext } from '../helpers';
import { addressFields, createJob, createJobsTestApp, signIn, type Headers } from '../jobs/support';
import { ledgerInvariants, walletOf } from '../money/support';
import { balancedLedger, fullJob, personalDataOf, stored } from '../retention/support';

let ctx: TestContext;
let c: Cast;

/** The person of the request: a customer's account, an agent applicant and a job's subject. */
const amaka = {
  phone: '0803 777 0001',
  normalPhone: '+2348037770001',
  email: 'amaka.obi@example.ng',
  nin: '12345678901',
};
let person: {
  accountId: string;
  password: string;
  headers: Headers;
  applicationId: string;
  applicationPhoto: string;
  closedJob: string;
  openJob: string;
  messageId: string;
};
let otherJob: string;

const subjectFields = (over: Record<string, string> = {}) =>
  addressFields({
    first_name: 'Amaka',
    last_name: 'Obi',
    phone: amaka.phone,
    email: 'Amaka.Obi@example.ng',
    id_type: 'nin',
    id_number: amaka.nin,
    ...over,
  });

beforeAll(async () => {
  ctx = await createJobsTestApp();
  c = await cast(ctx.app, ctx.db);
  const { account, password } = await createUser(ctx.db, {
    role: 'company',
    email: amaka.email,
    phone: amaka.phone,
    first_name: 'Amaka',
    last_name: 'Obi',
    company_name: 'Obi Stores',
  });
  const session = await login(ctx.app, amaka.email, password);
  const applied = await apply(
    ctx.app,
    applicationFields({
      first_name: 'Amaka',
      last_name: 'Obi',
      email: 'AMAKA.OBI@example.ng',
      phone: amaka.phone,
      nin: amaka.nin,
    }),
    { data: (await jpeg()).data },
  );
  expect(applied.statusCode).toBe(201);
  const applicationId = (applied.json() as { id: string }).id;
  const photo = await ctx.db.query<{ photo_key: string }>(
    'SELECT photo_key FROM agent_applications WHERE id = $1',
    [applicationId],
  );
  const closedJob = await fullJob(ctx.app, ctx.db, c, subjectFields());
  const openJob = (await createJob(ctx.app, c.owner.headers, subjectFields())).id;
  const sent = await ctx.app.repos.messages.send({
    senderId: c.admin.account.id,
    recipientId: account.id,
    subject: 'Your verification',
    body: 'Dear Amaka, your address at 12 Allen Avenue was verified.',
  });
  person = {
    accountId: account.id,
    password,
    headers: session.headers,
    applicationId,
    applicationPhoto: photo.rows[0]!.photo_key,
    closedJob,
    openJob,
    messageId: sent.id,
  };
  otherJob = await fullJob(
    ctx.app,
    ctx.db,
    c,
    addressFields({
      phone: '0803 777 0002',
      email: 'bola@example.ng',
      id_type: 'nin',
      id_number: '98765432109',
    }),
  );
});
afterAll(() => ctx.close());

const search = (query: Record<string, string>, headers: Headers = c.admin.headers) =>
  ctx.app.inject({
    url: `/api/v2/data-requests/search?${new URLSearchParams(query)}`,
    headers,
  });

type Findings = {
  jobs: { id: string; erasable: boolean; photos: number; attachments: number }[];
  agent_applications: { id: string }[];
  accounts: { id: string }[];
  messages: { count: number; ids: string[] };
};

describe('GET /data-requests/search', () => {
  it('finds the person by phone, email or NIN across jobs, evidence, applications, accounts and messages', async () => {
    const queries: Record<string, string>[] = [
      { phone: amaka.phone },
      { phone: amaka.normalPhone },
      { email: 'AMAKA.obi@example.ng' },
    ];
    for (const query of queries) {
      const res = await search(query);
      expect(res.statusCode).toBe(200);
      const f = res.json() as Findings;
      expect(f.jobs.map((j) => j.id).sort()).toEqual([person.closedJob, person.openJob].sort());
      const closed = f.jobs.find((j) => j.id === person.closedJob)!;
      expect(closed).toMatchObject({
        erasable: true,
        photos: 3,
        attachments: 1,
        has_location: true,
      });
      expect(f.jobs.find((j) => j.id === person.openJob)!.erasable).toBe(false);
      expect(f.agent_applications.map((a) => a.id)).toEqual([person.applicationId]);
      expect(f.accounts.map((a) => a.id)).toEqual([person.accountId]);
      expect(f.messages).toEqual({ count: 1, ids: [person.messageId] });
    }
    // a NIN finds the jobs and the application; accounts hold no NIN
    const byNin = (await search({ nin: amaka.nin })).json() as Findings;
    expect(byNin.jobs).toHaveLength(2);
    expect(byNin.agent_applications).toHaveLength(1);
    expect(byNin.accounts).toEqual([]);
    // the answer holds ids and counts, not the person's data
    expect((await search({ nin: amaka.nin })).body).not.toMatch(/Amaka|Allen|\+234803777/);
  });

  it("another person's keys find nothing of hers", async () => {
    const f = (await search({ phone: '0803 777 0002' })).json() as Findings;
    expect(f.jobs.map((j) => j.id)).toEqual([otherJob]);
    expect(f.agent_applications).toEqual([]);
    expect(f.accounts).toEqual([]);
    const none = (await search({ email: 'nobody@example.ng', nin: '11111111111' })).json();
    expect(none).toMatchObject({ jobs: [], agent_applications: [], accounts: [] });
  });

  it('bad input is a 400 naming the field: no key, partial or malformed keys, wildcards', async () => {
    const cases: [Record<string, string>, string][] = [
      [{}, 'phone'],
      [{ phone: '0803' }, 'phone'],
      [{ phone: '0803*' }, 'phone'],
      [{ email: 'amaka' }, 'email'],
      [{ email: '%@example.ng' }, 'email'],
      [{ email: 'amaka*@example.ng' }, 'email'],
      [{ nin: '1234' }, 'nin'],
      [{ nin: '1234567890%' }, 'nin'],
      [{ nin: '1'.repeat(21) }, 'nin'],
    ];
    for (const [query, field] of cases) {
      const res = await search(query);
      expect(res.statusCode, JSON.stringify(query)).toBe(400);
      expect(res.json().errors[0].field, JSON.stringify(query)).toBe(field);
    }
  });

  it('is for the provider’s heads only: company users and sub-admins 403, anonymous 401', async () => {
    const staff = await signIn(ctx.app, ctx.db, 'staff');
    for (const headers of [c.owner.headers, c.partner.headers, staff.headers]) {
      expect((await search({ phone: amaka.phone }, headers)).statusCode).toBe(403);
      const erase = await ctx.app.inject({
        method: 'POST',
        url: '/api/v2/data-requests/erase',
        headers,
        payload: { phone: amaka.phone, confirm: true },
      });
      expect(erase.statusCode).toBe(403);
    }
    expect((await search({ phone: amaka.phone }, {})).statusCode).toBe(401);
  });

  it('is rate-limited per staff member: 30 an hour, then 429 with Retry-After', async () => {
    const admin = await signIn(ctx.app, ctx.db, 'admin');
    for (let i = 0; i < 30; i += 1) {
      expect(
        (await search({ phone: `0803 777 ${String(1000 + i)}` }, admin.headers)).statusCode,
      ).toBe(200);
    }
    const over = await search({ phone: amaka.phone }, admin.headers);
    expect(over.statusCode).toBe(429);
    expect(Number(over.headers['retry-after'])).toBeGreaterThan(0);
  });
});

describe('GET /data-requests/export', () => {
  it('as JSON lists every field held, files as names and links; audited with the kind of key only', async () => {
    // The machine's read of the bill names the subject: it is part of what is held.
    const checks = (await ctx.app.repos.captureChecks.forJob(person.closedJob))!;
    const billText = 'IKEJA ELECTRIC  Customer: AMAKA OBI  14 Allen Avenue, Ikeja';
    const bill = { text: billText, issuer: 'Ikeja Electric', name_score: 1, address_score: 1 };
    await ctx.app.repos.captureChecks.finish(checks.submission_id, checks.run, {
      status: 'done',
      bill: { ...bill, bill_date: '2026-10-01', ms: 900, marks: [] },
      place: null,
      face: null,
      warnings: [{ code: 'bill_too_old', message: 'The bill is dated 1 October 2026' }],
      failed_parts: [],
      error: null,
    });
    const res = await ctx.app.inject({
      url: `/api/v2/data-requests/export?nin=${amaka.nin}`,
      headers: { ...c.admin.headers, accept: 'application/json' },
    });
    expect(res.statusCode).toBe(200);
    const e = res.json();
    const closed = e.jobs.find((j: { status: string }) => j.status === 'approved');
    expect(closed).toMatchObject({
      subject_name: 'Amaka Obi',
      fields: expect.objectContaining({ phone: amaka.normalPhone, id_number: amaka.nin }),
      capture: { lat: 6.6018, lng: 3.3515, location_text: 'Blue gate next to the pharmacy' },
      attachments: [expect.objectContaining({ file_name: 'utility-bill.pdf' })],
    });
    expect(closed.capture.photos).toHaveLength(3);
    expect(closed.capture.machine_checks).toMatchObject({
      status: 'done',
      bill_text: billText,
      warnings: [{ code: 'bill_too_old', message: 'The bill is dated 1 October 2026' }],
    });
    expect(closed.capture.photos[0].url).toMatch(
      new RegExp(`^/api/v2/jobs/${person.closedJob}/photos/`),
    );
    expect(closed.history.map((h: { reason: string }) => h.reason)).toContain(
      'Met Amaka at the gate',
    );
    expect(e.agent_applications).toEqual([
      expect.objectContaining({ nin: amaka.nin, phone: amaka.normalPhone, first_name: 'Amaka' }),
    ]);
    const byEmail = await ctx.app.inject({
      url: `/api/v2/data-requests/export?email=${amaka.email}`,
      headers: c.admin.headers,
    });
    expect(byEmail.json().accounts).toEqual([
      expect.objectContaining({ email: amaka.email, phone: amaka.normalPhone }),
    ]);
    expect(byEmail.json().messages).toEqual([
      expect.objectContaining({ direction: 'received', body: expect.stringMatching(/Dear Amaka/) }),
    ]);

    const audits = await ctx.db.query<{ actor_id: string; detail: object }>(
      `SELECT actor_id, detail FROM audit_log WHERE action = 'data_request.export' ORDER BY id`,
    );
    expect(audits.rows.slice(-2)).toEqual([
      { actor_id: c.admin.account.id, detail: { keys: ['nin'], format: 'json' } },
      { actor_id: c.admin.account.id, detail: { keys: ['email'], format: 'json' } },
    ]);
    expect(JSON.stringify(audits.rows)).not.toContain(amaka.nin);
  });

  it('as PDF: a document with pages', async () => {
    const res = await ctx.app.inject({
      url: `/api/v2/data-requests/export?phone=${encodeURIComponent(amaka.phone)}`,
      headers: { ...c.admin.headers, accept: 'application/pdf' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect(res.rawPayload.toString('latin1')).toMatch(/\/Type \/Page\b/);
  });
});

describe('POST /data-requests/erase', () => {
  const erase = (payload: Record<string, unknown>, headers: Headers = c.admin.headers) =>
    ctx.app.inject({ method: 'POST', url: '/api/v2/data-requests/erase', headers, payload });

  it('refuses without the confirmation, naming it', async () => {
    const res = await erase({ phone: amaka.phone });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[0].field).toBe('confirm');
    expect((await erase({ phone: amaka.phone, confirm: 'yes' })).statusCode).toBe(400);
  });

  it('refuses to erase the staff member’s own account', async () => {
    const res = await erase({ email: c.admin.account.email, confirm: true });
    expect(res.statusCode).toBe(409);
  });

  it('erases her closed jobs, application, account and messages; keeps the job in progress, money and the audit trail', async () => {
    const closedFiles = (await personalDataOf(ctx.db, person.closedJob)).files;
    const openBefore = await personalDataOf(ctx.db, person.openJob);
    const otherBefore = await personalDataOf(ctx.db, otherJob);
    const wallet = await walletOf(ctx.db, c.owner.companyId!);
    expect(await stored(ctx.app, person.applicationPhoto)).toBe(true);

    const res = await erase({
      phone: amaka.phone,
      email: amaka.email,
      nin: amaka.nin,
      confirm: true,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      erased: { jobs: 1, agent_applications: 1, accounts: 1, messages: 1, files: 5 },
      not_erased: [
        { type: 'job', id: person.openJob, code: expect.any(String), reason: 'job in progress' },
      ],
    });

    // the closed job: nothing personal, no file
    const closed = await personalDataOf(ctx.db, person.closedJob);
    expect(closed).toMatchObject({ subject_name: '', fields: {}, reasons: [], files: [] });
    for (const key of closedFiles) expect(await stored(ctx.app, key)).toBe(false);
    // the pending application is gone with its photo
    expect(
      (await ctx.db.query('SELECT 1 FROM agent_applications WHERE id = $1', [person.applicationId]))
        .rows,
    ).toEqual([]);
    expect(await stored(ctx.app, person.applicationPhoto)).toBe(false);
    // the account stays, anonymized and signed out
    const account = await ctx.db.query(
      'SELECT first_name, last_name, email, phone, address, picture_key FROM accounts WHERE id = $1',
      [person.accountId],
    );
    expect(account.rows).toEqual([
      {
        first_name: 'Erased',
        last_name: 'user',
        email: `erased-${person.accountId}@invalid`,
        phone: null,
        address: null,
        picture_key: null,
      },
    ]);
    expect(
      (await ctx.app.inject({ url: '/api/v2/auth/me', headers: person.headers })).statusCode,
    ).toBe(401);
    const relogin = await ctx.app.inject({
      method: 'POST',
      url: '/api/v2/auth/login',
      payload: { email: amaka.email, password: person.password },
    });
    expect(relogin.statusCode).toBe(401);
    // the message keeps its date and parties, not its words
    const message = await ctx.db.query('SELECT subject, body FROM messages WHERE id = $1', [
      person.messageId,
    ]);
    expect(message.rows).toEqual([{ subject: 'Erased', body: '' }]);
    // the job in progress and another person's job are untouched
    expect(await personalDataOf(ctx.db, person.openJob)).toEqual(openBefore);
    expect(await personalDataOf(ctx.db, otherJob)).toEqual(otherBefore);
    // money stays and balances
    expect(await walletOf(ctx.db, c.owner.companyId!)).toBe(wallet);
    expect(await ledgerInvariants(ctx.db)).toEqual(balancedLedger);
    // each target audited, with the kinds of key only
    const audits = await ctx.db.query<{ target_type: string; target_id: string; detail: object }>(
      `SELECT target_type, target_id, detail FROM audit_log
        WHERE action = 'data_request.erase' AND actor_id = $1 AND target_type IS NOT NULL
        ORDER BY id`,
      [c.admin.account.id],
    );
    // and each request, the refused ones above too, whose entries keep no key's value
    const requests = await ctx.db.query<{ outcome: number; detail: object }>(
      `SELECT outcome, detail FROM audit_log
        WHERE action = 'data_request.erase' AND actor_id = $1 AND target_type IS NULL
        ORDER BY id`,
      [c.admin.account.id],
    );
    expect(requests.rows.map((r) => r.outcome)).toEqual([400, 400, 409, 200]);
    const requestDetail = JSON.stringify(requests.rows.map((r) => r.detail));
    for (const value of [amaka.phone, amaka.email, amaka.nin]) {
      expect(requestDetail).not.toContain(value);
    }
    expect(audits.rows).toEqual([
      { target_type: 'job', target_id: person.closedJob, detail: { files: 4 } },
      {
        target_type: 'agent_application',
        target_id: person.applicationId,
        detail: { keys: ['phone', 'email', 'nin'] },
      },
      {
        target_type: 'account',
        target_id: person.accountId,
        detail: { keys: ['phone', 'email', 'nin'] },
      },
    ]);
    // searched again: only the job still in progress holds her
    const again = (
      await search({ phone: amaka.phone, email: amaka.email, nin: amaka.nin }, c.admin.headers)
    ).json() as Findings;
    expect(again.jobs.map((j) => j.id)).toEqual([person.openJob]);
    expect(again.agent_applications).toEqual([]);
    expect(again.accounts).toEqual([]);
  });

  it('an approved agent keeps a profile without the person: coverage and dates stay', async () => {
    const fields = applicationFields({ phone: '0803 777 0009', nin: '55555555555' });
    const applied = await apply(ctx.app, fields, { data: (await jpeg()).data });
    const id = (applied.json() as { id: string }).id;
    const approved = await ctx.app.inject({
      method: 'PUT',
      url: '/api/v2/user/approve-or-reject-agent/approve',
      headers: c.admin.headers,
      payload: { id },
    });
    expect(approved.statusCode).toBe(200);
    const res = await erase({ nin: '55555555555', confirm: true });
    expect(res.json().erased).toMatchObject({ agent_applications: 1, accounts: 1 });
    const row = await ctx.db.query(
      `SELECT status, first_name, email, phone, nin, account_number, photo_key, state, lgas,
              erased_at IS NOT NULL AS erased
         FROM agent_applications WHERE id = $1`,
      [id],
    );
    expect(row.rows).toEqual([
      {
        status: 'approved',
        first_name: 'Erased',
        email: `erased-${id}@invalid`,
        phone: null,
        nin: null,
        account_number: null,
        photo_key: null,
        state: 'kano',
        lgas: ['Nasarawa', 'Fagge'],
        erased: true,
      },
    ]);
    // the agents list still answers
    const agents = await ctx.app.inject({ url: '/api/v2/agents', headers: c.admin.headers });
    expect(agents.statusCode).toBe(200);
  });
});
