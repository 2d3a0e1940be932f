import type { InjectOptions as Request } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { agentJob, cast, goodFields, photoSet, type Cast } from './capture/support';
import { signupBody, uniqueIp, type TestContext } from './helpers';
import { addressFields, createJob, createJobsTestApp, multipart, pdfFile } from './jobs/support';

/**
 * Input PostgreSQL cannot take (a NUL character in text, an OFFSET past bigint, year 0) or a
 * multipart body busboy cannot parse used to fail as a 500 deep in a query or the parser. Each is
 * a 400 whose message names the field; run on PGlite and on PostgreSQL, which differ here.
 */

let ctx: TestContext;
let c: Cast;
let jobId: string;
let token: string;
let photoFiles: Parameters<typeof multipart>[1];

beforeAll(async () => {
  ctx = await createJobsTestApp();
  c = await cast(ctx.app, ctx.db);
  jobId = (await createJob(ctx.app, c.owner.headers)).id;
  token = (await agentJob(ctx.app, ctx.db, c)).token;
  photoFiles = Object.entries(await photoSet()).map(([field, data]) => ({
    field,
    filename: `${field}.jpg`,
    data,
    type: 'image/jpeg',
  }));
});
afterAll(() => ctx.close());

const NUL = '\u0000';
const owner = () => c.owner.headers;
const admin = () => c.admin.headers;
const list = (
  param: string,
  value: unknown,
  headers: Record<string, string> = owner(),
): Request => ({
  url: `/api/v2/jobs?${param}=${encodeURIComponent(JSON.stringify(value))}`,
  headers,
});
const createJobWith = (
  fields: Record<string, string>,
  files: Parameters<typeof multipart>[1] = [],
): Request => ({
  method: 'POST' as const,
  url: '/api/v2/job/create-address',
  headers: owner(),
  payload: multipart(fields, files),
});
const withoutBoundary = (url: string, headers: Record<string, string> = {}): Request => ({
  method: 'POST' as const,
  url,
  headers: { ...headers, 'content-type': 'multipart/form-data' },
  payload: 'type=address',
});

/** [what, the request, the field its message must name] */
const cases: [string, () => Request, string][] = [
  [
    'a NUL in a sign-up name',
    () => ({
      method: 'POST',
      url: '/api/v2/auth/signup',
      payload: signupBody({ first_name: `Ada${NUL}` }),
      remoteAddress: uniqueIp(),
    }),
    'first_name',
  ],
  [
    'a NUL in a sign-up company name',
    () => ({
      method: 'POST',
      url: '/api/v2/auth/signup',
      payload: signupBody({ company_name: `Acme${NUL} Ltd` }),
      remoteAddress: uniqueIp(),
    }),
    'company_name',
  ],
  [
    'a NUL in a login password',
    () => ({
      method: 'POST',
      url: '/api/v2/auth/login',
      payload: { email: 'someone@example.ng', password: `password${NUL}123` },
      remoteAddress: uniqueIp(),
    }),
    'password',
  ],
  [
    'a NUL in account details',
    () => ({
      method: 'PUT',
      url: '/api/v2/setting/update-details',
      headers: owner(),
      payload: { last_name: `Obi${NUL}` },
    }),
    'last_name',
  ],
  [
    'a NUL in a job field',
    () => createJobWith(addressFields({ landmark: `By${NUL}` })),
    'landmark',
  ],
  [
    'a NUL in a field the job kind does not have',
    () => createJobWith({ ...addressFields(), nickname: `x${NUL}` }),
    'nickname',
  ],
  [
    "a NUL in an attachment's file name",
    () =>
      createJobWith(addressFields(), [
        {
          field: 'attachments',
          filename: `bill${NUL}.pdf`,
          data: pdfFile(),
          type: 'application/pdf',
        },
      ]),
    'attachments.filename',
  ],
  [
    'a NUL in a capture location',
    () => ({
      method: 'POST',
      url: `/api/v2/capture/${token}`,
      payload: multipart(goodFields({ location_text: `Blue gate${NUL}` }), photoFiles),
    }),
    'location_text',
  ],
  [
    'a NUL in a cancel reason',
    () => ({
      method: 'POST',
      url: `/api/v2/job/${jobId}/cancel`,
      headers: owner(),
      payload: { reason: `changed${NUL}` },
    }),
    'reason',
  ],
  [
    'a NUL in a TAT state',
    () => ({
      method: 'POST',
      url: '/api/v2/setting/tat',
      headers: admin(),
      payload: {
        state: `lagos${NUL}`,
        jobType: 'address',
        audience: 'company',
        amount: 10,
        tatInHours: 5,
      },
    }),
    'state',
  ],
  ['a NUL in the list search', () => list('filter', { q: `Ada${NUL}` }), 'filter.q'],
  ['a NUL in the list LGA filter', () => list('filter', { lga: `Ikeja${NUL}` }), 'filter.lga'],
  [
    'a NUL in the list date filter',
    () => list('filter', { created_from: `2026-03-01${NUL}` }),
    'filter.created_from',
  ],
  [
    'a NUL in the raw filter parameter',
    () => ({ url: '/api/v2/jobs?filter=%00', headers: owner() }),
    'filter',
  ],
  [
    'a NUL in the raw sort parameter',
    () => ({ url: '/api/v2/jobs?sort=%00', headers: owner() }),
    'sort',
  ],
  [
    'year 0 in the list date filter',
    () => list('filter', { created_from: '0000-01-01' }),
    'filter.created_from',
  ],
  [
    'a day that does not exist',
    () => list('filter', { created_to: '2026-02-30' }),
    'filter.created_to',
  ],
  ['range=[1e300,1e300]', () => list('range', [1e300, 1e300]), 'range'],
  ['range=[0,1e300]', () => list('range', [0, 1e300]), 'range'],
  [
    'a range past bigint',
    () => ({
      url: '/api/v2/jobs?range=[9223372036854775808,9223372036854775808]',
      headers: owner(),
    }),
    'range',
  ],
  [
    'an infinite range (1e400)',
    () => ({ url: '/api/v2/jobs?range=[1e400,1e400]', headers: owner() }),
    'range',
  ],
  ['a negative range', () => list('range', [-5, 10]), 'range'],
  [
    'range=[1e300,1e300] on the CSV export',
    () => list('range', [1e300, 1e300], { ...owner(), accept: 'text/csv' }),
    'range',
  ],
  [
    'a sort on an unknown field',
    () => list('sort', ['password_hash', 'ASC']),
    'sorted by password_hash',
  ],
  ...['1e300', 'Infinity', '99999999999'].map((page): [string, () => Request, string] => [
    `page=${page} of the company counts`,
    () => ({ url: `/api/v2/job/company-job/counts?page=${page}`, headers: owner() }),
    'page',
  ]),
  [
    'a huge page of the jobs by assigner',
    () => ({
      url: `/api/v2/job/get-company-job-by-assigner/${c.owner.account.id}/all?page=1e300`,
      headers: owner(),
    }),
    'page',
  ],
  [
    'a job created as multipart without a boundary',
    () => withoutBoundary('/api/v2/job/create-address', owner()),
    'multipart',
  ],
  [
    'a bulk upload without a boundary',
    () => withoutBoundary('/api/v2/job/upload', owner()),
    'multipart',
  ],
  [
    'a capture submission without a boundary',
    () => withoutBoundary(`/api/v2/capture/${token}`),
    'multipart',
  ],
  [
    'a multipart body cut short',
    () => ({
      method: 'POST',
      url: '/api/v2/job/create-address',
      headers: { ...owner(), 'content-type': 'multipart/form-data; boundary=xyz' },
      payload: '--xyz\r\nContent-Disposition: form-data; name="type"\r\n\r\naddr',
    }),
    'multipart',
  ],
];

