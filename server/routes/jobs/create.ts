import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { isJobKind } from '../../../reference/jobKinds';
import { validateJobFields } from '../../../reference/jobFields';
import { badRequest, fieldError } from '../../errors';
import { errorResponses } from '../../schemas/common';
import { CreateJobBody, Job, type UploadedFile } from '../../schemas/jobs';
import { jobScopeOf, jobView } from '../../services/jobAccess';
import { checkAttachment } from '../../services/attachmentCheck';
import { createJobs } from '../../services/jobCreation';
import { sha256 } from '../../services/secrets';
import type { StoredFile } from '../../services/storage';
import { isUploadedFile, registerMultipart } from './multipart';
import { ownerCompanyOf } from './owner';

const maxAttachmentBytes = 5 * 1024 * 1024;

const createRoutes: FastifyPluginAsyncTypebox = async (app) => {
  await registerMultipart(app, {
    fileSize: maxAttachmentBytes,
    files: 10,
    tooLarge: 'Each attachment must be at most 5 MB',
  });
  const { jobs, tats, ledger } = app.repos;
  const creation = { jobs, tats, ledger, queue: app.queue };

  app.post(
    '/job/create-address',
    {
      config: { access: 'jobs.create', idempotent: true, apiKey: true, audit: 'job.create' },
      schema: {
        tags: ['jobs'],
        summary: 'Create one job of any kind (multipart form: fields and optional attachments)',
        description:
          'Company users create jobs for their company; provider staff name the owner as `company_id`. ' +
          'Field errors answer 400 `{message, errors:[{field, msg}]}`. The owner is charged the ' +
          'Company price of (state, type) in the same transaction: no price is a 400, a wallet short ' +
          'of it a 402 naming both amounts. Accepts an `Idempotency-Key` header.',
        consumes: ['multipart/form-data'],
        body: CreateJobBody,
        response: { 201: Job, ...errorResponses(402, 422) },
      },
    },
    async (request, reply) => {
      const body = request.body as Record<string, unknown>;
      const kind = body.type ?? 'address';
      if (!isJobKind(kind))
        throw fieldError(
          'type',
          'type must be one of: address, business_address, business, product',
        );
      const companyId = await ownerCompanyOf(app, request, body.company_id);
      const result = validateJobFields(kind, body);
      if (!result.ok) throw badRequest(result.errors[0]!.msg, result.errors);

      const files = ([] as unknown[]).concat(body.attachments ?? []);
      const checked = [];
      for (const f of files) {
        if (!isUploadedFile(f)) throw fieldError('attachments', 'attachments must be files');
        const c = await checkAttachment(f.data);
        if (!c.ok) throw fieldError('attachments', `attachments: ${f.filename} ${c.problem}`);
        checked.push({ ...c, file: f });
      }

      const stored: (StoredFile & { file: UploadedFile; contentType: string })[] = [];
      try {
        for (const c of checked) {
          stored.push({
            ...(await app.storage.put(c.data, 'attachments', c.extension)),
            file: c.file,
            contentType: c.contentType,
          });
        }
        const id = await app.db.transaction(async (tx) => {
          const order = {
            type: kind,
            company_id: companyId,
            created_by: request.account.id,
            state: result.value.state,
            lga: result.value.lga,
            subject_name: result.value.subjectName,
            fields: result.value.fields,
          };
          const [created] = await createJobs(creation, [order], request.account.id, tx);
          for (const s of stored) {
            await jobs.addAttachment(
              created!.id,
              {
                file_name: s.file.filename.slice(0, 255) || 'attachment',
                content_type: s.contentType,
                // of the file as sent, as for capture photos (images are served without metadata)
                size_bytes: s.file.data.length,
                sha256: sha256(s.file.data),
                storage_key: s.key,
              },
              tx,
            );
          }
          return created!.id;
        });
        const job = await jobs.findVisible(id, jobScopeOf(request.account));
        return reply.code(201).send(jobView(job!));
      } catch (err) {
        await Promise.all(stored.map((s) => app.storage.remove(s.key).catch(() => undefined)));
        throw err;
      }
    },
  );
};

export default createRoutes;
