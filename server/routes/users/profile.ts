import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { fieldError, forbidden, notFound } from '../../errors';
import { BinaryFile, MessageBody } from '../../schemas/common';
import { ChangePasswordBody, UpdateDetailsBody, UserIdParams } from '../../schemas/users';
import { accountView } from '../../services/accountView';
import { withoutMetadata } from '../../services/images';
import { normalizeNigerianPhone } from '../../services/phone';
import { hashNewPassword } from '../../services/passwordPolicy';
import { verifyPassword } from '../../services/secrets';
import { contentTypeOf, sniffFileType, StoredFileMissingError } from '../../services/storage';
import { updateOwnDetails } from '../../services/updateDetails';
import { userScopeOf } from '../../services/userAccess';
import { findState } from '../../../reference/locations';
import { isUploadedFile, registerMultipart } from '../jobs/multipart';

/** A profile picture is shown small: 2 MB is plenty for a phone photo and bounds the decode. */
const pictureMaxBytes = 2 * 1024 * 1024;
/** Pictures are stored at avatar size: twice the largest the app shows, for sharp screens. */
const pictureMaxSide = 512;

/** Edit Profile: one's own details, a new password, and the profile picture. */
const profileRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { accounts, sessions, users } = app.repos;
  const tags = ['settings'];

  app.put(
    '/setting/update-details',
    {
      config: { access: 'profile.edit', audit: 'profile.update' },
      schema: {
        tags,
        summary:
          "Edit the signed-in user's own name, phone and address (and the company's name, state and address, for its owner)",
        body: UpdateDetailsBody,
        response: { 200: Type.Ref('Account') },
      },
    },
    async (request) => {
      const b = request.body;
      if (b.company_name !== undefined && request.account.role !== 'company') {
        throw forbidden("Only the company's owner may change its name");
      }
      if (
        (b.company_state !== undefined || b.company_address !== undefined) &&
        request.account.role !== 'company'
      ) {
        throw forbidden("Only the company's owner may change its state and address");
      }
      const companyState =
        b.company_state === undefined ? undefined : findState(b.company_state)?.alias;
      if (b.company_state !== undefined && !companyState) {
        throw fieldError(
          'company_state',
          `company_state "${b.company_state}" is not a Nigerian state`,
        );
      }
      if (b.company_address !== undefined && !b.company_address.trim()) {
        throw fieldError('company_address', 'company_address must not be empty');
      }
      const updated = await updateOwnDetails(app.db, request.account, {
        first_name: b.first_name?.trim() || undefined,
        last_name: b.last_name?.trim() || undefined,
        phone: b.phone !== undefined ? normalizeNigerianPhone(b.phone) : undefined,
        address: b.address !== undefined ? b.address.trim() || null : undefined,
        company_name: b.company_name?.trim() || undefined,
        company_state: companyState,
        company_address: b.company_address?.trim(),
      });
      return accountView(updated, app.config.superAdminEmails);
    },
  );
  app.put(
    '/setting/change-password',
    {
      config: { access: 'profile.edit', audit: 'profile.change_password' },
      schema: {
        tags,
        summary:
          'Change your own password; your other sessions end with it unless `end_other_sessions` is false',
        body: ChangePasswordBody,
        response: { 200: MessageBody },
      },
    },
    async (request) => {
      const { current_password, new_password, end_other_sessions = true } = request.body;
      const account = request.account;
      if (!(await verifyPassword(account.password_hash, current_password))) {
        throw fieldError('current_password', 'The current password is not right');
      }
      if (new_password === current_password) {
        throw fieldError('new_password', 'The new password must differ from the current one');
      }
      const hash = await hashNewPassword(new_password, 'new_password');
      await app.db.transaction(async (tx) => {
        await accounts.setPasswordHash(account.id, hash, tx);
        if (end_other_sessions) await sessions.revokeOthersOf(account.id, request.sessionId, tx);
      });
      return { message: 'Password changed' };
    },
  );

  app.get(
    '/user/:id/picture',
    {
      config: { access: 'signed-in' },
      schema: {
        tags: ['users'],
        summary: "A user's profile picture, for users who may see that user (404 otherwise)",
        params: UserIdParams,
        produces: ['image/jpeg', 'image/png'],
        response: {
          200: BinaryFile('The picture, re-encoded without metadata'),
        },
      },
    },
    async (request, reply) => {
      const id = request.params.id;
      const user =
        id === request.account.id
          ? request.account
          : await users.findVisible(id, userScopeOf(request.account));
      if (!user?.picture_key) throw notFound('Picture not found');
      let data: Buffer;
      try {
        data = await app.storage.get(user.picture_key);
      } catch (err) {
        if (err instanceof StoredFileMissingError) throw notFound('Picture not found');
        throw err;
      }
      return reply
        .header(
          'Content-Type',
          contentTypeOf(user.picture_key.slice(user.picture_key.lastIndexOf('.'))),
        )
        .header('Cache-Control', 'private, no-store')
        .send(data);
    },
  );

  // Multipart only for the upload, with its own size limit.
  await app.register(async (upload) => {
    await registerMultipart(upload, {
      fileSize: pictureMaxBytes,
      files: 1,
      tooLarge: 'picture must be at most 2 MB',
    });
    upload.put(
      '/setting/profile-picture',
      {
        config: { access: 'profile.edit', audit: 'profile.picture' },
        schema: {
          tags,
          summary: 'Set your profile picture (multipart part `picture`: JPEG or PNG, at most 2 MB)',
          description:
            'The image must decode in full; it is stored turned upright, scaled down to fit ' +
            `${pictureMaxSide}×${pictureMaxSide} pixels and re-encoded without its metadata ` +
            '(EXIF with camera and GPS). Answers the account, with `picture_url`.',
          consumes: ['multipart/form-data'],
          body: Type.Object({
            picture: Type.Unsafe<unknown>({ description: 'The image file' }),
          }),
          response: { 200: Type.Ref('Account') },
        },
      },
      async (request) => {
        const file = (request.body as { picture?: unknown } | undefined)?.picture;
        if (!isUploadedFile(file)) throw fieldError('picture', 'picture must be a file');
        const notAnImage = () =>
          fieldError('picture', 'picture must be a JPEG or PNG image that opens');
        const kind = sniffFileType(file.data);
        if (!kind || kind.contentType === 'application/pdf') throw notAnImage();
        const format = kind.contentType === 'image/png' ? 'png' : 'jpeg';
        const picture = await withoutMetadata(file.data, format, pictureMaxSide).catch(() => {
          throw notAnImage();
        });
        const account = request.account;
        const stored = await app.storage.put(picture, `pictures/${account.id}`, kind.extension);
        await users.setPictureKey(account.id, stored.key);
        // The old file goes once the new one is recorded; a failure only leaves an orphan.
        if (account.picture_key) {
          await app.storage.remove(account.picture_key).catch((err: unknown) => {
            request.log.warn({ err }, 'old profile picture not removed');
          });
        }
        return accountView((await accounts.findById(account.id))!, app.config.superAdminEmails);
      },
    );
  });
};

export default profileRoutes;
