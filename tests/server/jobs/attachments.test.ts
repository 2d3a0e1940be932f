import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jpeg, jpegWithExif, metadataOf, png } from '../capture/support';
import type { TestContext } from '../helpers';
import {
  addressFields,
  createJobsTestApp,
  multipart,
  pdfFile,
  signIn,
  type Actor,
} from './support';

let ctx: TestContext;
let company: Actor;

beforeAll(async () => {
  ctx = await createJobsTestApp();
  company = await signIn(ctx.app, ctx.db, 'company');
});
afterAll(() => ctx.close());

const attach = (filename: string, data: Buffer, type = 'application/octet-stream') =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/v2/job/create-address',
    headers: company.headers,
    payload: multipart(addressFields(), [{ field: 'attachments', filename, data, type }]),
  });

/** The one attachment of a job as served, with what the job profile says of it. */
async function served(jobId: string) {
  const detail = await ctx.app.inject({
    url: `/api/v2/job/detail/${jobId}`,
    headers: company.headers,
  });
  const [file] = detail.json().attachments as { id: string; sha256: string; size_bytes: number }[];
  const res = await ctx.app.inject({
    url: `/api/v2/jobs/${jobId}/attachments/${file!.id}`,
    headers: company.headers,
  });
  expect(res.statusCode).toBe(200);
  return { file: file!, data: res.rawPayload, contentType: res.headers['content-type'] };
}

const sha256 = (data: Buffer) => createHash('sha256').update(data).digest('hex');
const html = Buffer.from('<html><body><script>alert(document.cookie)</script></body></html>');

describe('security: job attachments are checked by their content, not their first bytes', () => {
  it.each([
    [
      'JPEG magic followed by HTML',
      'id.jpg',
      Buffer.concat([Buffer.from([0xff, 0xd8, 0xff]), html]),
    ],
    [
      'PNG magic followed by HTML',
      'id.png',
      Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), html]),
    ],
    ['a PDF header followed by HTML', 'bill.pdf', Buffer.concat([Buffer.from('%PDF-1.4\n'), html])],
    ['a truncated PDF', 'bill.pdf', pdfFile().subarray(0, 400)],
    ['a PDF cut just before its %%EOF', 'bill.pdf', pdfFile().subarray(0, pdfFile().length - 7)],
    [
      'a PDF whose startxref points past its end',
      'bill.pdf',
      Buffer.from(
        pdfFile()
          .toString('latin1')
          .replace(/startxref\n\d+/, 'startxref\n999999'),
        'latin1',
      ),
    ],
    [
      'a PDF whose startxref points at no cross-reference',
      'bill.pdf',
      Buffer.from(
        pdfFile()
          .toString('latin1')
          .replace(/startxref\n\d+/, 'startxref\n20'),
        'latin1',
      ),
    ],
  ])('refuses %s with 400 naming the field', async (_what, filename, data) => {
    const res = await attach(filename, data);
    expect(res.statusCode).toBe(400);
    const body = res.json() as { message: string; errors: { field: string; msg: string }[] };
    expect(body.errors).toHaveLength(1);
    expect(body.errors[0]!.field).toBe('attachments');
    expect(body.message).toMatch(new RegExp(`^attachments: ${filename} is not a readable`));
  });

  it('refuses a JPEG cut short', async () => {
    const { data } = await jpeg();
    const res = await attach('id.jpg', data.subarray(0, data.length - 200));
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(
      'attachments: id.jpg is not a readable JPEG image (damaged or incomplete)',
    );
  });

  it.each([
    ['a small PDF with a cross-reference table', pdfFile()],
    ['a PDF 1.5 with a cross-reference stream', pdfFile({ xrefStream: true })],
  ])('accepts %s and serves it unchanged', async (_what, pdf) => {
    const res = await attach('bill.pdf', pdf, 'application/pdf');
    expect(res.statusCode).toBe(201);
    const got = await served(res.json().id);
    expect(got.contentType).toBe('application/pdf');
    expect(got.data.equals(pdf)).toBe(true);
    expect(got.file.sha256).toBe(sha256(pdf));
  });

  it('accepts a real JPEG and a real PNG', async () => {
    for (const [name, data, type] of [
      ['id.jpg', (await jpeg()).data, 'image/jpeg'],
      ['id.png', await png(), 'image/png'],
    ] as const) {
      const res = await attach(name, data);
      expect(res.statusCode).toBe(201);
      const got = await served(res.json().id);
      expect(got.contentType).toBe(type);
      expect((await metadataOf(got.data)).format).toBe(type === 'image/png' ? 'png' : 'jpeg');
    }
  });
});

describe('security: image attachments are served without their metadata', () => {
  it('drops EXIF (camera, GPS) from a JPEG, turned upright, and records the sent SHA-256 and size', async () => {
    const sent = await jpegWithExif();
    expect(await metadataOf(sent)).toMatchObject({
      metadata: ['exif', 'orientation', 'cameraName'],
      width: 240,
      height: 320,
    });

    const res = await attach('id.jpg', sent, 'image/jpeg');
    expect(res.statusCode).toBe(201);
    const got = await served(res.json().id);
    expect(await metadataOf(got.data)).toEqual({
      format: 'jpeg',
      metadata: [],
      width: 240,
      height: 320,
      orientation: undefined,
    });
    expect(got.file.sha256).toBe(sha256(sent));
    expect(got.file.size_bytes).toBe(sent.length);
  });

  it('drops what follows the image data: a valid JPEG with HTML appended is served without it', async () => {
    const sent = Buffer.concat([(await jpeg()).data, html]);
    const res = await attach('id.jpg', sent, 'image/jpeg');
    expect(res.statusCode).toBe(201);
    const got = await served(res.json().id);
    expect(got.data.includes('<script>')).toBe(false);
  });
});
