import { randomBytes, randomUUID } from 'node:crypto';
import sharp from 'sharp';
import type { App } from '../../../server/app';
import type { Db } from '../../../server/db';
import { lastMailLink } from '../helpers';
import { createJob, multipart, setTat, signIn, type Headers } from '../jobs/support';

/**
 * A small real JPEG of a smooth random picture: different seeds give unrelated pictures (and
 * perceptual hashes); the same `pixels` at another quality give a near-identical one.
 */
export async function jpeg(
  opts: { pixels?: Buffer; quality?: number; width?: number; height?: number } = {},
) {
  const pixels = opts.pixels ?? randomBytes(6 * 5 * 3);
  const data = await sharp(pixels, { raw: { width: 6, height: 5, channels: 3 } })
    .resize(opts.width ?? 320, opts.height ?? 240, { kernel: 'cubic' })
    .jpeg({ quality: opts.quality ?? 80 })
    .toBuffer();
  return { data, pixels };
}

/**
 * A JPEG as a phone writes it: camera make and model, GPS coordinates and an EXIF orientation
 * (6: the sensor's 320×240 is shown turned a quarter, 240×320).
 */
export async function jpegWithExif() {
  const { data } = await jpeg();
  return sharp(data)
    .withExif({
      IFD0: { Make: 'Tecno', Model: 'Spark 10' },
      IFD3: {
        GPSLatitudeRef: 'N',
        GPSLatitude: '6/1 36/1 6/1',
        GPSLongitudeRef: 'E',
        GPSLongitude: '3/1 21/1 5/1',
      },
    })
    .withMetadata({ orientation: 6 })
    .jpeg({ quality: 90 })
    .toBuffer();
}

/**
 * What sharp reads of an image: its format, upright size, and `metadata`: every trace of EXIF,
 * XMP, IPTC or a turned orientation it still carries (an empty list once stripped).
 */
export async function metadataOf(data: Buffer) {
  const m = await sharp(data).metadata();
  const traces = {
    exif: m.exif,
    xmp: m.xmp,
    iptc: m.iptc,
    orientation: (m.orientation ?? 1) !== 1,
    cameraName: data.includes('Tecno'),
  };
  return {
    format: m.format,
    width: m.autoOrient.width,
    height: m.autoOrient.height,
    orientation: m.orientation,
    metadata: Object.keys(traces).filter((k) => traces[k as keyof typeof traces]),
  };
}

export const png = () =>
  sharp({ create: { width: 32, height: 24, channels: 3, background: '#c03' } })
    .png()
    .toBuffer();

/** Three distinct photos, as the wizard sends them. */
export async function photoSet() {
  return {
    selfie: (await jpeg()).data,
    house: (await jpeg()).data,
    utility_bill: (await jpeg()).data,
  };
}

export type Photos = Awaited<ReturnType<typeof photoSet>>;

/** A copy of `o` without some keys. */
export const without = <T extends object, K extends keyof T>(o: T, ...keys: K[]) =>
  Object.fromEntries(Object.entries(o).filter(([k]) => !keys.includes(k as K))) as Omit<T, K>;

export const goodFields = (over: Record<string, string> = {}) => ({
  lat: '6.6018',
  lng: '3.3515',
  accuracy: '12.5',
  location_text: 'Blue gate next to the pharmacy',
  captured_at: new Date().toISOString(),
  idempotency_key: randomUUID(),
  ...over,
});

/** A capture POST; `photos` null leaves a file out, a `{filename, data}` replaces it. */
export function submit(
  app: App,
  token: string,
  fields: Record<string, string>,
  photos: Partial<Record<keyof Photos, Buffer | { filename: string; data: Buffer; type?: string }>>,
  headers: Headers = {},
  remoteAddress?: string,
) {
  const files = Object.entries(photos).map(([field, p]) =>
    Buffer.isBuffer(p)
      ? { field, filename: `${field}.jpg`, data: p, type: 'image/jpeg' }
      : { field, ...p! },
  );
  return app.inject({
    method: 'POST',
    url: `/api/v2/capture/${token}`,
    headers,
    payload: multipart(fields, files),
    remoteAddress,
  });
}

export const tokenOf = (url: URL | string) => new URL(url).pathname.split('/').pop()!;

/** The usual cast: an owner company, a partner company, an outsider, a super-admin, an agent. */
export async function cast(app: App, db: Db) {
  const owner = await signIn(app, db, 'company', { company_name: 'Owner Ltd' });
  const partner = await signIn(app, db, 'company', { company_name: 'Partner Ltd', partner: true });
  const outsider = await signIn(app, db, 'company', {
    company_name: 'Outsider Ltd',
    partner: true,
  });
  const admin = await signIn(app, db, 'admin');
  const agent = await signIn(app, db, 'agent');
  await setTat(db, { audience: 'company', amountKobo: 250_000, hours: 48 });
  await setTat(db, { audience: 'agent', amountKobo: 100_000, hours: 24 });
  return { owner, partner, outsider, admin, agent };
}

export type Cast = Awaited<ReturnType<typeof cast>>;

export const assign = (app: App, headers: Headers, type: string, id: string, list: string[]) =>
  app.inject({
    method: 'PATCH',
    url: `/api/v2/job/assign/${type}/${id}`,
    headers,
    payload: { list },
  });

/** A new job of the owner, assigned by the admin to the agent; its token from the mail. */
export async function agentJob(app: App, db: Db, c: Cast) {
  const job = await createJob(app, c.owner.headers);
  const res = await assign(app, c.admin.headers, 'agent', c.agent.account.id, [job.id]);
  if (res.statusCode !== 200) throw new Error(`assign failed: ${res.statusCode} ${res.body}`);
  const link = await lastMailLink(db, c.agent.account.email);
  return { job, link, token: tokenOf(link) };
}

/** A job of the owner assigned to the partner, with a link the partner asked for. */
export async function partnerJob(app: App, c: Cast) {
  const job = await createJob(app, c.owner.headers);
  const res = await assign(app, c.owner.headers, 'company', c.partner.companyId!, [job.id]);
  if (res.statusCode !== 200) throw new Error(`assign failed: ${res.statusCode} ${res.body}`);
  const link = await app.inject({
    method: 'POST',
    url: `/api/v2/job/${job.id}/capture-link`,
    headers: c.partner.headers,
  });
  if (link.statusCode !== 201) throw new Error(`link failed: ${link.statusCode} ${link.body}`);
  const body = link.json() as { url: string; token: string };
  return { job, ...body };
}

export const detail = async (app: App, headers: Headers, id: string) =>
  (await app.inject({ url: `/api/v2/job/detail/${id}`, headers })).json();
