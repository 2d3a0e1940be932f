import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobFieldDefs, personalFieldNames } from '../../../reference/jobKinds';
import type { TestContext } from '../helpers';
import {
  addressFields,
  createJobsTestApp,
  multipart,
  pdfFile,
  setTat,
  signIn,
  type Headers,
  type Actor,
} from '../jobs/support';

let ctx: TestContext;
let owner: Actor;
let partner: Actor;
let other: Actor;

beforeAll(async () => {
  ctx = await createJobsTestApp();
  owner = await signIn(ctx.app, ctx.db, 'company', { company_name: 'Owner Ltd' });
  partner = await signIn(ctx.app, ctx.db, 'company', {
    company_name: 'Partner Ltd',
    partner: true,
  });
  other = await signIn(ctx.app, ctx.db, 'company', { company_name: 'Other Ltd', partner: true });
  await setTat(ctx.db);
});
afterAll(() => ctx.close());

const subject = {
  first_name: 'Oluwaseun',
  last_name: 'Adebayo',
  phone: '0802 555 0101',
  email: 'seun.adebayo@example.ng',
  address: '7 Bode Thomas Street',
  id_type: 'nin',
  id_number: '12345678901',
};

/** A job of the owner's with an attachment, assigned to `to`. */
async function assignedJob(to: Actor) {
  const created = await ctx.app.inject({
    method: 'POST',
    url: '/api/v2/job/create-address',
    headers: owner.headers,
    payload: multipart(addressFields(subject), [
      { field: 'attachments', filename: 'bill.pdf', data: pdfFile(), type: 'application/pdf' },
    ]),
  });
  expect(created.statusCode).toBe(201);
  const job = created.json() as { id: string; code: string };
  const res = await ctx.app.inject({
    method: 'PATCH',
    url: `/api/v2/job/assign/company/${to.companyId}`,
    headers: owner.headers,
    payload: { list: [job.id] },
  });
  expect(res.statusCode).toBe(200);
  return job;
}

const get = (headers: Headers, url: string, accept?: string) =>
  ctx.app.inject({ url, headers: { ...headers, ...(accept ? { accept } : {}) } });

/** Everything a company user can read of one job: detail, list row, search, export, file. */
async function whatSees(who: Actor, job: { id: string; code: string }, attachmentId: string) {
  const detail = await get(who.headers, `/api/v2/job/detail/${job.id}`);
  const filter = (f: object) => encodeURIComponent(JSON.stringify(f));
  const list = (await get(who.headers, `/api/v2/jobs?filter=${filter({ id: [job.id] })}`)).json();
  const byName = (
    await get(who.headers, `/api/v2/jobs?filter=${filter({ q: 'Oluwaseun Adebayo' })}`)
  ).json() as { id: string }[];
  const csv = (await get(who.headers, '/api/v2/jobs?filter={"type":"address"}', 'text/csv')).body;
  const file = await get(who.headers, `/api/v2/jobs/${job.id}/attachments/${attachmentId}`);
  return {
    detail,
    row: list[0],
    foundByName: byName.some((j) => j.id === job.id),
    csvLine: csv.split('\n').find((l) => l.startsWith(job.code)),
    fileStatus: file.statusCode,
  };
}

const attachmentOf = async (jobId: string) =>
  (await get(owner.headers, `/api/v2/job/detail/${jobId}`)).json().attachments[0].id as string;

const respond = (headers: Headers, answer: 'accept' | 'reject', jobId: string) =>
  ctx.app.inject({
    method: 'PATCH',
    url: `/api/v2/job/update-status/${answer}`,
    headers,
    payload: { jobId },
  });

function expectHidden(seen: Awaited<ReturnType<typeof whatSees>>) {
  const d = seen.detail.json();
  expect(seen.detail.statusCode).toBe(200);
  expect(d.personal_hidden).toBe(true);
  expect(d.subject_name).toBe('');
  expect(d.fields).toEqual({ id_type: 'nin' });
  expect(d.attachments).toEqual([]);
  expect(d.capture).toEqual({
    has_link: false,
    link: null,
    sms: null,
    submission: null,
    checks: null,
  });
  expect(JSON.stringify(d)).not.toMatch(
    /Oluwaseun|Adebayo|2348025550101|seun\.adebayo|Bode|12345678901/,
  );
  expect(seen.row).toMatchObject({
    personal_hidden: true,
    subject_name: '',
    fields: { id_type: 'nin' },
  });
  expect(seen.foundByName).toBe(false);
  expect(seen.csvLine).toBeDefined();
  expect(seen.csvLine).not.toMatch(
    /Oluwaseun|Adebayo|2348025550101|seun\.adebayo|Bode|12345678901/,
  );
  expect(seen.fileStatus).toBe(404);
}

