import multipart, { type MultipartFile } from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import { HttpError } from '../../errors';
import type { UploadedFile } from '../../schemas/jobs';

/**
 * Multipart bodies become plain objects: text parts as strings, file parts as `UploadedFile`
 * (buffered: attachments are small and bulk files are read whole anyway). Registered per route
 * group, each with its own limits.
 */
export async function registerMultipart(
  app: FastifyInstance,
  limits: { fileSize: number; files: number; tooLarge: string },
) {
  await app.register(multipart, {
    attachFieldsToBody: 'keyValues',
    limits: {
      fileSize: limits.fileSize,
      files: limits.files,
      fields: 60,
      fieldSize: 10_000,
      parts: 100,
    },
    async onFile(part: MultipartFile) {
      let data: Buffer;
      try {
        data = await part.toBuffer();
      } catch (err) {
        if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') {
          throw new HttpError(413, limits.tooLarge);
        }
        throw err;
      }
      const file: UploadedFile = { filename: part.filename, mimetype: part.mimetype, data };
      (part as unknown as { value: UploadedFile }).value = file;
    },
  });
}

export const isUploadedFile = (v: unknown): v is UploadedFile =>
  typeof v === 'object' && v !== null && Buffer.isBuffer((v as UploadedFile).data);
