/** The texts of Settings → API keys (spread into ./en.ts). */
export const apiKeyResources = {
  'api-keys': {
    name: 'API key |||| API keys',
    fields: {
      name: 'Name',
      prefix: 'Key',
      company_name: 'Company',
      permission: 'Permissions',
      created_at: 'Created',
      last_used_at: 'Last used',
      status: 'Status',
    },
  },
};

export const apiKeyTexts = {
  title: 'API keys',
  settings_body: 'Keys with which your systems create and follow jobs through the API.',
  explanation:
    'Your systems call the job endpoints (create, bulk upload, list, details, cancel, files) with ' +
    '"Authorization: Bearer <key>". A key acts for the company with the permissions it carries.',
  create: 'Create API key',
  create_title: 'New API key',
  name_help: 'What it is for, e.g. the system that will use it',
  shown_once:
    'Copy this key now and keep it somewhere safe: it will not be shown again. Anyone who has it can act for the company.',
  key_label: 'API key "%{name}"',
  copy: 'Copy',
  copied: 'Key copied',
  copy_failed: 'Could not copy: select the key and copy it by hand',
  done: 'Done',
  never: 'Never',
  status: { active: 'Active', revoked: 'Revoked' },
  revoke: 'Revoke',
  revoke_title: 'Revoke the API key "%{name}"?',
  revoke_body:
    'Systems using it are refused from their next request. This cannot be undone: a new key would be needed.',
  revoked: 'API key revoked',
};
