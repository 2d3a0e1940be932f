import type { FastifyInstance, FastifyReply } from 'fastify';
import type { JobKind } from '../../../reference/jobKinds';
import type { ValidJobFields } from '../../../reference/jobFields';
import { badRequest, fieldError } from '../../errors';
import type { UploadedFile } from '../../schemas/jobs';
import { ImportBusyError } from '../../services/importParser';
import { maxImportBytes } from '../../services/jobImport';
import { isUploadedFile } from './multipart';

/** The multipart limits of a bulk jobs file, for the upload and its quote alike. */
export const bulkFileLimits = {
  fileSize: maxImportBytes,
  files: 1,
  tooLarge: 'The file is larger than 20 MB: split it into smaller files',
};

/** The form's `file` part, or a 400 naming it. */
export function bulkFileOf(file: unknown): UploadedFile {
  if (!isUploadedFile(file)) throw fieldError('file', 'file is required: a CSV or XLSX file');
  return file;
}

/**
 * The rows of a bulk file, read and validated as the upload reads them (CSV or XLSX, off the
 * request thread): a bad or empty file is a 4xx naming the problem, too many files being read at
 * once a 503 with Retry-After.
 */
export async function readBulkFile(
  app: FastifyInstance,
  reply: FastifyReply,
  type: JobKind,
  file: UploadedFile,
): Promise<ValidJobFields[]> {
  const rows = await app.importParser.parse(type, file.data, file.filename).catch((err) => {
    // The error handler keeps headers set before the throw.
    if (err instanceof ImportBusyError) reply.header('Retry-After', err.retryAfterSeconds);
    throw err;
  });
  if (!rows.length) throw badRequest('The file has no jobs');
  return rows;
}