describe('personal fields of a job a partner no longer works on', () => {
  it('are readable by the assigned partner while the job is its own to do', async () => {
    const job = await assignedJob(partner);
    const seen = await whatSees(partner, job, await attachmentOf(job.id));
    expect(seen.detail.json()).toMatchObject({
      personal_hidden: false,
      subject_name: 'Oluwaseun Adebayo',
      fields: {
        phone: '+2348025550101',
        id_number: '12345678901',
        address: '7 Bode Thomas Street',
      },
    });
    expect(seen.foundByName).toBe(true);
    expect(seen.csvLine).toContain('Oluwaseun Adebayo');
    expect(seen.fileStatus).toBe(200);
  });

  it('are hidden from the partner once it declined: detail, list, search, export and files', async () => {
    const job = await assignedJob(partner);
    const attachment = await attachmentOf(job.id);
    expect((await respond(partner.headers, 'reject', job.id)).statusCode).toBe(200);
    expectHidden(await whatSees(partner, job, attachment));
    // The owner keeps every field.
    const mine = await whatSees(owner, job, attachment);
    expect(mine.detail.json()).toMatchObject({
      personal_hidden: false,
      subject_name: 'Oluwaseun Adebayo',
      fields: { id_number: '12345678901' },
    });
    expect(mine.fileStatus).toBe(200);
  });

  it('are hidden from the partner once the owner cancelled its accepted job', async () => {
    const job = await assignedJob(partner);
    const attachment = await attachmentOf(job.id);
    expect((await respond(partner.headers, 'accept', job.id)).statusCode).toBe(200);
    const cancelled = await ctx.app.inject({
      method: 'POST',
      url: `/api/v2/job/${job.id}/cancel`,
      headers: owner.headers,
      payload: {},
    });
    expect(cancelled.statusCode).toBe(200);
    expectHidden(await whatSees(partner, job, attachment));
  });

  it('are gone with the whole job once it was reassigned to another partner', async () => {
    const job = await assignedJob(partner);
    const attachment = await attachmentOf(job.id);
    await respond(partner.headers, 'reject', job.id);
    const again = await ctx.app.inject({
      method: 'PATCH',
      url: `/api/v2/job/assign/company/${other.companyId}`,
      headers: owner.headers,
      payload: { list: [job.id] },
    });
    expect(again.statusCode).toBe(200);
    const seen = await whatSees(partner, job, attachment);
    expect(seen.detail.statusCode).toBe(404);
    expect(seen.row).toBeUndefined();
    expect(seen.foundByName).toBe(false);
    expect(seen.csvLine).toBeUndefined();
    expect(seen.fileStatus).toBe(404);
    // The new partner reads them.
    const theirs = await whatSees(other, job, attachment);
    expect(theirs.detail.json()).toMatchObject({
      personal_hidden: false,
      subject_name: 'Oluwaseun Adebayo',
    });
  });

  it('do not show through the order of a list sorted by name', async () => {
    const job = await assignedJob(partner);
    await respond(partner.headers, 'reject', job.id);
    const sorted = (
      await get(partner.headers, '/api/v2/jobs?sort=["subject_name","ASC"]&range=[0,999]')
    ).json() as { id: string; subject_name: string }[];
    const names = sorted.map((j) => j.subject_name);
    expect(names).toEqual([...names].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
    expect(sorted.find((j) => j.id === job.id)?.subject_name).toBe('');
  });
});

describe('reference: personal fields', () => {
  it('a field name is personal in every kind that has it, and every phone and email is', () => {
    for (const defs of Object.values(jobFieldDefs)) {
      for (const f of defs) {
        expect(Boolean(f.personal), f.name).toBe(personalFieldNames.includes(f.name));
        if (f.type === 'phone' || f.type === 'email') expect(f.personal, f.name).toBe(true);
      }
    }
    expect(personalFieldNames).toEqual(
      expect.arrayContaining(['first_name', 'last_name', 'phone', 'email', 'address', 'id_number']),
    );
  });
});
