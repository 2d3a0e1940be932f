import multipart, { type MultipartFile } from '@fastify/multipart';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import { badRequest, conflict, HttpError, notFound, type FieldError } from '../../errors';
import {
  photoKinds,
  type CaptureAnswer,
  type CaptureTokenRow,
  type NewPhoto,
} from '../../repositories/captures';
import {
  CaptureJobView,
  CaptureSubmitBody,
  CaptureSubmitted,
  CaptureTokenParams,
  MyCaptureJobs,
} from '../../schemas/capture';
import { errorResponses } from '../../schemas/common';
import type { UploadedFile } from '../../schemas/jobs';
import { captureJobView, storeCapturePhoto } from '../../services/capture';
import { isTokenShaped } from '../../services/captureLinks';
import { moveJob, type MoveStep } from '../../services/jobMoves';
import { hasJpegMagic, inspectJpeg } from '../../services/jpeg';
import type { StoredFile } from '../../services/storage';
import { spendAttempt, throttles } from '../../services/throttles';
import { isUploadedFile } from '../jobs/multipart';

export const maxPhotoBytes = 5 * 1024 * 1024;
const invalidLink = 'This capture link is invalid or has expired';
const openStatuses = ['assigned', 'accepted'];
const idempotencyKeyPattern = /^[\x21-\x7e]{8,100}$/;
const tooManyMisses = `Too many invalid capture links from this network. Please wait ${throttles.captureMissesPerIp.windowMinutes} minutes and try again.`;

/**
 * The public capture API (issue 4, DESIGN §3): no sign-in, the link's token is the credential.
 * A token works for one job while it is assigned or accepted, and not after.
 */
const publicCaptureRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { captures, rateLimits, jobs } = app.repos;
  const tags = ['capture'];

  /** The link of each request, found before its body is read. */
  const linkOf = new WeakMap<object, CaptureTokenRow>();

  // Before any body is read: an unknown link is answered at once (404, or 429 once its IP has
  // missed too often), so a guesser cannot make us read 15 MB first. A link that exists is
  // never refused: agents behind one carrier IP must not be locked out by a guesser.
  app.addHook(
    'onRequest',
    async (request: FastifyRequest<{ Params: { token?: string } }>, reply) => {
      const token = request.params.token ?? '';
      const row = isTokenShaped(token)
        ? await captures.findToken(app.captureLinks.hash(token))
        : undefined;
      if (row) {
        linkOf.set(request, row);
        return;
      }
      await spendAttempt(
        rateLimits,
        reply,
        throttles.captureMissesPerIp,
        request.ip,
        tooManyMisses,
      );
      throw notFound(invalidLink);
    },
  );

  /** The token's row, live or not, as the onRequest hook found it. */
  function linkFor(request: FastifyRequest) {
    const row = linkOf.get(request);
    if (!row) throw notFound(invalidLink);
    return row;
  }

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

  /** 404 unless the link is live and its job still open for capture. */
  function requireOpen(row: CaptureTokenRow) {
    if (!row.live) throw notFound(invalidLink);
    if (['submitted', 'approved', 'rejected'].includes(row.status)) {
      throw notFound(`The evidence for ${row.code} has already been submitted`);
    }
    if (!openStatuses.includes(row.status)) {
      throw notFound(`${row.code} is no longer open for capture`);
    }
  }

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
        response: { 200: CaptureJobView, ...errorResponses(404, 429) },
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
          return moveJob(jobs, job, steps, actorOf(row), tx);
        });
      }
      return { job: captureJobView(row), status: status as 'assigned' | 'accepted' };
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
        response: { 200: MyCaptureJobs, ...errorResponses(404, 429) },
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
              status: row.status as 'assigned' | 'accepted',
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
          status: j.status as 'assigned' | 'accepted',
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
      config: { access: 'public' },
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
        response: { 201: CaptureSubmitted, ...errorResponses(400, 404, 409, 413, 429) },
      },
    },
    async (request, reply) => {
      const row = linkFor(request);
      const body = request.body as CaptureSubmitBody & Record<string, unknown>;
      const key = body.idempotency_key ?? request.headers['idempotency-key'];
      if (!key || !idempotencyKeyPattern.test(key)) {
        const msg = 'idempotency_key is required: 8 to 100 visible characters';
        throw badRequest(msg, [{ field: 'idempotency_key', msg }]);
      }

      // A retry of a submission that went through gets its answer, even once the link is spent.
      const earlier = await captures.submission(row.job_id);
      if (earlier) {
        if (earlier.idempotency_key === key) return reply.code(201).send(earlier.answer);
        if (!row.live) throw notFound(invalidLink); // a dead link learns nothing more
        throw conflict(`The evidence for ${row.code} has already been submitted`);
      }
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

      const photos: (NewPhoto & { data: Buffer })[] = [];
      for (const kind of photoKinds) {
        const value: unknown = body[kind];
        if (Array.isArray(value)) {
          fail(kind, `${kind}: send one photo`);
        } else if (!isUploadedFile(value) || value.data.length === 0) {
          fail(kind, `${kind} must be a JPEG file`);
        } else if (!hasJpegMagic(value.data)) {
          fail(kind, `${kind} must be a JPEG image: this file is not one`);
        } else {
          const facts = await inspectJpeg(value.data);
          if (!facts) {
            fail(kind, `${kind} is not a readable JPEG image (damaged or incomplete)`);
          } else {
            photos.push({
              kind,
              data: value.data,
              storage_key: '',
              sha256: '',
              size_bytes: value.data.length,
              width: facts.width,
              height: facts.height,
              phash: facts.phash,
            });
          }
        }
      }
      if (errors.length) throw badRequest(errors[0]!.msg, errors);

      const receivedAt = new Date();
      const stored: StoredFile[] = [];
      try {
        for (const p of photos) {
          const s = await storeCapturePhoto(app.storage, row.job_id, p.data);
          stored.push(s.file);
          Object.assign(p, { storage_key: s.storage_key, sha256: s.sha256 });
        }
        const result = await app.db.transaction(async (tx) => {
          const [job] = await jobs.lockForMove([row.job_id], tx);
          const now = await captures.submission(row.job_id, tx);
          if (now) {
            if (now.idempotency_key === key) return { answer: now.answer, replay: true };
            throw conflict(`The evidence for ${row.code} has already been submitted`);
          }
          const again = await captures.findToken(row.token_hash, tx);
          if (!job || !again) throw notFound(invalidLink);
          requireOpen({ ...again, status: job.status });
          const steps: MoveStep[] = [
            { action: 'submit', reason: 'Evidence submitted through the capture link' },
          ];
          if (job.status === 'assigned') {
            steps.unshift({
              action: 'accept',
              reason: 'Accepted by submitting through the capture link',
            });
          }
          await moveJob(jobs, job, steps, actorOf(row), tx);
          const answer: CaptureAnswer = {
            message: `Thank you: the evidence for ${job.code} was received`,
            code: job.code,
            submitted_at: receivedAt.toISOString(),
          };
          await captures.insertSubmission(
            {
              job_id: job.id,
              token_hash: row.token_hash,
              idempotency_key: key,
              lat: lat !== null && lng !== null ? lat : null,
              lng: lat !== null && lng !== null ? lng : null,
              accuracy_m: lat !== null && lng !== null ? accuracy : null,
              location_text: body.location_text?.trim() || null,
              captured_at: new Date(body.captured_at),
              received_at: receivedAt,
              answer,
            },
            photos.map(({ data: _data, ...p }) => p),
            tx,
          );
          return { answer, replay: false };
        });
        if (result.replay) await removeAll(stored);
        return reply.code(201).send(result.answer);
      } catch (err) {
        await removeAll(stored);
        throw err;
      }
    },
  );

  const removeAll = (files: StoredFile[]) =>
    Promise.all(files.map((f) => app.storage.remove(f.key).catch(() => undefined)));
};

export default publicCaptureRoutes;