describe('security: bad input is a 400 naming the field, never a 500', () => {
  it.each(cases)('%s', async (_what, request, field) => {
    const res = await ctx.app.inject(request());
    expect(res.statusCode, res.body).toBe(400);
    const body = res.json() as { message: string; errors?: { field: string }[] };
    expect(body.message).toContain(field);
    if (body.errors) expect(body.errors.map((e) => e.field)).toContain(field);
  });

  it('still takes the largest range and page it allows', async () => {
    const range = await ctx.app.inject(list('range', [1_000_000_000, 1_000_000_000]));
    expect(range.statusCode).toBe(200);
    expect(range.json()).toEqual([]);
    const page = await ctx.app.inject({
      url: '/api/v2/job/company-job/counts?page=1000000',
      headers: owner(),
    });
    expect(page.statusCode).toBe(200);
  });
});

/** [what, the request, the field its message must name] */
const lineCases: [string, () => Request, string][] = [
  [
    'CR and LF in a sign-up name',
    () => ({
      method: 'POST',
      url: '/api/v2/auth/signup',
      payload: signupBody({ first_name: 'Ada\r\nBcc: everyone@example.ng' }),
      remoteAddress: uniqueIp(),
    }),
    'first_name',
  ],
  [
    'an escape code in a company name',
    () => ({
      method: 'POST',
      url: '/api/v2/auth/signup',
      payload: signupBody({ company_name: 'Acme \u001b[31mLtd' }),
      remoteAddress: uniqueIp(),
    }),
    'company_name',
  ],
  [
    'a right-to-left override in an address',
    () => ({
      method: 'PUT',
      url: '/api/v2/setting/update-details',
      headers: owner(),
      payload: { address: '12 Allen \u202eeunevA' },
    }),
    'address',
  ],
  [
    "a line break in a job's field",
    () => createJobWith(addressFields({ landmark: 'Opposite\nthe bank' })),
    'landmark',
  ],
  [
    'a line break in a message subject',
    () => ({
      method: 'POST',
      url: '/api/v2/messages',
      headers: owner(),
      payload: { recipient_id: c.admin.account.id, subject: 'Hi\r\nBcc: x', body: 'Hello' },
    }),
    'subject',
  ],
  [
    'a bidirectional isolate in a message body',
    () => ({
      method: 'POST',
      url: '/api/v2/messages',
      headers: owner(),
      payload: { recipient_id: c.admin.account.id, subject: 'Hi', body: 'Pay \u2067now\u2069' },
    }),
    'body',
  ],
];

describe('security: names and one-line fields refuse control and bidirectional-override characters', () => {
  it.each(lineCases)('%s is a 400 naming the field', async (_what, request, field) => {
    const res = await ctx.app.inject(request());
    expect(res.statusCode, res.body).toBe(400);
    const body = res.json() as { message: string; errors?: { field: string }[] };
    expect(body.message).toContain(field);
    if (body.errors) expect(body.errors.map((e) => e.field)).toContain(field);
  });

  it('keeps line breaks in a message body, and letters of any script in names', async () => {
    const message = await ctx.app.inject({
      method: 'POST',
      url: '/api/v2/messages',
      headers: owner(),
      payload: {
        recipient_id: c.admin.account.id,
        subject: 'Ọ̀yọ́ addresses',
        body: 'Good morning,\r\nthe\tthree addresses are verified.',
      },
    });
    expect(message.statusCode, message.body).toBe(201);
    const details = await ctx.app.inject({
      method: 'PUT',
      url: '/api/v2/setting/update-details',
      headers: owner(),
      payload: { first_name: 'Ọlábísí', address: '12 Allen Avenue, Ikeja' },
    });
    expect(details.statusCode, details.body).toBe(200);
  });
});
