import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  ListObjectsV2Command,
  NoSuchKey,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import type { S3Config } from '../../config';
import { contentTypeOf } from './sniff';
import {
  newKey,
  storedFile,
  StorageUnavailableError,
  StoredFileMissingError,
  type FileStorage,
} from './types';

/** A key we could have generated: relative, no empty, `.` or `..` segments. */
function checkedKey(key: string) {
  if (key.split('/').some((s) => s === '' || s === '.' || s === '..') || key.includes('\\')) {
    throw new Error(`bad storage key ${key}`);
  }
  return key;
}

/**
 * The store did not answer, or answered that it is unwell (5xx, throttled): a failure to try
 * again later, not a fault of the request. An answer about the object (404, 403) is not one.
 */
function isUnreachable(err: unknown) {
  const e = err as { name?: string; code?: string; $metadata?: { httpStatusCode?: number } };
  const status = e.$metadata?.httpStatusCode;
  if (status !== undefined) return status >= 500 || status === 429;
  return (
    e.name === 'TimeoutError' ||
    /^(ECONNREFUSED|ECONNRESET|ETIMEDOUT|EPIPE|EHOSTUNREACH|ENETUNREACH|ENOTFOUND|EAI_AGAIN)$/.test(
      e.code ?? '',
    ) ||
    (err instanceof AggregateError && err.errors.some(isUnreachable))
  );
}

/**
 * Objects in an S3-compatible bucket (AWS, MinIO, Ceph, Garage…). Objects are written without an
 * ACL, so they stay as private as the bucket; the API serves them to those who may see the job.
 */
export function createS3Storage(config: S3Config): FileStorage {
  const { bucket: Bucket, endpoint } = config;
  const client = new S3Client({
    region: config.region,
    endpoint,
    forcePathStyle: config.forcePathStyle,
    credentials: { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey },
    // Other stores often reject the SDK's default CRC32 checksum headers; we keep our own SHA-256.
    ...(endpoint
      ? { requestChecksumCalculation: 'WHEN_REQUIRED', responseChecksumValidation: 'WHEN_REQUIRED' }
      : {}),
    requestHandler: { connectionTimeout: 5_000, requestTimeout: 30_000 },
  });
  const where = `S3 bucket "${Bucket}" at ${endpoint ?? `AWS ${config.region}`}`;
  /** Sends `command`; the store out of reach rejects as StorageUnavailableError. */
  const send: typeof client.send = async (command: Parameters<typeof client.send>[0]) => {
    try {
      return await client.send(command);
    } catch (err) {
      if (!isUnreachable(err)) throw err;
      const e = err as { name?: string; code?: string };
      throw new StorageUnavailableError(`${where} cannot be reached: ${e.code ?? e.name}`, {
        cause: err,
      });
    }
  };
  return {
    async put(data, prefix, extension) {
      const key = checkedKey(newKey(prefix, extension));
      await send(
        new PutObjectCommand({
          Bucket,
          Key: key,
          Body: data,
          ContentType: contentTypeOf(extension),
        }),
      );
      return storedFile(key, data);
    },
    async get(key) {
      try {
        const res = await send(new GetObjectCommand({ Bucket, Key: checkedKey(key) }));
        return Buffer.from(await res.Body!.transformToByteArray());
      } catch (err) {
        if (err instanceof NoSuchKey) throw new StoredFileMissingError(key, { cause: err });
        throw err;
      }
    },
    async remove(key) {
      await send(new DeleteObjectCommand({ Bucket, Key: checkedKey(key) }));
    },
    async *list() {
      let ContinuationToken: string | undefined;
      do {
        const page = await send(new ListObjectsV2Command({ Bucket, ContinuationToken }));
        for (const o of page.Contents ?? []) {
          if (o.Key) yield { key: o.Key, modifiedAt: o.LastModified ?? new Date() };
        }
        ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (ContinuationToken);
    },
    async check() {
      try {
        await client.send(new HeadBucketCommand({ Bucket }));
      } catch (err) {
        const e = err as { name?: string; $metadata?: { httpStatusCode?: number } };
        const status = e.$metadata?.httpStatusCode;
        throw new StorageUnavailableError(
          `S3 bucket "${Bucket}" at ${endpoint ?? `AWS ${config.region}`} cannot be used: ` +
            `${e.name ?? 'error'}${status ? ` (HTTP ${status})` : ''}`,
          { cause: err },
        );
      }
    },
    close: async () => client.destroy(),
  };
}
