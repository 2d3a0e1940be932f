import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, mailsTo, uniqueIp, type TestContext } from '../helpers';
import { jpeg, jpegWithExif, metadataOf, png } from '../capture/support';
import { createJobsTestApp } from '../jobs/support';
import { applicationFields, apply } from './support';

let ctx: TestContext;
let photo: Buffer;

beforeAll(async () => {
  ctx = await createJobsTestApp();
  photo = (await jpeg()).data;
});
afterAll(() => ctx.close());

const photoDir = () => path.join(ctx.app.config.dataDir, 'files', 'agent-photos');
const storedPhotos = () => (existsSync(photoDir()) ? readdirSync(photoDir()).length : 0);
const applications = () => count(ctx.db, 'agent_applications');

/** Expects a 400 naming `field`, with nothing written: no row, no stored photo. */
async function expectRefused(
  fields: Record<string, string | string[]>,
  field: string,
  sent: { data: Buffer; type?: string } | null = { data: photo },
) {
  const [rowsBefore, filesBefore] = [await applications(), storedPhotos()];
  const res = await apply(ctx.app, fields, sent);
  expect(res.statusCode, res.body).toBe(400);
  const body = res.json() as { message: string; errors: { field: string; msg: string }[] };
  expect(body.errors.map((e) => e.field)).toContain(field);
  expect(body.message).toContain(field);
  expect(await applications()).toBe(rowsBefore);
  expect(storedPhotos()).toBe(filesBefore);
  return body;
}

