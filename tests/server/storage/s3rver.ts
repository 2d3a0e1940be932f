import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { GetObjectCommand, ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import S3rver from 's3rver';
import type { S3Config } from '../../../server/config';

/**
 * A real S3 protocol peer in this process: s3rver (its default account is S3RVER/S3RVER) on a free
 * port, behind a plain HTTP server that records each request so tests can see what was sent.
 * s3rver checks the access key id but not SigV4 signatures, and ignores ACLs.
 */
export async function startS3(bucket = 'evidence') {
  const directory = mkdtempSync(path.join(tmpdir(), 's3rver-'));
  const s3rver = new S3rver({
    silent: true,
    directory,
    configureBuckets: [{ name: bucket, configs: [] }],
  });
  await s3rver.configureBuckets();
  const handle = s3rver.getMiddleware();
  const requests: { method: string; url: string; headers: IncomingHttpHeaders }[] = [];
  const server = createServer((req, res) => {
    requests.push({ method: req.method!, url: req.url!, headers: req.headers });
    handle(req, res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const config: S3Config = {
    bucket,
    region: 'us-east-1',
    endpoint: `http://127.0.0.1:${port}`,
    accessKeyId: 'S3RVER',
    secretAccessKey: 'S3RVER',
    forcePathStyle: true,
  };
  /** Our own client, to look into the bucket the way an operator would. */
  const client = new S3Client({ ...config, credentials: config });
  return {
    config,
    requests,
    client,
    async list(prefix: string) {
      const res = await client.send(new ListObjectsV2Command({ Bucket: bucket, Prefix: prefix }));
      return (res.Contents ?? []).map((o) => o.Key!);
    },
    async read(key: string) {
      const res = await client.send(new GetObjectCommand({ Bucket: bucket, Key: key }));
      return { data: Buffer.from(await res.Body!.transformToByteArray()), type: res.ContentType };
    },
    /** Stops listening: connections to its port are refused until `resume`. */
    async pause() {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
    async resume() {
      await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
    },
    async close() {
      client.destroy();
      if (server.listening) {
        server.closeAllConnections();
        await new Promise((resolve) => server.close(resolve));
      }
      rmSync(directory, { recursive: true, force: true });
    },
  };
}

export type S3Peer = Awaited<ReturnType<typeof startS3>>;
