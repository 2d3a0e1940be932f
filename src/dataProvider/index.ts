import {
  addRefreshAuthToDataProvider,
  type CreateParams,
  type DataProvider,
  type GetListParams,
  type GetOneParams,
  type UpdateManyParams,
  type UpdateParams,
} from 'react-admin';
import simpleRestProvider from 'ra-data-simple-rest';
import { refreshAuth } from '../authProvider';
import { apiUrl, httpClient } from '../httpClient/httpClient';
import type { Company } from '../resources/companies/types';
import type { AssigneeType } from '../resources/jobs/types';
import type { TatSettingBody } from '../resources/tatSettings/types';
import type { PayoutOutcome } from '../resources/transactions/types';
import { companiesApi } from './companiesApi';
import { exportsApi } from './exportsApi';
import { agentsApi } from './agentsApi';
import { jobsApi, jobsResources, type CreateJobInput } from './jobsApi';
import { messagesApi } from './messagesApi';
import { moneyApi, updatePayout } from './moneyApi';
import { tatSettingsApi } from './settingsApi';
import { usersApi } from './usersApi';
import type { NewSubAdmin } from '../resources/users/types';

/** The ra-data-simple-rest conventions the API follows for lists and details (DESIGN §4). */
const baseDataProvider = simpleRestProvider(apiUrl, httpClient);

/**
 * The resources whose endpoints are the spec's rather than the REST conventions:
 * - `jobs`: getOne with `meta.view === 'profile'` reads `GET /job/detail/{id}` (history, attachments,
 *   actions; a separate cache entry from the list's records); getList with `meta.view ===
 *   'by-assigner'` reads `GET /job/get-company-job-by-assigner/{filter.assigner_id}/{status}`;
 *   create sends the multipart form; updateMany with `meta.action === 'assign'` assigns them;
 * - `assignees`: `GET /job/fetch-assignees/{filter.type}`;
 * - `tat-settings`: `GET/POST /setting/tat`, `PATCH /setting/tat/{id}`;
 * - `companies`: getOne with `meta.view === 'details'` reads `GET /user/company-details/{id}`;
 *   update is `PATCH /companies/{id}` `{is_partner}`, or `PATCH /companies/{id}/status`
 *   `{status}` when the data names a status.
 * - `users`: create is `POST /auth/invite-admin` (spec §7).
 * - `payouts`: update is `PATCH /payouts/{id}`.
 * - `agents`: update is `PATCH /agents/{id}` `{status}` (deactivate or activate).
 */
const resourceDataProvider: DataProvider = {
  ...baseDataProvider,
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  async getList(resource: string, params: GetListParams): Promise<any> {
    if (resource === 'assignees') {
      return jobsResources.getAssignees((params.filter?.type ?? 'company') as AssigneeType);
    }
    if (resource === 'jobs' && params.meta?.view === 'by-assigner') {
      return jobsResources.getJobsByAssigner(params);
    }
    if (resource === 'tat-settings') {
      const data = await tatSettingsApi.list();
      return { data, total: data.length };
    }
    const result = await baseDataProvider.getList(resource, params);
    // `Content-Range: jobs 0-24/*`: a broad search whose total the server did not count, with more
    // pages after this one. react-admin then pages without a total ("1-25 of more than 25").
    if (Number.isNaN(result.total)) {
      const page = params.pagination?.page ?? 1;
      return { data: result.data, pageInfo: { hasPreviousPage: page > 1, hasNextPage: true } };
    }
    return result;
  },
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  async getOne(resource: string, params: GetOneParams): Promise<any> {
    if (resource === 'jobs' && params.meta?.view === 'profile') {
      return { data: await jobsResources.getJobDetail(String(params.id)) };
    }
    if (resource === 'companies' && params.meta?.view === 'details') {
      return { data: await companiesApi.details(String(params.id)) };
    }
    return baseDataProvider.getOne(resource, params);
  },
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  async create(resource: string, params: CreateParams): Promise<any> {
    if (resource === 'jobs')
      return { data: await jobsApi.createJob(params.data as CreateJobInput) };
    if (resource === 'tat-settings') {
      return { data: await tatSettingsApi.create(params.data as TatSettingBody) };
    }
    if (resource === 'users') {
      // An invitation has no user id to show (and a taken email must look the same): react-admin
      // wants one, so the invited email stands for it.
      const body = params.data as NewSubAdmin;
      return { data: { id: body.email, ...(await usersApi.inviteSubAdmin(body)) } };
    }
    return baseDataProvider.create(resource, params);
  },
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  async update(resource: string, params: UpdateParams): Promise<any> {
    if (resource === 'tat-settings') {
      return {
        data: await tatSettingsApi.update(String(params.id), params.data as TatSettingBody),
      };
    }
    if (resource === 'companies') {
      const data = params.data as Partial<Pick<Company, 'is_partner' | 'status'>>;
      const id = String(params.id);
      const company = data.status
        ? await companiesApi.setStatus(id, data.status)
        : await companiesApi.setPartner(id, Boolean(data.is_partner));
      return { data: { ...params.previousData, ...company } };
    }
    if (resource === 'payouts') {
      return { data: await updatePayout(String(params.id), params.data as PayoutOutcome) };
    }
    if (resource === 'agents') {
      const { status } = params.data as { status: 0 | 1 };
      const agent = await agentsApi.setAgentStatus(String(params.id), status);
      return { data: { ...params.previousData, ...agent } };
    }
    return baseDataProvider.update(resource, params);
  },
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  async updateMany(resource: string, params: UpdateManyParams): Promise<any> {
    if (resource === 'jobs' && params.meta?.action === 'assign') {
      return jobsResources.assignJobs(params);
    }
    return baseDataProvider.updateMany(resource, params);
  },
};

/**
 * The app's dataProvider, in layers: the REST base and the resources above, then the calls that
 * are not CRUD (spread on top as custom methods: assignJobs, uploadJobs…), then the token refresh
 * that runs before every call.
 */
export const dataProvider = addRefreshAuthToDataProvider(
  {
    ...resourceDataProvider,
    ...jobsApi,
    ...messagesApi,
    ...agentsApi,
    ...usersApi,
    ...moneyApi,
    ...exportsApi,
  },
  refreshAuth,
);

/** `useDataProvider<AppDataProvider>()` gives components the custom methods, typed. */
export type AppDataProvider = typeof dataProvider;
