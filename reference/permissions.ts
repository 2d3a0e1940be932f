/**
 * The permission table (spec §3, DESIGN §2): one list, read by the server's access hook and by the
 * web app's `canAccess`, so the browser hides exactly what the server refuses.
 *
 * - A route declares an access key (`config: { access: 'jobs.assign' }`); `accessRules` says which
 *   areas may call it, which permission label a sub-admin or sub-user needs, and whether only the
 *   heads of an area (the provider's admins, a company's owner) or super-admins may.
 * - Heads hold every label; sub-admins (provider staff) and sub-users (a company's staff, role
 *   'sub-admin' with a company) hold the labels stored on their account.
 * - The spec lists "Create Job, View Job History, View Job Stages" as one entry; it is three rights
 *   here, so that a sub-admin can see jobs without creating them.
 */

export const permissionLabels = [
  'View Dashboard',
  'Create Job',
  'View Job History',
  'View Job Stages',
  'Create Sub-User',
  'Edit Profile',
  'User management (view)',
  'View, Print & Download Report',
  'Delete or Disable Account',
  'View Transaction History, make Payment etc',
  'Loans (review, accept and reject loans)',
  'Loan Approval (Approve loans)',
  'Account Opening',
  'Insights',
  'Support',
] as const;

export type PermissionLabel = (typeof permissionLabels)[number];

export const isPermissionLabel = (s: unknown): s is PermissionLabel =>
  (permissionLabels as readonly unknown[]).includes(s);

/** What each label grants, in words (README shows this table). Null: no module uses it yet. */
export const permissionGrants: Record<PermissionLabel, string | null> = {
  'View Dashboard': 'the dashboard and its job counts',
  'Create Job':
    'creating jobs one by one or in bulk, assigning them (and capture links), cancelling them',
  'View Job History': 'the jobs lists, job profiles and their evidence',
  'View Job Stages': 'moving jobs through their stages: accept, decline, approve, reject',
  'Create Sub-User':
    'creating sub-admins (admin area) or sub-users (company area), and a company’s API keys',
  'Edit Profile': 'editing one’s own profile and password',
  'User management (view)': 'the lists and pages of users, companies, agents and applications',
  'View, Print & Download Report':
    'CSV exports of jobs, transactions, agents, agent applications and payouts',
  'Delete or Disable Account':
    'disabling and activating users, editing their permissions, approving or rejecting agents',
  'View Transaction History, make Payment etc':
    'wallet, transactions, earnings, payouts, invoices and receipts; in the admin area also funding wallets and paying out; a company’s owner also sets its bank details for payouts',
  'Loans (review, accept and reject loans)': null,
  'Loan Approval (Approve loans)': null,
  'Account Opening': null,
  Insights: null,
  Support: 'sending messages to all companies or all agents at once',
};

/** An account's role; a sub-admin works for the provider, or for a company when it has one. */
export const roles = ['admin', 'sub-admin', 'company', 'agent'] as const;
export type Role = (typeof roles)[number];

/** Where a user works: the provider's area, a company's, or (agents) the capture wizard. */
export const areas = ['admin', 'company', 'agent'] as const;
export type Area = (typeof areas)[number];

/** The areas of the web app, the ones routes are opened to. */
export const webAreas = ['admin', 'company'] as const satisfies readonly Area[];
export type WebArea = (typeof webAreas)[number];

export interface AccessRule {
  /** The signed-in areas that may call it at all. */
  areas: readonly WebArea[];
  /** The label a sub-admin or sub-user needs (any one of a list); null: everyone of those areas. */
  permission: PermissionLabel | readonly PermissionLabel[] | null;
  /** 'heads': admins, company owners and super-admins (never other staff); 'super-admin': DESIGN §2. */
  only?: 'heads' | 'super-admin';
}

const both = webAreas;
const adminArea = ['admin'] as const;
const companyArea = ['company'] as const;

