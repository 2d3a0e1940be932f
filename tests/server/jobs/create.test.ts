import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobFieldDefs, jobKinds } from '../../../reference/jobKinds';
import { jpeg as photo } from '../capture/support';
import type { TestContext } from '../helpers';
import {
  addressFields,
  createJob,
  createJobsTestApp,
  multipart,
  pdfFile,
  signIn,
  type Headers,
  type Actor,
} from './support';

let ctx: TestContext;
let company: Actor;
let admin: Actor;

beforeAll(async () => {
  ctx = await createJobsTestApp();
  company = await signIn(ctx.app, ctx.db, 'company');
  admin = await signIn(ctx.app, ctx.db, 'admin');
});
afterAll(() => ctx.close());

let jpeg: Buffer;
const pdf = pdfFile();
beforeAll(async () => {
  jpeg = (await photo()).data;
});

const post = (
  headers: Headers,
  fields: Record<string, string>,
  files: Parameters<typeof multipart>[1] = [],
) =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/v2/job/create-address',
    headers,
    payload: multipart(fields, files),
  });

describe('POST /job/create-address', () => {
  it('creates an address job for the company: 201 with the job, pending, with a code', async () => {
    const res = await post(
      company.headers,
      addressFields({ guarantor_phone: '+234 805 987 6543' }),
    );
    expect(res.statusCode).toBe(201);
    const job = res.json();
    expect(job).toMatchObject({
      code: expect.stringMatching(/^JOB-\d{6}$/),
      type: 'address',
      status: 'pending',
      company_id: company.companyId,
      state: 'lagos',
      lga: 'Ikeja',
      subject_name: 'Chidi Okeke',
      overdue: false,
      price: 1500,
      fee: null,
      assignee_type: null,
    });
    expect(job.fields).toEqual({
      first_name: 'Chidi',
      last_name: 'Okeke',
      phone: '+2348031234567',
      email: 'chidi@example.ng',
      address: '12 Allen Avenue',
      landmark: 'Opposite the filling station',
      guarantor_phone: '+2348059876543',
    });
    const events = await ctx.db.query(
      'SELECT from_status, to_status, actor_id FROM job_events WHERE job_id = $1',
      [job.id],
    );
    expect(events.rows).toEqual([
      { from_status: null, to_status: 'pending', actor_id: company.account.id },
    ]);
  });

  it.each(jobKinds)('creates a %s job from its example fields', async (kind) => {
    const fields = Object.fromEntries(jobFieldDefs[kind].map((d) => [d.name, d.example]));
    const res = await post(company.headers, { type: kind, ...fields });
    expect(res.statusCode).toBe(201);
    expect(res.json().type).toBe(kind);
  });

  it.each(jobKinds)('lists the missing required fields of a %s job', async (kind) => {
    const res = await post(company.headers, { type: kind });
    expect(res.statusCode).toBe(400);
    const required = jobFieldDefs[kind].filter((d) => d.required).map((d) => d.name);
    expect(res.json().errors.map((e: { field: string }) => e.field)).toEqual(required);
    expect(res.json().message).toBe(`${required[0]} is required`);
  });

  it.each([
    [{ state: 'atlantis' }, 'state', 'state "atlantis" is not a Nigerian state'],
    [{ lga: 'Aba North' }, 'lga', 'lga "Aba North" is not an LGA of Lagos'],
    [{ phone: '0123' }, 'phone', 'phone must be a valid Nigerian phone number'],
    [{ phone: '+44 20 7946 0958' }, 'phone', 'phone must be a valid Nigerian phone number'],
    [{ email: 'not-an-email' }, 'email', 'email must be a valid email address'],
    [{ first_name: 'x'.repeat(101) }, 'first_name', 'first_name must be at most 100 characters'],
    [{ id_type: 'nin', id_number: '12' }, 'id_number', 'A NIN has 11 digits'],
    [
      { id_type: 'library_card', id_number: '12' },
      'id_type',
      expect.stringContaining('id_type must be one of'),
    ],
  ])('refuses %j', async (over, field, msg) => {
    const res = await post(company.headers, addressFields(over));
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual([{ field, msg }]);
  });

  it('refuses an unknown kind', async () => {
    const res = await post(company.headers, addressFields({ type: 'car' }));
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[0].field).toBe('type');
  });

  it('stores attachments (JPEG, PDF) with their size and SHA-256', async () => {
    const res = await post(company.headers, addressFields(), [
      { field: 'attachments', filename: 'id-card.jpg', data: jpeg, type: 'image/jpeg' },
      { field: 'attachments', filename: 'bill.pdf', data: pdf, type: 'application/pdf' },
    ]);
    expect(res.statusCode).toBe(201);
    const detail = await ctx.app.inject({
      url: `/api/v2/job/detail/${res.json().id}`,
      headers: company.headers,
    });
    const files = detail.json().attachments;
    expect(files).toHaveLength(2);
    expect(files.map((f: { file_name: string }) => f.file_name)).toEqual([
      'bill.pdf',
      'id-card.jpg',
    ]);
    const storedFile = async (name: string) => {
      const row = await ctx.db.query<{ storage_key: string }>(
        'SELECT storage_key FROM job_attachments WHERE file_name = $1',
        [name],
      );
      return readFileSync(path.join(ctx.app.config.dataDir, 'files', row.rows[0]!.storage_key));
    };
    expect(files[1]).toMatchObject({
      file_name: 'id-card.jpg',
      content_type: 'image/jpeg',
      size_bytes: jpeg.length,
      sha256: createHash('sha256').update(jpeg).digest('hex'),
    });
    expect(files[1]).not.toHaveProperty('storage_key');
    expect((await storedFile('bill.pdf')).equals(pdf)).toBe(true);
  });

  it('refuses an attachment that is not a JPEG, PNG or PDF by content, whatever its name', async () => {
    const res = await post(company.headers, addressFields(), [
      {
        field: 'attachments',
        filename: 'photo.jpg',
        data: Buffer.from('MZ not really a jpeg'),
        type: 'image/jpeg',
      },
    ]);
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual([
      { field: 'attachments', msg: 'attachments: photo.jpg is not a JPEG, PNG or PDF file' },
    ]);
  });

  it('refuses an attachment over 5 MB', async () => {
    const big = Buffer.concat([jpeg, Buffer.alloc(5 * 1024 * 1024)]);
    const res = await post(company.headers, addressFields(), [
      { field: 'attachments', filename: 'big.jpg', data: big, type: 'image/jpeg' },
    ]);
    expect(res.statusCode).toBe(413);
    expect(res.json().message).toBe('Each attachment must be at most 5 MB');
  });

  it('writes nothing when a field is bad', async () => {
    const before = await ctx.db.query<{ n: number }>('SELECT count(*)::int AS n FROM jobs');
    await post(company.headers, addressFields({ lga: 'Kano Municipal' }), [
      { field: 'attachments', filename: 'a.jpg', data: jpeg },
    ]);
    const after = await ctx.db.query<{ n: number }>('SELECT count(*)::int AS n FROM jobs');
    expect(after.rows[0]!.n).toBe(before.rows[0]!.n);
  });

  it('makes an admin name the owner company, which must exist', async () => {
    const missing = await post(admin.headers, addressFields());
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors[0].field).toBe('company_id');
    const unknown = await post(
      admin.headers,
      addressFields({ company_id: '00000000-0000-4000-8000-000000000000' }),
    );
    expect(unknown.statusCode).toBe(400);
    const ok = await post(admin.headers, addressFields({ company_id: company.companyId! }));
    expect(ok.statusCode).toBe(201);
    expect(ok.json().company_id).toBe(company.companyId);
  });

  it("lets a company's sub-user create for the company, but not for another one", async () => {
    const sub = await signIn(ctx.app, ctx.db, 'subuser', { companyOf: company.companyId! });
    const job = await createJob(ctx.app, sub.headers);
    expect(job.company_id).toBe(company.companyId);
    const other = await signIn(ctx.app, ctx.db, 'company');
    const res = await post(sub.headers, addressFields({ company_id: other.companyId! }));
    expect(res.statusCode).toBe(403);
  });

  it('needs a signed-in user', async () => {
    const res = await post({}, addressFields());
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toBe('Authentication required');
  });
});
