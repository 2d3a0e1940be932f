import { addRefreshAuthToDataProvider, type DataProvider } from 'react-admin';
import simpleRestProvider from 'ra-data-simple-rest';
import { refreshAuth } from '../authProvider';
import { apiUrl, httpClient } from '../httpClient/httpClient';
import { agentApplicationsApi } from '../resources/agentApplications/dataProvider';
import { agentsApi, agentsPart } from '../resources/agents/dataProvider';
import { companiesPart } from '../resources/companies/dataProvider';
import { dataRequestsApi } from '../resources/dataRequests/dataProvider';
import { assigneesPart, jobsApi, jobsPart } from '../resources/jobs/dataProvider';
import { messagesApi } from '../resources/messages/dataProvider';
import { payoutsApi, payoutsPart } from '../resources/payouts/dataProvider';
import { tatsApi, tatsPart } from '../resources/tats/dataProvider';
import { transactionsApi } from '../resources/transactions/dataProvider';
import { usersApi, usersPart } from '../resources/users/dataProvider';
import { webhookDeliveriesPart, webhooksApi } from '../resources/webhooks/dataProvider';
import { sessionsApi } from '../pages/settings/sessionsApi';
import { twoFactorApi } from '../pages/settings/twoFactorApi';
import { exportsApi } from './exportsApi';
import type { ResourcePart } from './resourcePart';

/** The ra-data-simple-rest conventions the API follows for lists and details (DESIGN §4). */
const simpleRest = simpleRestProvider(apiUrl, httpClient);

const restProvider: DataProvider = {
  ...simpleRest,
  async getList(resource, params) {
    const result = await simpleRest.getList(resource, params);
    // `Content-Range: jobs 0-24/*`: a broad search whose total the server did not count, with more
    // pages after this one. react-admin then pages without a total ("1-25 of more than 25").
    if (Number.isNaN(result.total)) {
      const page = params.pagination?.page ?? 1;
      return { data: result.data, pageInfo: { hasPreviousPage: page > 1, hasNextPage: true } };
    }
    return result;
  },
};

/**
 * The resources whose endpoints are the spec's rather than the REST conventions, each slice kept
 * in its resource's folder (`src/resources/<r>/dataProvider.ts`). A resource not named here, or a
 * method its slice leaves out, is plain simple-rest.
 */
const parts = new Map<string, ResourcePart>(
  Object.entries({
    jobs: jobsPart,
    assignees: assigneesPart,
    tats: tatsPart,
    companies: companiesPart,
    users: usersPart,
    payouts: payoutsPart,
    agents: agentsPart,
    'webhook-deliveries': webhookDeliveriesPart,
  }),
);

const resourceDataProvider: DataProvider = {
  ...restProvider,
  getList: (resource, params) => {
    const own = parts.get(resource)?.getList;
    const rest = (p: typeof params) => restProvider.getList(resource, p);
    return own ? own(params, rest) : rest(params);
  },
  getOne: (resource, params) => {
    const own = parts.get(resource)?.getOne;
    const rest = (p: typeof params) => restProvider.getOne(resource, p);
    return own ? own(params, rest) : rest(params);
  },
  create: (resource, params) => {
    const own = parts.get(resource)?.create;
    const rest = (p: typeof params) => restProvider.create(resource, p);
    return own ? own(params, rest) : rest(params);
  },
  update: (resource, params) => {
    const own = parts.get(resource)?.update;
    const rest = (p: typeof params) => restProvider.update(resource, p);
    return own ? own(params, rest) : rest(params);
  },
  updateMany: (resource, params) => {
    const own = parts.get(resource)?.updateMany;
    const rest = (p: typeof params) => restProvider.updateMany(resource, p);
    return own ? own(params, rest) : rest(params);
  },
};

/**
 * The app's dataProvider, in layers: the REST base and the resources' slices above, then the
 * calls that are not CRUD (spread on top as custom methods: assignJobs, uploadJobs…), then the
 * token refresh that runs before every call.
 */
export const dataProvider = addRefreshAuthToDataProvider(
  {
    ...resourceDataProvider,
    ...jobsApi,
    ...messagesApi,
    ...agentsApi,
    ...agentApplicationsApi,
    ...usersApi,
    ...transactionsApi,
    ...payoutsApi,
    ...webhooksApi,
    ...sessionsApi,
    ...dataRequestsApi,
    ...exportsApi,
    ...twoFactorApi,
    ...tatsApi,
  },
  refreshAuth,
);

/** `useDataProvider<AppDataProvider>()` gives components the custom methods, typed. */
export type AppDataProvider = typeof dataProvider;