export const accessRules = {
  'dashboard.view': { areas: both, permission: 'View Dashboard' },
  'jobs.list': { areas: both, permission: 'View Job History' },
  'jobs.export': { areas: both, permission: 'View, Print & Download Report' },
  'jobs.create': { areas: both, permission: 'Create Job' },
  'jobs.assign': { areas: both, permission: 'Create Job' },
  'jobs.assign_to_agent': { areas: adminArea, permission: 'Create Job', only: 'super-admin' },
  'jobs.choose_owner': { areas: adminArea, permission: 'Create Job' },
  'jobs.cancel': { areas: both, permission: 'Create Job' },
  'jobs.stages': { areas: both, permission: 'View Job Stages' },
  // Running the machine checks of a submission again: the provider's reviewers.
  'jobs.checks': { areas: adminArea, permission: 'View Job Stages' },
  'tat.read': { areas: both, permission: null },
  'tat.write': { areas: adminArea, permission: null, only: 'heads' },
  'tat.agent_price': { areas: adminArea, permission: null, only: 'super-admin' },
  'money.view': { areas: both, permission: 'View Transaction History, make Payment etc' },
  'money.manage': { areas: adminArea, permission: 'View Transaction History, make Payment etc' },
  // Where a partner's earnings are paid: its owner's decision, never a sub-user's.
  'money.bank_details': {
    areas: companyArea,
    permission: 'View Transaction History, make Payment etc',
    only: 'heads',
  },
  'profile.edit': { areas: both, permission: 'Edit Profile' },
  'messages.broadcast': { areas: adminArea, permission: 'Support' },
  'companies.view': { areas: adminArea, permission: 'User management (view)' },
  // The company list also feeds job creation's owner picker (companies.view or
  // jobs.choose_owner); it shows owners' contacts only with companies.view.
  'companies.list': { areas: adminArea, permission: ['User management (view)', 'Create Job'] },
  'companies.partner': { areas: adminArea, permission: null, only: 'heads' },
  'companies.suspend': { areas: adminArea, permission: null, only: 'heads' },
  'agents.view': { areas: adminArea, permission: 'User management (view)' },
  'agents.decide': { areas: adminArea, permission: 'Delete or Disable Account' },
  'users.create': { areas: both, permission: 'Create Sub-User' },
  'users.list': { areas: both, permission: 'User management (view)' },
  'users.manage': { areas: both, permission: 'Delete or Disable Account' },
  // A key is a company identity holding some of its creator's labels, like a sub-user; the
  // provider's staff manage every company's keys.
  'api_keys.manage': { areas: both, permission: 'Create Sub-User' },
  // Webhooks send the company's jobs to a server it names, signed with its secret: its owner's
  // decision alone. The provider's admins see every company's endpoints (not their secrets).
  'webhooks.list': { areas: both, permission: null, only: 'heads' },
  'webhooks.manage': { areas: companyArea, permission: null, only: 'heads' },
  // The register of personal-data breaches (NDPA 2023): the provider's heads keep it; companies
  // never see it.
  'breaches.manage': { areas: adminArea, permission: null, only: 'heads' },
  // Whether two-factor sign-in is required: of the whole admin area (a super-admin's decision),
  // of a company's users (its owner's).
  'two_factor.admin_policy': { areas: adminArea, permission: null, only: 'super-admin' },
  'two_factor.company_policy': { areas: companyArea, permission: null, only: 'heads' },
  // Who did what: the provider's heads read every entry, a company's owner its company's.
  'audit.view': { areas: both, permission: null, only: 'heads' },
  'data_requests.manage': { areas: adminArea, permission: null, only: 'heads' },
} as const satisfies Record<string, AccessRule>;

export type AccessKey = keyof typeof accessRules;

/**
 * The labels that count on the routes an API key opens (the job endpoints: create, upload, list
 * with its CSV export, detail, cancel, files): a new key carries those its creator holds unless
 * told otherwise.
 */
export const apiKeyLabels = [
  'Create Job',
  'View Job History',
  'View, Print & Download Report',
] as const satisfies readonly PermissionLabel[];

/**
 * What a route declares: 'public' (no sign-in: auth, capture by token, applications),
 * 'signed-in' (any active account: its own profile and inbox), or a rule of the table.
 */
export type Access = 'public' | 'signed-in' | AccessKey;

export const isAccessKey = (s: string): s is AccessKey => Object.hasOwn(accessRules, s);

/** The parts of an account the rules read; the server builds it, the web reads it off `/auth/me`. */
export interface Holder {
  area: Area;
  role: string;
  permissions: readonly string[];
  isSuperAdmin: boolean;
}

/** Heads of an area (the provider's admins, a company's owner) hold every label. */
export const isHead = (h: Pick<Holder, 'role'>) => h.role === 'admin' || h.role === 'company';

export const holds = (h: Pick<Holder, 'role' | 'permissions'>, label: PermissionLabel) =>
  isHead(h) || h.permissions.includes(label);

/** The labels this account holds: all of them for heads. */
export const heldLabels = (h: Pick<Holder, 'role' | 'permissions'>): PermissionLabel[] =>
  permissionLabels.filter((l) => holds(h, l));

/** What a new API key of this account carries unless told: its labels of the job endpoints. */
export const defaultKeyLabels = (h: Pick<Holder, 'role' | 'permissions'>): PermissionLabel[] =>
  heldLabels(h).filter((l) => (apiKeyLabels as readonly PermissionLabel[]).includes(l));

