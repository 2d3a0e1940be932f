import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, mailsTo, uniqueIp, type TestContext } from '../helpers';
import { jpeg, jpegWithExif, metadataOf, png } from '../capture/support';
import { createJobsTestApp, signIn, type Actor } from '../jobs/support';
import { applicationFields, apply } from './support';

let ctx: TestContext;
let photo: Buffer;
let admin: Actor;

beforeAll(async () => {
  ctx = await createJobsTestApp();
  photo = (await jpeg()).data;
  admin = await signIn(ctx.app, ctx.db, 'admin');
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
    expect((await mailsTo(ctx.db, fields.email as string)).at(-1)?.subject).toBe(
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
    'security: answers a second application with the same %s as any other, and stores it marked as a duplicate',
    async (field) => {
      const first = applicationFields();
      const one = await apply(ctx.app, first, { data: photo });
      expect(one.statusCode).toBe(201);
      const again = applicationFields({
        [field]: field === 'email' ? (first.email as string).toUpperCase() : first[field],
      });
      const [rowsBefore, filesBefore] = [await applications(), storedPhotos()];
      const two = await apply(ctx.app, again, { data: photo });
      expect(two.statusCode, two.body).toBe(201);
      // The same answer as for anyone: only the application's own id and code differ.
      const shape = (r: typeof one) => ({ ...r.json(), id: 'id', code: 'code' });
      expect(shape(two)).toEqual(shape(one));
      expect(await applications()).toBe(rowsBefore + 1);
      expect(storedPhotos()).toBe(filesBefore + 1);
      const seen = await ctx.app.inject({
        url: `/api/v2/agent-applications/${two.json().id}`,
        headers: admin.headers,
      });
      expect(seen.json().duplicates).toEqual([field]);
      const firstSeen = await ctx.app.inject({
        url: `/api/v2/agent-applications/${one.json().id}`,
        headers: admin.headers,
      });
      expect(firstSeen.json().duplicates).toEqual([field]);
    },
  );

  it('stores two simultaneous applications of one person, each marked as a duplicate', async () => {
    const first = applicationFields();
    const second = applicationFields({ nin: first.nin });
    const answers = await Promise.all([
      apply(ctx.app, first, { data: photo }),
      apply(ctx.app, second, { data: photo }),
    ]);
    expect(answers.map((r) => r.statusCode)).toEqual([201, 201]);
    const rows = await ctx.app.repos.agentApplications.list(
      { ids: answers.map((r) => r.json().id as string) },
      { field: 'created_at', order: 'ASC' },
      0,
      10,
    );
    expect(rows.map((r) => r.duplicates)).toEqual([['nin'], ['nin']]);
  });

  it('security: mails the unproven address nothing the request wrote', async () => {
    const fields = applicationFields({
      first_name: 'Claim your prize at http://evil.example',
      last_name: 'Winner',
      account_name: 'Prize Desk',
    });
    expect((await apply(ctx.app, fields, { data: photo })).statusCode).toBe(201);
    await ctx.app.mailer.idle();
    const mail = (await mailsTo(ctx.db, fields.email as string)).at(-1)!;
    expect(mail.subject).toBe('We received your field agent application');
    for (const written of ['evil.example', 'Claim', 'Winner', 'Prize']) {
      expect(mail.text).not.toContain(written);
    }
  });

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
