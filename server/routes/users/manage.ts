import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { fieldError, notFound } from '../../errors';
import { roles } from '../../../reference/permissions';
import { userSortFields, type UserListFilter } from '../../repositories/users';
import {
  PageLimitQuery,
  SearchQuery,
  StatusBody,
  UpdateUserBody,
  User,
  UserIdParams,
  UserList,
  UserListQuery,
  UserPage,
  UserTypeParams,
} from '../../schemas/users';
import { normalizeNigerianPhone } from '../../services/phone';
import { assertMayManage, grantableLabels, userScopeOf, userView } from '../../services/userAccess';
import {
  filterField,
  ListFilter,
  listPageOf,
  listSpec,
  numberedPage,
  parseListQuery,
  scoped,
} from '../../services/listFilter';

const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const searchLimit = 100;

const idList = (v: unknown) => ([] as unknown[]).concat(v).filter((i) => typeof i === 'string');

/** `GET /users`: sorts and the `filter`: q (search), id (getMany), type (a role), status. */
const userList = listSpec({
  resource: 'users',
  noun: 'Users',
  sortFields: userSortFields,
  defaultSort: ['created_at', 'DESC'],
  filter: ListFilter({
    q: filterField(
      Type.Codec(Type.String({ maxLength: 100 }))
        .Decode((v) => v.trim() || undefined)
        .Encode((v) => v ?? ''),
      () => 'must be a string of at most 100 characters',
    ),
    id: filterField(
      Type.Codec(Type.Refine(Type.Unknown(), (v) => idList(v).every((i) => uuid.test(i))))
        .Decode(idList)
        .Encode((v) => v),
      () => 'must hold user ids',
      [undefined],
    ),
    type: filterField(
      Type.Codec(Type.Enum([...roles]))
        .Decode((v) => v)
        .Encode((v) => v),
      () => `must be one of: ${roles.join(', ')}`,
      [undefined, ''],
    ),
    status: filterField(
      Type.Codec(Type.Union([Type.Literal(0), Type.Literal(1)]))
        .Decode((v) => v)
        .Encode((v) => v),
      () => 'must be 0 or 1',
      [undefined, ''],
    ),
  }),
});

/**
 * People: the spec's user calls (`/user/…`) and the react-admin resource `users` (`/users…`).
 * Provider staff reach every account but list their own staff unless they ask for a type; a
 * company's people reach that company's accounts only, and any other id answers 404.
 */
const manageRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { users, sessions, accounts } = app.repos;
  const tags = ['users'];

  async function visibleOr404(request: { account: Parameters<typeof userScopeOf>[0] }, id: string) {
    const user = await users.findVisible(id, userScopeOf(request.account));
    if (!user) throw notFound('User not found');
    return user;
  }

  app.get(
    '/user/users',
    {
      config: { access: 'users.list' },
      schema: {
        tags,
        summary: 'Users this account manages, newest first, optionally searched (first 100)',
        description:
          'Provider staff: the provider’s admins and sub-admins. A company: its owner and sub-users. ' +
          '`search` matches name, email, phone or user code.',
        querystring: SearchQuery,
        response: { 200: UserList },
      },
    },
    async (request) => {
      const q = request.query.search?.trim() || undefined;
      const rows = await users.list(
        userScopeOf(request.account),
        { q },
        { field: 'created_at', order: 'DESC' },
        0,
        searchLimit,
      );
      return { users: rows.map(userView) };
    },
  );

  app.get(
    '/user/users-by-type/:type',
    {
      config: { access: 'users.list' },
      schema: {
        tags,
        summary: 'Users of one kind (admin, sub-admin, company, agent), a page at a time',
        params: UserTypeParams,
        querystring: PageLimitQuery,
        response: { 200: UserPage },
      },
    },
    async (request) => {
      const page = request.query.page ?? 1;
      const limit = request.query.limit ?? 50;
      const scope = userScopeOf(request.account);
      const filter = { type: request.params.type };
      const newest = { field: 'created_at', order: 'DESC' } as const;
      const { rows, total } = await numberedPage(scoped(users, scope), filter, newest, page, limit);
      return { users: rows.map(userView), total, page, limit };
    },
  );

  const getOne = {
    config: { access: 'users.list' as const },
    schema: {
      tags,
      summary: "One user; another company's user is 404",
      params: UserIdParams,
      response: { 200: User },
    },
  };
  app.get('/user/:id', getOne, async (request) =>
    userView(await visibleOr404(request, request.params.id)),
  );
  app.get('/users/:id', getOne, async (request) =>
    userView(await visibleOr404(request, request.params.id)),
  );

  app.patch(
    '/user/:id',
    {
      config: { access: 'users.manage', audit: 'user.status' },
      schema: {
        tags,
        summary: 'Activate (1) or disable (0) a user; disabling ends all their sessions at once',
        description:
          'A disabled user’s live access token answers 401 on its next call and login answers 403. ' +
          'Nobody disables themselves; staff who are not heads only act on users holding no ' +
          'permission they lack.',
        params: UserIdParams,
        body: StatusBody,
        response: { 200: User },
      },
    },
    async (request) => {
      const target = await visibleOr404(request, request.params.id);
      const status = request.body.status;
      assertMayManage(request.account, target, status === 0 ? 'disable' : 'activate');
      await app.db.transaction(async (tx) => {
        await users.setStatus(target.id, status, tx);
        if (status === 0) await sessions.revokeAllOf(target.id, tx);
      });
      return userView((await accounts.findById(target.id))!);
    },
  );

  app.get(
    '/users',
    {
      config: { access: 'users.list' },
      schema: {
        tags,
        summary: 'Users this account manages, in ra-data-simple-rest conventions',
        description:
          '`filter`: `q` (name, email, phone, user code), `id` (list, for getMany), `type` (a role: ' +
          'with it, provider staff list that kind of account anywhere), `status` (0 or 1). ' +
          `Sortable: ${userSortFields.join(', ')}. Answers \`Content-Range: users first-last/total\`.`,
        querystring: UserListQuery,
        response: { 200: Type.Array(User) },
      },
    },
    async (request, reply) => {
      const { offset, limit, sort, filter: f } = parseListQuery(userList, request.query);
      const filter: UserListFilter = { q: f.q, ids: f.id, type: f.type, status: f.status };
      const scope = userScopeOf(request.account);
      const q = { offset, limit, sort, filter };
      return listPageOf(reply, userList, q, scoped(users, scope), userView);
    },
  );

  app.put(
    '/users/:id',
    {
      config: { access: 'users.manage', audit: 'user.update' },
      schema: {
        tags,
        summary: "Edit a user's personal information and permissions (sub-admins and sub-users)",
        description:
          'Fields left out keep their value. `permissions` only for sub-admins and sub-users, never ' +
          'one the editor does not hold (403 naming `permission`); nobody edits their own here ' +
          '(their profile is PUT /setting/update-details).',
        params: UserIdParams,
        body: UpdateUserBody,
        response: { 200: User },
      },
    },
    async (request) => {
      const target = await visibleOr404(request, request.params.id);
      assertMayManage(request.account, target, 'edit');
      const b = request.body;
      const firstName = b.first_name?.trim() ?? target.first_name;
      const lastName = b.last_name?.trim() ?? target.last_name;
      if (!firstName) throw fieldError('first_name', 'first_name must not be empty');
      if (!lastName) throw fieldError('last_name', 'last_name must not be empty');
      const phone = b.phone !== undefined ? normalizeNigerianPhone(b.phone) : target.phone;
      if (phone === null) throw fieldError('phone', 'phone is required');
      const address = b.address === undefined ? target.address : b.address?.trim() || null;
      let permissions: string[] | undefined;
      if (b.permissions !== undefined && !sameSet(b.permissions, target.permissions)) {
        if (target.role !== 'sub-admin') {
          throw fieldError('permission', 'Only sub-admins and sub-users have a permission list');
        }
        permissions = grantableLabels(request.account, b.permissions);
      }
      await app.db.transaction(async (tx) => {
        await users.setPersonal(
          target.id,
          { first_name: firstName, last_name: lastName, phone, address },
          tx,
        );
        if (permissions) await users.setPermissions(target.id, permissions, tx);
      });
      return userView((await accounts.findById(target.id))!);
    },
  );
};

/** The Permissions tab sends the whole list back: unchanged, it is not a grant. */
const sameSet = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((x) => b.includes(x));

export default manageRoutes;
