import { apiToken, callApi, type RunningServer } from './harness';

/**
 * Every screen of the app by its path, for the browser tests that visit them all (the access
 * crawl, the phone-width and the accessibility checks): one list, so a new screen is added once.
 */

/** Ids of demo rows the detail screens need. */
export interface DemoIds {
  job: string;
  company: string;
  formerStaff: string;
  loansOfficer: string;
  agent: string;
  application: string;
  transaction: string;
  payout: string;
  admin: string;
  companyOwner: string;
}

export async function demoIds(server: RunningServer): Promise<DemoIds> {
  const first = async (token: string, url: string) => {
    const { status, body } = await callApi(server, token, 'GET', url);
    const rows = body as unknown as { id: string }[];
    if (status !== 200 || !rows[0]) throw new Error(`no row at ${url}: ${status}`);
    return rows[0].id;
  };
  const filter = (f: Record<string, unknown>) => encodeURIComponent(JSON.stringify(f));
  const meOf = async (token: string) =>
    ((await callApi(server, token, 'GET', '/auth/me')).body as { id: string }).id;

  const admin = await apiToken(server, 'admin@demo.ng', 'Admin1234!');
  const company = await apiToken(server, 'company@demo.ng', 'Company1234!');
  return {
    job: await first(company, '/jobs?range=[0,0]'),
    company: await first(admin, `/companies?filter=${filter({ q: 'Lagos Credit' })}`),
    formerStaff: await first(admin, `/users?filter=${filter({ q: 'former.staff' })}`),
    loansOfficer: await first(company, `/users?filter=${filter({ q: 'loans.officer' })}`),
    agent: await first(admin, '/agents?range=[0,0]'),
    application: await first(admin, '/agent-applications?range=[0,0]'),
    transaction: await first(company, '/transactions?range=[0,0]'),
    payout: await first(admin, '/payouts?range=[0,0]'),
    admin: await meOf(admin),
    companyOwner: await meOf(company),
  };
}

/** Every screen of an area, by the spec's paths; `self` is the signed-in user's own id. */
export const areaScreens = {
  admin: (ids: DemoIds, self: string) => [
    '/admin/dashboard',
    '/admin/jobs',
    `/admin/jobs/profile/${ids.job}`,
    `/admin/jobs/company/${ids.company}`,
    '/admin/jobs/create',
    '/admin/jobs/create-single',
    '/admin/jobs/assign',
    '/admin/settings',
    '/admin/settings/profile',
    '/admin/settings/set-amount',
    '/admin/profile',
    '/admin/users/users',
    '/admin/users/create',
    `/admin/users/profile/${self}`,
    `/admin/users/profile/${ids.admin}`,
    `/admin/users/profile/${ids.formerStaff}`,
    '/admin/users/companies',
    `/admin/users/companies/${ids.company}`,
    '/admin/users/agents',
    `/admin/users/agents/${ids.agent}`,
    '/admin/users/agents/application',
    `/admin/users/agents/application/${ids.application}`,
    '/admin/transactions',
    '/admin/transactions/user-transactions',
    `/admin/transactions/user-transactions/${ids.transaction}`,
    '/admin/transactions/agent-transactions',
    '/admin/transactions/agent-payout',
    `/admin/transactions/agent-payout/${ids.payout}`,
    '/admin/transactions/fund-wallet',
    '/admin/messages',
    '/admin/messages/create',
    '/admin/api-keys',
    '/admin/audit',
    '/admin/data-requests',
    '/admin/breaches',
    '/admin/breaches/create',
  ],
  company: (ids: DemoIds, self: string) => [
    '/company/dashboard',
    '/company/jobs',
    `/company/jobs/profile/${ids.job}`,
    '/company/create-single-job',
    '/company/create-jobs',
    '/company/assign-jobs',
    '/company/settings',
    '/company/settings/profile',
    '/company/settings/set-amount',
    '/company/profile',
    '/company/users/users',
    '/company/users/create',
    `/company/users/profile/${self}`,
    `/company/users/profile/${ids.companyOwner}`,
    `/company/users/profile/${ids.loansOfficer}`,
    '/company/transactions',
    '/company/transactions/history',
    '/company/transactions/invoice',
    `/company/transactions/${ids.transaction}`,
    '/company/messages',
    '/company/messages/create',
    '/company/api-keys',
    '/company/webhooks',
    '/company/webhooks/create',
    '/company/audit',
  ],
};

/** The pages a signed-out visitor sees (spec §2), and the agents' sign-up form. */
export const publicScreens = [
  '/signup',
  '/confirmemail',
  '/login',
  '/recoverpassword',
  '/setpassword',
  '/emailsuccessful',
  '/privacy-policy',
  '/become-an-agent',
];