/**
 * Whether `actor` may change `target` (status, details, permissions): never itself, and staff
 * who are not heads only people who hold nothing they lack, so that a sub-admin cannot disable
 * or rewrite an admin, or anyone with more rights than their own. The server refuses the rest
 * with a 403; the web does not offer it.
 */
export function mayManage(
  actor: Pick<Holder, 'role' | 'permissions'> & { id: string },
  target: Pick<Holder, 'role' | 'permissions'> & { id: string },
): boolean {
  if (actor.id === target.id) return false;
  if (isHead(actor)) return true;
  const held = heldLabels(actor);
  return !isHead(target) && heldLabels(target).every((l) => held.includes(l));
}

/** Whether the account may do what `key` guards. The one rule book of server and web. */
export function allows(h: Holder, key: AccessKey): boolean {
  const rule: AccessRule = accessRules[key];
  if (h.area === 'agent' || !rule.areas.includes(h.area)) return false;
  if (rule.only === 'heads' && !isHead(h) && !h.isSuperAdmin) return false;
  if (rule.only === 'super-admin' && !h.isSuperAdmin) return false;
  if (rule.permission === null) return true;
  return ([] as PermissionLabel[]).concat(rule.permission).some((l) => holds(h, l));
}

/**
 * The web app's resources and custom actions, each mapped to the key that guards its endpoint
 * (or to every key its endpoint checks, all needed): react-admin asks
 * `canAccess({resource, action})` and gets the server's answer in advance. A pair missing here
 * is refused.
 */
export const screenAccess: Record<string, Record<string, Access | readonly AccessKey[]>> = {
  dashboard: { list: 'dashboard.view' },
  jobs: {
    list: 'jobs.list',
    show: 'jobs.list',
    export: 'jobs.export',
    create: 'jobs.create',
    bulk_create: 'jobs.create',
    assign: 'jobs.assign',
    assign_to_agent: 'jobs.assign_to_agent',
    choose_owner: 'jobs.choose_owner',
    run_checks: 'jobs.checks',
  },
  tats: {
    list: 'tat.read',
    create: 'tat.write',
    edit: 'tat.write',
    set_agent_price: 'tat.agent_price',
  },
  settings: {
    list: 'signed-in',
    edit: 'profile.edit',
    bank_details: 'money.bank_details',
    two_factor: 'signed-in',
    two_factor_admin_policy: 'two_factor.admin_policy',
    two_factor_company_policy: 'two_factor.company_policy',
  },
  messages: {
    list: 'signed-in',
    show: 'signed-in',
    create: 'signed-in',
    broadcast: 'messages.broadcast',
  },
  'message-recipients': { list: 'signed-in' },
  companies: {
    list: 'companies.view',
    show: 'companies.view',
    edit: 'companies.partner',
    suspend: 'companies.suspend',
    pick_owner: 'jobs.choose_owner',
  },
  'agent-applications': {
    list: 'agents.view',
    show: 'agents.view',
    decide: 'agents.decide',
    export: 'jobs.export',
  },
  agents: {
    list: 'agents.view',
    show: 'agents.view',
    edit: 'agents.decide',
    export: 'jobs.export',
  },
  users: {
    list: 'users.list',
    show: 'users.list',
    create: 'users.create',
    edit: 'users.manage',
    disable: 'users.manage',
  },
  webhooks: {
    list: 'webhooks.manage',
    show: 'webhooks.manage',
    create: 'webhooks.manage',
    delete: 'webhooks.manage',
  },
  'webhook-deliveries': { list: 'webhooks.manage' },
  'data-requests': {
    list: 'data_requests.manage',
    export: 'data_requests.manage',
    erase: 'data_requests.manage',
  },
  transactions: {
    list: 'money.view',
    show: 'money.view',
    // The CSV of transactions: GET /transactions checks money.view, then jobs.export for CSV.
    export: ['money.view', 'jobs.export'],
    invoice: 'money.view',
  },
  payouts: {
    list: 'money.view',
    show: 'money.view',
    create: 'money.manage',
    edit: 'money.manage',
    export: 'jobs.export',
  },
  wallet: { show: 'money.view', fund: 'money.manage' },
  'api-keys': { list: 'api_keys.manage', create: 'api_keys.manage', delete: 'api_keys.manage' },
  breaches: {
    list: 'breaches.manage',
    show: 'breaches.manage',
    create: 'breaches.manage',
    edit: 'breaches.manage',
  },
  // The CSV of the log: GET /audit checks audit.view, then jobs.export for CSV.
  audit: { list: 'audit.view', export: ['audit.view', 'jobs.export'] },
};