describe('POST /agent-applications', () => {
  it('takes a valid application: 201, a pending row with normalised fields, a stored photo and a mail', async () => {
    const fields = applicationFields({
      phone: '+234 803 555 0100',
      state: 'Kano',
      lgas: ['nasarawa', 'Fagge', 'NASARAWA'],
    });
    const filesBefore = storedPhotos();
    const res = await apply(ctx.app, fields, { data: photo });
    expect(res.statusCode, res.body).toBe(201);
    const { id, code } = res.json() as { id: string; code: string };
    expect(code).toMatch(/^APP-\d{6}$/);
    const row = (await ctx.db.query('SELECT * FROM agent_applications WHERE id = $1', [id]))
      .rows[0];
    expect(row).toMatchObject({
      status: 'pending',
      phone: '+2348035550100',
      state: 'kano',
      lgas: ['Nasarawa', 'Fagge'],
      bank_code: '011',
      account_number: '0000014579',
      account_id: null,
    });
    expect(storedPhotos()).toBe(filesBefore + 1);
    await ctx.app.mailer.idle();
    expect(mailsTo(ctx.db, fields.email as string).at(-1)?.subject).toBe(
      'We received your field agent application',
    );
  });

  it('lists the banks with their codes, publicly', async () => {
    const res = await ctx.app.inject({ url: '/api/v2/banks' });
    expect(res.statusCode).toBe(200);
    const list = res.json() as { code: string; name: string }[];
    expect(list).toContainEqual({ code: '058', name: 'Guaranty Trust Bank (GTBank)' });
    expect(list).toContainEqual({ code: '50515', name: 'Moniepoint Microfinance Bank' });
    expect(list.length).toBeGreaterThan(40);
  });

  it.each([
    ['first_name', { first_name: '  ' }],
    ['last_name', { last_name: '' }],
    ['email', { email: 'musa-at-example.ng' }],
    ['phone', { phone: '+44 7911 123456' }],
    ['state', { state: 'Wakanda' }],
    ['lgas', { lgas: ['Ikeja'] }], // a Lagos LGA, not one of Kano's
    ['lgas', { lgas: [] }],
    ['nin', { nin: '1234567890' }],
    ['nin', { nin: '1234567890a' }],
    ['bank_code', { bank_code: '999' }],
    ['account_number', { account_number: '000001457' }],
    ['account_number', { account_number: '0000014578' }], // wrong check digit
    ['account_number', { bank_code: '058' }], // valid at First Bank, not at GTBank
    ['account_name', { account_name: '' }],
  ])('refuses a bad %s with a 400 naming it, writing nothing', async (field, over) => {
    await expectRefused(applicationFields(over), field);
  });

  it('refuses a NUL character and a JSON body without a photo with a 400 naming the field', async () => {
    await expectRefused(applicationFields({ account_name: 'Musa\u0000' }), 'account_name');
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/v2/agent-applications',
      payload: applicationFields(),
      remoteAddress: uniqueIp(),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.map((e: { field: string }) => e.field)).toContain('photo');
  });

  it('names every bad field at once', async () => {
    const body = await expectRefused(
      applicationFields({ nin: '12', account_number: 'x', email: 'nope' }),
      'email',
    );
    expect(body.errors.map((e) => e.field).sort()).toEqual(['account_number', 'email', 'nin']);
  });

  it('refuses a missing photo and a file that is not an image', async () => {
    await expectRefused(applicationFields(), 'photo', null);
    await expectRefused(applicationFields(), 'photo', {
      data: Buffer.from('%PDF-1.4 not a photo'),
      type: 'image/jpeg',
    });
    // JPEG magic bytes and nothing that decodes
    await expectRefused(applicationFields(), 'photo', {
      data: Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(200, 7)]),
    });
  });

  it('refuses a photo over 5 MB with a 413 naming the photo, writing nothing', async () => {
    const [rowsBefore, filesBefore] = [await applications(), storedPhotos()];
    const big = Buffer.concat([photo, Buffer.alloc(5 * 1024 * 1024)]);
    const res = await apply(ctx.app, applicationFields(), { data: big });
    expect(res.statusCode).toBe(413);
    expect(res.json().message).toBe('photo must be at most 5 MB');
    expect(await applications()).toBe(rowsBefore);
    expect(storedPhotos()).toBe(filesBefore);
  });

  it('security: keeps the photo without its EXIF and GPS; PNG stays PNG', async () => {
    const res = await apply(ctx.app, applicationFields(), { data: await jpegWithExif() });
    expect(res.statusCode).toBe(201);
    const key = (
      await ctx.db.query<{ photo_key: string }>(
        'SELECT photo_key FROM agent_applications WHERE id = $1',
        [res.json().id],
      )
    ).rows[0]!.photo_key;
    const kept = await ctx.app.storage.get(key);
    expect((await metadataOf(kept)).metadata).toEqual([]);

    const pngRes = await apply(ctx.app, applicationFields(), {
      data: await png(),
      type: 'image/png',
    });
    expect(pngRes.statusCode).toBe(201);
    const pngKey = (
      await ctx.db.query<{ photo_key: string }>(
        'SELECT photo_key FROM agent_applications WHERE id = $1',
        [pngRes.json().id],
      )
    ).rows[0]!.photo_key;
    expect(pngKey).toMatch(/\.png$/);
  });

  it.each(['email', 'phone', 'nin'] as const)(
    'refuses a second pending application with the same %s (409), writing nothing',
    async (field) => {
      const first = applicationFields();
      expect((await apply(ctx.app, first, { data: photo })).statusCode).toBe(201);
      const [rowsBefore, filesBefore] = [await applications(), storedPhotos()];
      const again = applicationFields({
        [field]: field === 'email' ? (first.email as string).toUpperCase() : first[field],
      });
      const res = await apply(ctx.app, again, { data: photo });
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toMatch(/already waiting for review/);
      expect(await applications()).toBe(rowsBefore);
      expect(storedPhotos()).toBe(filesBefore);
    },
  );

  it('lets only one of two simultaneous applications of one person through; the other leaves no photo', async () => {
    const first = applicationFields();
    const second = applicationFields({ nin: first.nin });
    const [rowsBefore, filesBefore] = [await applications(), storedPhotos()];
    const answers = await Promise.all([
      apply(ctx.app, first, { data: photo }),
      apply(ctx.app, second, { data: photo }),
    ]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    expect(await applications()).toBe(rowsBefore + 1);
    expect(storedPhotos()).toBe(filesBefore + 1);
  });

  it.each(['email', 'phone', 'nin'] as const)(
    'has the database refuse a second pending %s even past the check, naming the field',
    async (field) => {
      const { agentApplications } = ctx.app.repos;
      const row = {
        ...applicationFields(),
        phone: `+23480355${String(Math.floor(Math.random() * 1e5)).padStart(5, '0')}`,
        lgas: ['Fagge'],
        photo_key: 'agent-photos/x.jpg',
        photo_sha256: '0'.repeat(64),
      } as Parameters<typeof agentApplications.create>[0];
      await agentApplications.create(row);
      const other = applicationFields();
      const twin = {
        ...row,
        email: other.email as string,
        phone: '+2348099999999',
        nin: other.nin as string,
        [field]: row[field],
      };
      await expect(agentApplications.create(twin)).rejects.toMatchObject({ field });
    },
  );

  it('throttles applications per IP like sign-up: the 21st in an hour is a 429', async () => {
    const ip = uniqueIp();
    for (let i = 0; i < 20; i++) {
      const res = await apply(ctx.app, applicationFields({ nin: '12' }), null, ip);
      expect(res.statusCode).toBe(400);
    }
    const res = await apply(ctx.app, applicationFields(), { data: photo }, ip);
    expect(res.statusCode).toBe(429);
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
  });
});
