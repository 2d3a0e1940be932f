import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, login, type TestContext } from '../helpers';
import { jpegWithExif, metadataOf, png } from '../capture/support';
import { multipart, signIn, type Headers, type Actor } from '../jobs/support';
import { call, inviteAndAccept, inviteBody, invitedPassword } from './support';

let ctx: TestContext;
let admin: Actor;
let lagos: Actor;
let lagosSub: Actor;
let kano: Actor;

beforeAll(async () => {
  ctx = await createTestApp({ dataDir: mkdtempSync(path.join(tmpdir(), 'users-test-')) });
  admin = await signIn(ctx.app, ctx.db, 'admin');
  lagos = await signIn(ctx.app, ctx.db, 'company', { company_name: 'Lagos Credit Ltd' });
  lagosSub = await signIn(ctx.app, ctx.db, 'subuser', {
    companyOf: lagos.companyId!,
    permissions: ['Edit Profile'],
  });
  kano = await signIn(ctx.app, ctx.db, 'company', { company_name: 'Kano Microfinance' });
});
afterAll(() => ctx.close());

const upload = (headers: Headers, data: Buffer, filename = 'me.jpg') =>
  ctx.app.inject({
    method: 'PUT',
    url: '/api/v2/setting/profile-picture',
    headers,
    payload: multipart({}, [{ field: 'picture', filename, data }]),
  });

const pictureKey = async (id: string) =>
  (
    await ctx.db.query<{ k: string | null }>(
      'SELECT picture_key AS k FROM accounts WHERE id = $1',
      [id],
    )
  ).rows[0]!.k;

describe('PUT /setting/update-details', () => {
  it('saves first and last name, phone and address for any user, and answers the account', async () => {
    const res = await call(ctx.app, lagosSub.headers, 'PUT', '/setting/update-details', {
      first_name: 'Bolaji',
      last_name: 'Adewale',
      phone: '0812 345 6789',
      address: '22 Opebi Road, Ikeja',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      first_name: 'Bolaji',
      last_name: 'Adewale',
      phone: '+2348123456789',
      address: '22 Opebi Road, Ikeja',
    });
    const me = await call(ctx.app, lagosSub.headers, 'GET', '/auth/me');
    expect(me.json().address).toBe('22 Opebi Road, Ikeja');
  });

  it.each([
    [{ phone: '123' }, 'phone'],
    [{ first_name: '' }, 'first_name'],
    [{ address: 'x'.repeat(301) }, 'address'],
  ])('answers 400 naming the field for %j and writes nothing', async (body, field) => {
    const before = (await call(ctx.app, admin.headers, 'GET', '/auth/me')).json();
    const res = await call(ctx.app, admin.headers, 'PUT', '/setting/update-details', {
      last_name: 'Changed',
      ...body,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[0].field).toBe(field);
    expect((await call(ctx.app, admin.headers, 'GET', '/auth/me')).json()).toEqual(before);
  });

  it('refuses a sub-user without Edit Profile', async () => {
    const sub = await signIn(ctx.app, ctx.db, 'subuser', {
      companyOf: lagos.companyId!,
      permissions: ['View Job History'],
    });
    const res = await call(ctx.app, sub.headers, 'PUT', '/setting/update-details', {
      first_name: 'X',
    });
    expect(res.statusCode).toBe(403);
  });
});

describe('PUT /setting/change-password', () => {
  it('changes the password, ends the other sessions and keeps this one', async () => {
    const body = { ...inviteBody({ permission: ['Edit Profile'] }), password: invitedPassword };
    const here = await inviteAndAccept(ctx.app, ctx.db, admin.headers, body);
    const elsewhere = await login(ctx.app, body.email, body.password);
    const res = await call(ctx.app, here.headers, 'PUT', '/setting/change-password', {
      current_password: body.password,
      new_password: 'egusi-and-pounded-yam-9',
    });
    expect(res.statusCode).toBe(200);
    expect((await call(ctx.app, here.headers, 'GET', '/auth/me')).statusCode).toBe(200);
    expect((await call(ctx.app, elsewhere.headers, 'GET', '/auth/me')).statusCode).toBe(401);
    await expect(login(ctx.app, body.email, body.password)).rejects.toThrow(/401/);
    expect((await login(ctx.app, body.email, 'egusi-and-pounded-yam-9')).account.id).toBe(
      here.account.id,
    );
  });

  it.each([
    [
      { current_password: 'wrong-password-1', new_password: 'egusi-and-pounded-yam-9' },
      'current_password',
    ],
    [{ current_password: 'amaka-test-pass-7', new_password: 'short' }, 'new_password'],
    [{ current_password: 'amaka-test-pass-7', new_password: 'password123' }, 'new_password'],
    [{ current_password: 'amaka-test-pass-7', new_password: 'amaka-test-pass-7' }, 'new_password'],
    [{ new_password: 'egusi-and-pounded-yam-9' }, 'current_password'],
  ])('answers 400 naming the field for %j and keeps the password', async (body, field) => {
    const user = await signIn(ctx.app, ctx.db, 'company');
    const res = await call(ctx.app, user.headers, 'PUT', '/setting/change-password', body);
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[0].field).toBe(field);
    expect((await login(ctx.app, user.account.email, 'amaka-test-pass-7')).account.id).toBe(
      user.account.id,
    );
  });
});

