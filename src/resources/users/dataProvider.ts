import type { ChangePasswordBody, UpdateDetailsBody } from '../../../server/schemas/users';
import type { Account } from '../../authProvider/session';
import type { ResourcePart } from '../../dataProvider/resourcePart';
import { apiJson, apiUrl, fetchBlob } from '../../httpClient/httpClient';
import type { NewSubAdmin, User, UserStatus } from './types';

const enc = encodeURIComponent;

/** Edit Profile's form (`PUT /setting/update-details`); company heads add their company's. */
export type ProfileChange = UpdateDetailsBody;

/** Spec §7 "User" and Edit Profile: the calls that are not CRUD, spread on the dataProvider. */
export const usersApi = {
  /** Answers the same message whether or not the email has an account (no user yet). */
  inviteSubAdmin: (body: NewSubAdmin) =>
    apiJson<{ message: string }>('/auth/invite-admin', { method: 'POST', body }),

  /** DISABLE sends 0, ACTIVATE 1 (spec §4). */
  setUserStatus: ({ id, status }: { id: string; status: UserStatus }) =>
    apiJson<User>(`/user/${enc(id)}`, { method: 'PATCH', body: { status } }),

  updateProfile: (change: ProfileChange) =>
    apiJson<Account>('/setting/update-details', { method: 'PUT', body: change }),

  changePassword: (body: ChangePasswordBody) =>
    apiJson<{ message: string }>('/setting/change-password', { method: 'PUT', body }),

  uploadProfilePicture: (file: File) => {
    const form = new FormData();
    form.append('picture', file, file.name);
    return apiJson<Account>('/setting/profile-picture', { method: 'PUT', body: form });
  },

  /** A profile picture (`picture_url` of a user or the account) as a Blob, with the token. */
  getPicture: (pictureUrl: string) =>
    fetchBlob(pictureUrl.startsWith(apiUrl) ? pictureUrl : `${apiUrl}${pictureUrl}`, {
      accept: 'image/*',
    }),
};

/**
 * `users` is a plain ra-data-simple-rest resource but for its creation, the spec's
 * `POST /auth/invite-admin`. An invitation has no user id to show (and a taken email must look the
 * same): react-admin wants one, so the invited email stands for it.
 */
export const usersPart: ResourcePart = {
  async create(params) {
    const body = params.data as NewSubAdmin;
    return { data: { id: body.email, ...(await usersApi.inviteSubAdmin(body)) } };
  },
};
