import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { notFound } from '../../errors';
import { JobAttachmentParams, JobPhotoParams } from '../../schemas/capture';
import { BinaryFile } from '../../schemas/common';
import { jobScopeOf } from '../../services/jobAccess';
import { StoredFileMissingError } from '../../services/storage';

/**
 * Evidence and attachments are never public: served only to signed-in users who may see the job
 * and its subject (not a partner that declined it or whose assignment ended); for anyone else,
 * and for unknown jobs or files, 404 alike.
 */
const fileRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { jobs, captures } = app.repos;

  async function readOr404(key: string) {
    try {
      return await app.storage.get(key);
    } catch (err) {
      if (err instanceof StoredFileMissingError) throw notFound('File not found');
      throw err;
    }
  }

  app.get(
    '/jobs/:id/photos/:kind',
    {
      config: { access: 'jobs.list', apiKey: true, audit: 'download.capture_photo' },
      schema: {
        tags: ['capture'],
        summary: 'A photo of the submitted evidence (selfie, house or utility_bill) as JPEG',
        params: JobPhotoParams,
        produces: ['image/jpeg'],
        response: {
          200: BinaryFile('The JPEG without its metadata (EXIF, GPS), turned upright'),
        },
      },
    },
    async (request, reply) => {
      const { id, kind } = request.params;
      const job = await jobs.findVisible(id, jobScopeOf(request.account));
      if (!job || job.personal_hidden) throw notFound('Photo not found');
      const photo = await captures.photo(id, kind);
      if (!photo) throw notFound('Photo not found');
      const data = await readOr404(photo.storage_key);
      return reply
        .header('Content-Type', 'image/jpeg')
        .header('Cache-Control', 'private, no-store')
        .header('ETag', `"${photo.sha256}"`)
        .header('Content-Disposition', `inline; filename="${kind}.jpg"`)
        .send(data);
    },
  );

  app.get(
    '/jobs/:id/attachments/:attachmentId',
    {
      config: { access: 'jobs.list', apiKey: true, audit: 'download.attachment' },
      schema: {
        tags: ['jobs'],
        summary: 'A file attached when the job was created',
        params: JobAttachmentParams,
        produces: ['image/jpeg', 'image/png', 'application/pdf'],
        response: {
          200: BinaryFile('The file as uploaded; an image without its metadata (EXIF, GPS)'),
        },
      },
    },
    async (request, reply) => {
      const { id, attachmentId } = request.params;
      const job = await jobs.findVisible(id, jobScopeOf(request.account));
      if (!job || job.personal_hidden) throw notFound('Attachment not found');
      const file = (await jobs.attachments(id)).find((f) => f.id === attachmentId);
      if (!file) throw notFound('Attachment not found');
      const data = await readOr404(file.storage_key);
      const name = file.file_name.replace(/[^\w. -]/g, '_');
      return reply
        .header('Content-Type', file.content_type)
        .header('Cache-Control', 'private, no-store')
        .header('ETag', `"${file.sha256}"`)
        .header('Content-Disposition', `attachment; filename="${name}"`)
        .send(data);
    },
  );
};

export default fileRoutes;
