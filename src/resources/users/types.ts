import type { InviteAdminBody, User } from '../../../server/schemas/users';

/** A user as the API sends it (server/schemas/users.ts). */
export type { User };

/** `POST /auth/invite-admin`'s body: spec §3's new admin payload. */
export type NewSubAdmin = InviteAdminBody;

/** What the Personal Information and Permissions tabs save (`PUT /users/{id}`). */
export type UserChange = Partial<
  Pick<User, 'first_name' | 'last_name' | 'phone' | 'address' | 'permissions'>
>;

/** 1 active, 0 disabled (shown as 'Unactive'). */
export type UserStatus = 0 | 1;
