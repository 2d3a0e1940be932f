import multipart, { type MultipartFile } from '@fastify/multipart';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import type { OpenJobStatus } from '../../../reference/jobStatuses';
import { badRequest, HttpError, notFound, type FieldError } from '../../errors';
import { photoKinds, type CaptureTokenRow, type NewPhoto } from '../../repositories/captures';
import {
  CaptureJobView,
  CaptureSubmitBody,
  CaptureSubmitted,
  CaptureTokenParams,
  MyCaptureJobs,
} from '../../schemas/capture';
import { errorResponses } from '../../schemas/common';
import type { UploadedFile } from '../../schemas/jobs';
import { captureJobView } from '../../services/capture';
import {
  checkPhoto,
  closeSubmission,
  earlierAnswer,
  idempotencyKeyOf,
  maxPhotoBytes,
  removeStored,
  storePhoto,
  type CheckedPhoto,
} from '../../services/captureSubmission';
import { moveJob } from '../../services/jobMoves';
import { isUploadedFile } from '../jobs/multipart';
import { invalidLink, requireOpen } from '../../services/captureLinks';
import { guardCaptureLinks } from './linkGuard';

/**
 * The public capture API (DESIGN §3): no sign-in, the link's token is the credential.
 * A token works for one job while it is assigned or accepted, and not after.
 */
const publicCaptureRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { captures, jobs } = app.repos;
  const tags = ['capture'];
  const linkFor = guardCaptureLinks(app);

  await app.register(multipart, {
    attachFieldsToBody: 'keyValues',
    limits: { fileSize: maxPhotoBytes, files: 3, fields: 20, fieldSize: 2_000, parts: 30 },
    async onFile(part: MultipartFile) {
      let data: Buffer;
      try {
        data = await part.toBuffer();
      } catch (err) {
        if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') {
          const msg = `${part.fieldname} must be at most 5 MB`;
          throw new HttpError(413, msg, [{ field: part.fieldname, msg }]);
        }
        throw err;
      }
      const file: UploadedFile = { filename: part.filename, mimetype: part.mimetype, data };
      (part as unknown as { value: UploadedFile }).value = file;
    },
  });

  /** Who the job events name: the agent; a partner company's link names nobody. */
  const actorOf = (row: CaptureTokenRow) => row.agent_id;

  app.get(
    '/capture/:token',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: "A capture link's job: what the agent needs at the door; accepts an assigned job",
        description:
          'Public (the token is the credential). Unknown, revoked or expired links, and jobs no ' +
          'longer assigned/accepted, are 404 `{message}`. The first open of an `assigned` job ' +
          'accepts it (a job event "Accepted by opening the capture link").',
        params: CaptureTokenParams,
        response: { 200: CaptureJobView, ...errorResponses(429) },
      },
    },
    async (request) => {
      const row = linkFor(request);
      requireOpen(row);
      let status = row.status;
      if (status === 'assigned') {
        status = await app.db.transaction(async (tx) => {
          const [job] = await jobs.lockForMove([row.job_id], tx);
          const again = await captures.findToken(row.token_hash, tx);
          if (!job || !again) throw notFound(invalidLink);
          requireOpen({ ...again, status: job.status });
          if (job.status !== 'assigned') return job.status;
          const steps = [
            { action: 'accept' as const, reason: 'Accepted by opening the capture link' },
          ];
          return moveJob({ jobs, queue: app.queue }, job, steps, actorOf(row), tx);
        });
      }
      return {
        job: captureJobView(row),
        status: status as OpenJobStatus,
        retention_days: app.config.retentionDays,
      };
    },
  );

  app.get(
    '/capture/my-jobs/:token',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: "The agent's open jobs with their capture links, from any one of their links",
        description:
          "An agent's link lists every open (assigned/accepted) job of that agent that has a live " +
          "link. A partner company's link lists only its own job: the company's links may be held " +
          'by different people. Does not accept anything. Dead links are 404.',
        params: CaptureTokenParams,
        response: { 200: MyCaptureJobs, ...errorResponses(429) },
      },
    },
    async (request) => {
      const row = linkFor(request);
      requireOpen(row);
      if (!row.agent_id) {
        return {
          data: [
            {
              ...captureJobView(row),
              status: row.status as OpenJobStatus,
              url: app.captureLinks.url(request.params.token),
              current: true,
            },
          ],
        };
      }
      const open = await captures.agentOpenJobs(row.agent_id);
      const data = [];
      for (const j of open) {
        const token = app.captureLinks.open(j.token_sealed);
        if (!token) continue; // sealed under an earlier JWT_SECRET: cannot be shown again
        data.push({
          ...captureJobView(j),
          status: j.status,
          url: app.captureLinks.url(token),
          current: j.job_id === row.job_id,
        });
      }
      return { data };
    },
  );

  app.post(
    '/capture/:token',
    {
      config: { access: 'public', audit: 'capture.start' },
      schema: {
        tags,
        summary: 'Submit the evidence: three JPEG photos, GPS and device time (multipart)',
        description:
          'Public. Each photo must be a JPEG by its bytes, at most 5 MB (400/413 naming the field). ' +
          '`lat`/`lng` are optional (no GPS is allowed and flagged for review) but valid when ' +
          'given. The idempotency key (field `idempotency_key` or header `Idempotency-Key`, 8–100 ' +
          'characters) makes retries safe: the same key gets the first 201 again, even after the ' +
          'link is spent; another submission for the job is 409. The job moves to `submitted` ' +
          '(accepting it first if still `assigned`) in the same transaction as the photos.',
        consumes: ['multipart/form-data'],
        params: CaptureTokenParams,
        headers: Type.Object({
          'idempotency-key': Type.Optional(Type.String({ minLength: 8, maxLength: 100 })),
        }),
        body: CaptureSubmitBody,
        response: { 201: CaptureSubmitted, ...errorResponses(409, 429) },
      },
    },
    async (request, reply) => {
      const row = linkFor(request);
      const body = request.body as CaptureSubmitBody & Record<string, unknown>;
      const key = idempotencyKeyOf(body.idempotency_key ?? request.headers['idempotency-key']);
      const earlier = await earlierAnswer(app, row, key);
      if (earlier) return reply.code(201).send(earlier);
      requireOpen(row);

      const errors: FieldError[] = [];
      const fail = (field: string, msg: string) => errors.push({ field, msg });
      const number = (field: 'lat' | 'lng' | 'accuracy', min: number, max: number) => {
        const raw = body[field]?.trim();
        if (!raw) return null;
        const n = /^[-+]?\d+(\.\d+)?([eE][-+]?\d+)?$/.test(raw) ? Number(raw) : NaN;
        if (Number.isFinite(n) && n >= min && n <= max) return n;
        const range = max === Infinity ? `>= ${min}` : `from ${min} to ${max}`;
        fail(field, `${field} must be a number ${range}`);
        return null;
      };
      const lat = number('lat', -90, 90);
      const lng = number('lng', -180, 180);
      const accuracy = number('accuracy', 0, Infinity);
      if (body.lat?.trim() && !body.lng?.trim()) fail('lng', 'lng is required with lat');
      if (body.lng?.trim() && !body.lat?.trim()) fail('lat', 'lat is required with lng');

      const checked: CheckedPhoto[] = [];
      for (const kind of photoKinds) {
        const value: unknown = body[kind];
        if (Array.isArray(value)) {
          fail(kind, `${kind}: send one photo`);
        } else if (!isUploadedFile(value)) {
          fail(kind, `${kind} must be a JPEG file`);
        } else {
          const result = await checkPhoto(kind, value.data);
          if ('problem' in result) fail(kind, result.problem);
          else checked.push(result.photo);
        }
      }
      if (errors.length) throw badRequest(errors[0]!.msg, errors);

      const stored: NewPhoto[] = [];
      try {
        for (const photo of checked) stored.push(await storePhoto(app, row.job_id, photo));
        const location = {
          lat,
          lng,
          accuracy,
          location_text: body.location_text ?? null,
          captured_at: new Date(body.captured_at),
        };
        const result = await closeSubmission(app, row, key, location, stored);
        await removeStored(app, result.replay ? stored.map((p) => p.storage_key) : result.unused);
        return reply.code(201).send(result.answer);
      } catch (err) {
        await removeStored(
          app,
          stored.map((p) => p.storage_key),
        );
        throw err;
      }
    },
  );
};

export default publicCaptureRoutes;
