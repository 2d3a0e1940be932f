import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { badRequest, fieldError, type FieldError } from '../../errors';
import { photoKinds } from '../../repositories/captures';
import {
  CaptureSubmitted,
  CaptureTokenParams,
  PhotoKindSchema,
  SentPhoto,
  SentPhotos,
  UploadsSubmitBody,
} from '../../schemas/capture';
import { errorResponses } from '../../schemas/common';
import {
  checkPhoto,
  closeSubmission,
  earlierAnswer,
  idempotencyKeyOf,
  maxPhotoBytes,
  removeStored,
  storePhoto,
} from '../../services/captureSubmission';
import { requireOpen } from '../../services/captureLinks';
import { guardCaptureLinks } from './linkGuard';

const sha256Pattern = /^[0-9a-f]{64}$/;

/**
 * Photos sent one by one, each as soon as it is taken, then a small closing call: on a slow
 * link the agent no longer waits for every byte after the last photo. A photo the server holds
 * (same SHA-256) is never sent again; a cut upload is sent again whole (photos are ~300 KB).
 */
const photoUploadRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { captures } = app.repos;
  const tags = ['capture'];
  const linkFor = guardCaptureLinks(app);

  app.addContentTypeParser(
    'image/jpeg',
    { parseAs: 'buffer', bodyLimit: maxPhotoBytes },
    (_request, body, done) => done(null, body),
  );

  app.get(
    '/capture/:token/photos',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'The photos of this link the server already holds (sent ahead of Submit)',
        params: CaptureTokenParams,
        response: { 200: SentPhotos, ...errorResponses(429) },
      },
    },
    async (request) => {
      const row = linkFor(request);
      requireOpen(row);
      const held = await captures.uploads(row.job_id);
      return { data: held.map(({ kind, sha256, size_bytes }) => ({ kind, sha256, size_bytes })) };
    },
  );

  app.put(
    '/capture/:token/photos/:kind',
    {
      config: { access: 'public', audit: 'capture.photo' },
      schema: {
        tags,
        summary: 'Send one photo ahead of Submit (body: the JPEG, Content-Type image/jpeg)',
        description:
          'Public. `sha256` (hex) is the SHA-256 of the body as the phone has it: a photo that ' +
          'arrives different is refused (400, send it again). A photo of that kind already held ' +
          'with the same hash is answered 200 without storing again; another one replaces it ' +
          '(201). JPEG by its bytes, at most 5 MB (413).',
        consumes: ['image/jpeg'],
        params: Type.Object({ ...CaptureTokenParams.properties, kind: PhotoKindSchema }),
        querystring: Type.Object({ sha256: Type.String({ maxLength: 64 }) }),
        response: { 200: SentPhoto, 201: SentPhoto, ...errorResponses(413, 429) },
      },
    },
    async (request, reply) => {
      const row = linkFor(request);
      requireOpen(row);
      const { kind } = request.params;
      const claimed = request.query.sha256.toLowerCase();
      if (!sha256Pattern.test(claimed)) {
        throw fieldError('sha256', 'sha256 must be 64 hexadecimal characters');
      }
      const data = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      const held = (await captures.uploads(row.job_id)).find((p) => p.kind === kind);
      if (held?.sha256 === claimed) {
        return reply.code(200).send({ kind, sha256: held.sha256, size_bytes: held.size_bytes });
      }
      const result = await checkPhoto(kind, data);
      if ('problem' in result) throw fieldError(kind, result.problem);
      if (result.photo.sha256 !== claimed) {
        throw fieldError(kind, `${kind} arrived damaged (its SHA-256 differs): send it again`);
      }
      const photo = await storePhoto(app, row.job_id, result.photo);
      let replaced: string | null;
      try {
        replaced = await captures.putUpload(row.job_id, photo);
      } catch (err) {
        await removeStored(app, [photo.storage_key]);
        throw err;
      }
      if (replaced) await removeStored(app, [replaced]);
      return reply.code(201).send({ kind, sha256: photo.sha256, size_bytes: photo.size_bytes });
    },
  );

  app.post(
    '/capture/:token/submit',
    {
      config: { access: 'public', audit: 'capture.submit' },
      schema: {
        tags,
        summary: 'Close the submission of photos sent ahead: location, device time, their hashes',
        description:
          'Public. Each of the three photos must already be held with the SHA-256 named here; a ' +
          'missing or different one is 400 naming its kind (send it, then submit again). The ' +
          'idempotency key (8–100 characters) makes retries safe, as for the one-shot upload.',
        params: CaptureTokenParams,
        body: UploadsSubmitBody,
        response: { 201: CaptureSubmitted, ...errorResponses(409, 429) },
      },
    },
    async (request, reply) => {
      const row = linkFor(request);
      const body = request.body;
      const key = idempotencyKeyOf(body.idempotency_key);
      const earlier = await earlierAnswer(app, row, key);
      if (earlier) return reply.code(201).send(earlier);
      requireOpen(row);

      const errors: FieldError[] = [];
      if ((body.lat === undefined) !== (body.lng === undefined)) {
        const field = body.lat === undefined ? 'lat' : 'lng';
        errors.push({ field, msg: `${field} is required with ${field === 'lat' ? 'lng' : 'lat'}` });
      }
      const held = await captures.uploads(row.job_id);
      const photos = [];
      for (const kind of photoKinds) {
        const photo = held.find((p) => p.kind === kind);
        if (photo && photo.sha256 === body.photos[kind].toLowerCase()) photos.push(photo);
        else errors.push({ field: kind, msg: `${kind} has not been received yet: send it first` });
      }
      if (errors.length) throw badRequest(errors[0]!.msg, errors);

      const result = await closeSubmission(
        app,
        row,
        key,
        {
          lat: body.lat ?? null,
          lng: body.lng ?? null,
          accuracy: body.accuracy ?? null,
          location_text: body.location_text ?? null,
          captured_at: new Date(body.captured_at),
        },
        photos,
      );
      await removeStored(app, result.unused);
      return reply.code(201).send(result.answer);
    },
  );
};

export default photoUploadRoutes;