describe('profile picture', () => {
  it('stores a JPEG without its metadata and serves it to the same company', async () => {
    const res = await upload(lagosSub.headers, await jpegWithExif());
    expect(res.statusCode).toBe(200);
    const url = res.json().picture_url as string;
    expect(url).toBe(`/api/v2/user/${lagosSub.account.id}/picture`);
    for (const viewer of [lagosSub, lagos, admin]) {
      const got = await ctx.app.inject({ url, headers: viewer.headers });
      expect(got.statusCode).toBe(200);
      expect(got.headers['content-type']).toBe('image/jpeg');
      expect(got.headers['cache-control']).toBe('private, no-store');
      expect((await metadataOf(got.rawPayload)).metadata).toEqual([]);
    }
  });

  it('security: stores a huge picture at avatar size, and a small one as it is', async () => {
    // 7745×7745 flat pixels pack into a small PNG: what the decoder is asked to hold is the area.
    const huge = await sharp({
      create: { width: 7745, height: 7745, channels: 3, background: '#2e7d32' },
    })
      .png({ compressionLevel: 9 })
      .toBuffer();
    expect(huge.length).toBeLessThan(2 * 1024 * 1024);
    expect((await upload(lagosSub.headers, huge, 'big.png')).statusCode).toBe(200);
    const url = `/api/v2/user/${lagosSub.account.id}/picture`;
    const stored = await ctx.app.inject({ url, headers: lagosSub.headers });
    expect(await sharp(stored.rawPayload).metadata()).toMatchObject({
      format: 'png',
      width: 512,
      height: 512,
    });
    const small = await sharp({
      create: { width: 300, height: 200, channels: 3, background: '#888' },
    })
      .jpeg()
      .toBuffer();
    expect((await upload(lagosSub.headers, small)).statusCode).toBe(200);
    const kept = await ctx.app.inject({ url, headers: lagosSub.headers });
    expect(await sharp(kept.rawPayload).metadata()).toMatchObject({ width: 300, height: 200 });
  });

  it('answers 404 to another company and 401 to nobody', async () => {
    await upload(lagos.headers, await png(), 'logo.png');
    const url = `/api/v2/user/${lagos.account.id}/picture`;
    expect((await ctx.app.inject({ url, headers: kano.headers })).statusCode).toBe(404);
    expect((await ctx.app.inject({ url })).statusCode).toBe(401);
    const own = await ctx.app.inject({ url, headers: lagos.headers });
    expect(own.headers['content-type']).toBe('image/png');
  });

  it('replaces the old picture and removes its file', async () => {
    await upload(kano.headers, await png());
    const first = (await pictureKey(kano.account.id))!;
    await upload(kano.headers, await png());
    const second = await pictureKey(kano.account.id);
    expect(second).not.toBe(first);
    await expect(ctx.app.storage.get(first)).rejects.toThrow();
  });

  it.each([
    ['a PDF', Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF')],
    ['text', Buffer.from('hello')],
    ['a cut JPEG', Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0x10])],
  ])('answers 400 naming picture for %s, and stores nothing', async (_, data) => {
    const user = await signIn(ctx.app, ctx.db, 'company');
    const res = await upload(user.headers, data);
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[0].field).toBe('picture');
    expect(await pictureKey(user.account.id)).toBeNull();
  });

  it('answers 400 without a file, 413 over 2 MB', async () => {
    const user = await signIn(ctx.app, ctx.db, 'company');
    const none = await ctx.app.inject({
      method: 'PUT',
      url: '/api/v2/setting/profile-picture',
      headers: user.headers,
      payload: multipart({ picture: 'text' }),
    });
    expect(none.statusCode).toBe(400);
    const big = await upload(user.headers, Buffer.alloc(2 * 1024 * 1024 + 1, 0xff));
    expect(big.statusCode).toBe(413);
    expect(await pictureKey(user.account.id)).toBeNull();
  });
});
