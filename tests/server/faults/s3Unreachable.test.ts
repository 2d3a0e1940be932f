import { createHash, randomUUID } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { migrate } from '../../../server/db/migrate';
import { agentJob, cast, jpeg } from '../capture/support';
import { createTestAppOn } from '../helpers';
import { setPrices } from '../jobs/support';
import { startS3, type S3Peer } from '../storage/s3rver';
import { serverSite, type ServerSite } from './support';

let folder: ServerSite;
let s3: S3Peer;
let job: { id: string; token: string };

beforeAll(async () => {
  s3 = await startS3();
  folder = await serverSite(mkdtempSync(path.join(tmpdir(), 'faults-s3-')));
  const db = await folder.open();
  await migrate(db);
  const ctx = await createTestAppOn(db, { dataDir: folder.dataDir });
  try {
    await setPrices(db);
    const assigned = await agentJob(ctx.app, db, await cast(ctx.app, db));
    job = { id: assigned.job.id, token: assigned.token };
  } finally {
    await ctx.close();
  }
}, 120_000);
afterEach(() => folder.stopAll());
afterAll(async () => {
  await s3?.close();
  await folder?.drop();
});

describe('S3 unreachable during a capture', { timeout: 180_000 }, () => {
  it('answers 503 "try again later", stores nothing, and takes the same submission once S3 is back', async () => {
    const { config } = s3;
    const server = await folder.start({
      S3_BUCKET: config.bucket,
      S3_REGION: config.region,
      S3_ENDPOINT: config.endpoint!,
      S3_ACCESS_KEY_ID: config.accessKeyId,
      S3_SECRET_ACCESS_KEY: config.secretAccessKey,
      S3_FORCE_PATH_STYLE: 'true',
    });
    const photos = {
      selfie: (await jpeg()).data,
      house: (await jpeg()).data,
      utility_bill: (await jpeg()).data,
    };
    const key = randomUUID();
    const submit = () => {
      const form = new FormData();
      for (const [kind, data] of Object.entries(photos)) {
        form.append(kind, new Blob([new Uint8Array(data)], { type: 'image/jpeg' }), `${kind}.jpg`);
      }
      form.append('captured_at', new Date().toISOString());
      form.append('idempotency_key', key);
      return fetch(`${server.url}/api/v2/capture/${job.token}`, { method: 'POST', body: form });
    };
    const sendAhead = () =>
      fetch(
        `${server.url}/api/v2/capture/${job.token}/photos/house?sha256=` +
          createHash('sha256').update(photos.house).digest('hex'),
        {
          method: 'PUT',
          headers: { 'content-type': 'image/jpeg' },
          body: new Uint8Array(photos.house),
        },
      );

    await s3.pause();
    for (const res of [await submit(), await sendAhead()]) {
      expect(res.status).toBe(503);
      expect(res.headers.get('retry-after')).toBe('30');
      expect(await res.json()).toEqual({
        message: 'The file store cannot be reached just now. Please try again in a minute.',
      });
    }
    // The link still works (nothing was spent) and the job is not submitted.
    const open = await fetch(`${server.url}/api/v2/capture/${job.token}`);
    expect(open.status).toBe(200);
    expect(((await open.json()) as { status: string }).status).toBe('accepted');

    await s3.resume();
    expect(await s3.list('captures/')).toEqual([]); // nothing half-stored
    const res = await submit();
    expect(res.status).toBe(201);
    const stored = await s3.list(`captures/${job.id}/`);
    expect(stored).toHaveLength(3);
    expect(await server.stop()).toBe(0);

    await folder.withDb(async (db) => {
      const r = await db.query<{ storage_key: string }>(
        'SELECT storage_key FROM capture_photos WHERE job_id = $1 ORDER BY 1',
        [job.id],
      );
      expect(r.rows.map((p) => p.storage_key)).toEqual([...stored].sort());
      const uploads = await db.query('SELECT 1 FROM capture_uploads WHERE job_id = $1', [job.id]);
      expect(uploads.rows).toEqual([]);
    });
  });
});
